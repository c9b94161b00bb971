export * from './environment';
export * from './balancer';
export * from './service-process';
export * from './distributed-system';
export * from './testing';
export * from './secrets';
