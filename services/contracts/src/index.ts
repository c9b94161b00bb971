export * from './events';
export * from './api/plans';
export * from './api/categories';
export * from './api/identity-api';
export * from './api/errors';
export * from './api/voice-api';
export * from './api/library-api';
export * from './api/creator-referral-api';
