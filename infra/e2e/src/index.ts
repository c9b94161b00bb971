export * from './harness';
export * from './accessibility';
export * from './listeners';
