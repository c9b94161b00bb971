export * from './harness';
export * from './fake-microphone';
export * from './accessibility';
export * from './listeners';
