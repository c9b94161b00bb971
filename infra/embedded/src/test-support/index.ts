// What tests across the repository share: recorded-like voice samples, synthetic audio, music
// tracks added as an admin would, a chunked upload, and a local server that answers like
// Stripe. Tests import these from `@innerecho/embedded`, never from another package's `test/` folder.
export * from './voice-samples';
export * from './audio-fixtures';
export * from './music-tracks';
export * from './fake-stripe-server';
export * from './commissions';
export * from './chunked-upload';
export * from './private-nats';
export * from './mailbox';
