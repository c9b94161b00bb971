export * from './harness';
export * from './fake-microphone';
