export * from './harness';
