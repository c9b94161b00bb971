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

/** The engines a voice can be made with: ElevenLabs (a true clone) or the local voice-matched engine. */
export const VOICE_ENGINES = ['local', 'elevenlabs'] as const;
export type VoiceEngineName = (typeof VOICE_ENGINES)[number];

/** POST /api/voice-profile/upload (and the library's simple music upload): where to PUT the file, once. */
export const ZUploadUrlAnswer = z.object({
  uploadURL: z.string(),
});
export type UploadUrlAnswer = z.infer<typeof ZUploadUrlAnswer>;

/** POST /api/voice-profile/clone */
export const ZCloneVoiceAnswer = z.object({
  isCloned: z.literal(true),
  engine: z.enum(VOICE_ENGINES),
});
export type CloneVoiceAnswer = z.infer<typeof ZCloneVoiceAnswer>;

/** GET /api/voice-profile/{sessionId} */
export const ZVoiceProfileView = z.object({
  isCloned: z.boolean(),
  /** The engine that made the clone; null without one. */
  engine: z.enum(VOICE_ENGINES).nullable(),
  updatedAt: z.string().nullable(),
  /** The engine a new clone would use, so the page can say which it is. */
  cloneEngine: z.enum(VOICE_ENGINES),
});
export type VoiceProfileView = z.infer<typeof ZVoiceProfileView>;

/**
 * GET /api/voice-engine (open to visitors): the engine a new voice would be made with, so the
 * home and pricing pages can say what the voice will sound like before anyone pays.
 */
export const ZVoiceEngineView = z.object({
  cloneEngine: z.enum(VOICE_ENGINES),
});
export type VoiceEngineView = z.infer<typeof ZVoiceEngineView>;

/** DELETE /api/voice-profile/{sessionId}: false when there was nothing to delete. */
export const ZDeleteVoiceAnswer = z.object({
  deleted: z.boolean(),
});
export type DeleteVoiceAnswer = z.infer<typeof ZDeleteVoiceAnswer>;

/** The voice service speaks at most this many characters per call. */
export const SPEECH_TEXT_MAX = 2000;

/**
 * POST /internal/speech (generation to voice, with the user's token): the text in the
 * caller's cloned voice, answered as 16-bit mono WAV at 44.1 kHz.
 */
export const ZSpeechRequest = z.object({
  text: z
    .string({ error: 'Text is required' })
    .refine((t) => t.trim().length > 0, 'Text is required')
    .refine((t) => t.length <= SPEECH_TEXT_MAX, `Text must be at most ${SPEECH_TEXT_MAX} characters`),
});

/**
 * POST /internal/readings (generation to voice, with the user's token): a recording the
 * listener made of an affirmation, uploaded like a voice sample, checked like one (with the
 * least speech its text needs) and answered trimmed and level-normalised as 16-bit mono WAV
 * at 44.1 kHz (header `x-reading-seconds`). The upload is removed once read.
 */
export const ZReadingCheckRequest = z.object({
  uploadURL: textField({ max: 2000, required: 'No audio to upload' }),
  minSpeechSeconds: z.number().min(0.5).max(VOICE_SAMPLE_MAX_SECONDS),
  /** The longest recording the text can need; longer ones are refused (READING_TOO_LONG) before decoding. */
  maxSeconds: z.number().min(1).max(VOICE_SAMPLE_MAX_SECONDS).default(VOICE_SAMPLE_MAX_SECONDS),
});
export type ReadingCheckRequest = z.infer<typeof ZReadingCheckRequest>;
