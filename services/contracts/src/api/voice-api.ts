import { z } from 'zod';
import { ZSessionId } from './identity-api';
import { textField } from './text';

/** The consent a user gives before a clone; the version is stored with the profile. */
export const VOICE_CONSENT_VERSION = 'voice-consent-2026-11-v1';
export const VOICE_CONSENT_TEXT =
  'I confirm that this recording is my own voice, and I agree to it being cloned to speak my own affirmations in this app.';

/** The five sentences the user reads on /record-voice. */
export const VOICE_SAMPLE_SENTENCES = [
  'I am calm, I am grounded, and I welcome this moment exactly as it is.',
  'Every breath I take fills my body with warmth, light and gentle strength.',
  'I trust myself to grow a little more each day, with patience and kindness.',
  'Good things flow to me easily, and I am grateful for all that I have.',
  'My voice is steady and clear, and the words I speak to myself are true.',
];

/** Sample limits, checked on the server before any clone. */
export const VOICE_SAMPLE_MIN_SPEECH_SECONDS = 20;
export const VOICE_SAMPLE_MAX_SECONDS = 300;
export const VOICE_SAMPLE_MAX_BYTES = 25 * 1024 * 1024;

export const VOICE_CONSENT_REQUIRED_MESSAGE = 'Please confirm that this is your own voice and that you agree to it being cloned';

/** POST /api/voice-profile/clone. Consent is checked by the use case, so its refusal has its own code. */
export const ZCloneVoiceRequest = z.object({
  sessionId: ZSessionId,
  uploadURL: textField({ max: 2000, required: 'No audio to upload' }),
  consent: z
    .object({ accepted: z.boolean(), textVersion: textField({ max: 100 }) })
    .partial()
    .optional(),
});
