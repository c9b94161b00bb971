/**
 * How long the listener is asked to read: enough speech for the server's check (20 s after
 * trimming silence) with room for pauses. The home page's "How It Works" promises the same.
 */
export const SUGGESTED_RECORDING_SECONDS = 30;
export const RECORDING_TIME_TEXT = 'about 30 seconds';
