export * from './system';
export * from './free-port';
export * from './testing';
export * from './test-client';
export * from './build-frontends-if-stale';
export * from './journeys';
export * from './metrics-text';
export * from './test-support';
