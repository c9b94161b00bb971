export * from './harness';
export * from './browser';
export * from './fake-microphone';
export * from './accessibility';
export * from './listeners';
export * from './waits';
export * from './mail';
export * from './browser-client';
