export * from './define-event';
export * from './identity-events';
export * from './billing-events';
export * from './creator-events';
export * from './voice-events';
export * from './generation-events';
export * from './library-events';
