import { z } from 'zod';
import { ZSessionId } from './identity-api';
import { textField } from './text';

/** Playback speed of generated audio: 0.5x to 2x in steps of 0.05, 1x by default. */
export const PLAYBACK_SPEED_MIN = 0.5;
export const PLAYBACK_SPEED_MAX = 2;
export const PLAYBACK_SPEED_STEP = 0.05;
export const PLAYBACK_SPEED_DEFAULT = 1;

export const PLAYBACK_SPEED_MESSAGE = 'Playback speed must be between 0.5 and 2, in steps of 0.05';

/** Rounds to the 0.05 grid within the bounds, so repeated steps never drift (0.1 + 0.2 ...). */
export const clampPlaybackSpeed = (speed: number) =>
  Number(
    Math.min(PLAYBACK_SPEED_MAX, Math.max(PLAYBACK_SPEED_MIN, Math.round(speed / PLAYBACK_SPEED_STEP) * PLAYBACK_SPEED_STEP)).toFixed(2),
  );

/** An affirmation session's name: what the listener calls it ("Morning", "Before sleep"). */
export const AFFIRMATION_SESSION_NAME_MAX = 80;
export const AFFIRMATION_SESSION_NAME_MESSAGE = 'Give the session a name';
export const affirmationSessionNameField = () =>
  textField({
    max: AFFIRMATION_SESSION_NAME_MAX,
    required: AFFIRMATION_SESSION_NAME_MESSAGE,
    tooLong: `Please keep the name to ${AFFIRMATION_SESSION_NAME_MAX} characters or less`,
  });

/**
 * PATCH /api/saved-affirmations/{sessionId}/{id}: the playback speed the listener chose for it,
 * and for an affirmation session its new name; at least one of the two.
 */
export const ZSavedAffirmationUpdate = z
  .object({
    voiceSpeed: z
      .number({ error: PLAYBACK_SPEED_MESSAGE })
      .min(PLAYBACK_SPEED_MIN, PLAYBACK_SPEED_MESSAGE)
      .max(PLAYBACK_SPEED_MAX, PLAYBACK_SPEED_MESSAGE)
      .refine((v) => Math.abs(v / PLAYBACK_SPEED_STEP - Math.round(v / PLAYBACK_SPEED_STEP)) < 1e-6, PLAYBACK_SPEED_MESSAGE)
      .transform((v) => Number(v.toFixed(2)))
      .optional(),
    name: affirmationSessionNameField().optional(),
  })
  .refine((v) => v.voiceSpeed !== undefined || v.name !== undefined, 'Say what to change: voiceSpeed or name');
export type SavedAffirmationUpdate = z.infer<typeof ZSavedAffirmationUpdate>;

/** GET /api/generate-audio/allowance: today's share of the daily hour of generated audio. */
export const ZDailyAllowanceView = z.object({
  /** The whole daily allowance (3600). */
  dailySeconds: z.number(),
  /** Generated today, plus seconds held by renders still running. */
  secondsUsed: z.number(),
  secondsLeft: z.number(),
  /** When the allowance starts again: the next midnight UTC, as an ISO time. */
  renewsAt: z.string(),
});
export type DailyAllowanceView = z.infer<typeof ZDailyAllowanceView>;

/**
 * GET /api/generate-audio/queue: the caller's renders in the render queue. When the cores are
 * busy a render waits its turn; `place` is where the caller's next waiting render stands
 * (1 = next to start), null when none of theirs waits.
 */
export const ZRenderQueueView = z.object({
  running: z.number(),
  waiting: z.number(),
  place: z.number().nullable(),
});
export type RenderQueueView = z.infer<typeof ZRenderQueueView>;

/** A generated affirmation lasts one to sixty minutes, in whole minutes; the form starts at three. */
export const MIN_DURATION_SECONDS = 60;
export const MAX_DURATION_SECONDS = 3600;
export const DURATION_STEP_SECONDS = 60;
export const DEFAULT_DURATION_SECONDS = 180;

export const GENERATION_MESSAGES = {
  durationRange: `Audio duration must be between ${MIN_DURATION_SECONDS} and ${MAX_DURATION_SECONDS} seconds`,
  durationStep: 'Audio duration must be a whole number of minutes (a multiple of 60 seconds)',
  speedRange: `Voice speed must be between ${PLAYBACK_SPEED_MIN} and ${PLAYBACK_SPEED_MAX}`,
  oneSource: 'Choose a library affirmation or one of your custom affirmations',
} as const;

/**
 * Voice and music balance: how far the music sits below the voice (RMS, in dB), from "voice
 * forward" (22) to "music forward" (10) in steps of 3. 16 is the default mix.
 */
export const MUSIC_BALANCE_STEPS = [22, 19, 16, 13, 10] as const;
export const MUSIC_BALANCE_DEFAULT_DB = 16;
export const MUSIC_BALANCE_LABELS: Record<number, string> = {
  22: 'Voice forward',
  19: 'Voice a little forward',
  16: 'Even',
  13: 'Music a little forward',
  10: 'Music forward',
};
export const MUSIC_BALANCE_MESSAGE = 'Choose a voice and music balance from the control';

/** The browser sends numbers as text ('1.0', '180'); accept either, reject anything that is not a number. */
const numberFromText = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, message)
        .transform(Number),
    ],
    { error: message },
  );

/** The voice speed a render is asked at (kept with the saved affirmation as its playback speed); 1 when absent. */
const voiceSpeedField = () =>
  numberFromText(GENERATION_MESSAGES.speedRange)
    .pipe(z.number().min(PLAYBACK_SPEED_MIN, GENERATION_MESSAGES.speedRange).max(PLAYBACK_SPEED_MAX, GENERATION_MESSAGES.speedRange))
    .optional()
    .default(1);

/** The background track: absent, empty or 'none' for the voice alone. */
const backgroundMusicField = () =>
  z
    .string()
    .optional()
    .transform((v) => (v && v !== 'none' ? v : undefined))
    .pipe(z.string().uuid('Background music not found').optional());

/** The voice and music balance, one of the control's steps; the default mix when absent. */
const musicBalanceField = () =>
  numberFromText(MUSIC_BALANCE_MESSAGE)
    .pipe(z.number().refine((v) => (MUSIC_BALANCE_STEPS as readonly number[]).includes(v), MUSIC_BALANCE_MESSAGE))
    .optional()
    .default(MUSIC_BALANCE_DEFAULT_DB);

/**
 * POST /api/generate-audio: the text (a library transcript or one of the caller's custom
 * affirmations, exactly one), how long, how fast, and the background music ('none' or absent
 * for the voice alone). Answers 201 with the MP3 itself; `x-saved-affirmation-id` names the
 * saved affirmation it became.
 */
export const ZGenerateAudioRequest = z
  .object({
    sessionId: ZSessionId,
    voiceSpeed: voiceSpeedField(),
    audioDuration: numberFromText(GENERATION_MESSAGES.durationRange).pipe(
      z
        .number()
        .min(MIN_DURATION_SECONDS, GENERATION_MESSAGES.durationRange)
        .max(MAX_DURATION_SECONDS, GENERATION_MESSAGES.durationRange)
        .refine((v) => Number.isInteger(v) && v % DURATION_STEP_SECONDS === 0, GENERATION_MESSAGES.durationStep),
    ),
    transcriptId: z.string().uuid('Transcript not found').optional(),
    customAffirmationId: z.string().uuid('Custom affirmation not found').optional(),
    backgroundMusicId: backgroundMusicField(),
    musicBelowVoiceDb: musicBalanceField(),
  })
  .refine((v) => !!v.transcriptId !== !!v.customAffirmationId, { message: GENERATION_MESSAGES.oneSource });
export type GenerateAudioRequest = z.infer<typeof ZGenerateAudioRequest>;

/** How long the balance preview is, in seconds. */
export const MIX_PREVIEW_SECONDS = 8;

/**
 * POST /api/generate-audio/preview: the first seconds of the mix at a balance, rendered by the
 * same code as the full render, with music (required). Uses none of the daily allowance and
 * saves nothing. Answers 200 with the MP3.
 */
export const ZMixPreviewRequest = z
  .object({
    sessionId: ZSessionId,
    transcriptId: z.string().uuid('Transcript not found').optional(),
    customAffirmationId: z.string().uuid('Custom affirmation not found').optional(),
    backgroundMusicId: z.string({ error: 'Choose background music to preview the balance' }).uuid('Background music not found'),
    musicBelowVoiceDb: musicBalanceField(),
  })
  .refine((v) => !!v.transcriptId !== !!v.customAffirmationId, { message: GENERATION_MESSAGES.oneSource });
export type MixPreviewRequest = z.infer<typeof ZMixPreviewRequest>;

/** One affirmation of a saved session, in order, and whose speech it was spoken with. */
export const ZAffirmationSessionPartView = z.object({
  title: z.string(),
  transcriptId: z.string().nullable(),
  customAffirmationId: z.string().nullable(),
  spokenWith: z.enum(['own-recording', 'cloned-voice']),
});
export type AffirmationSessionPartView = z.infer<typeof ZAffirmationSessionPartView>;

/** GET /api/saved-affirmations/{sessionId}: one saved affirmation, newest first, with the path to play its MP3. */
export const ZSavedAffirmationView = z.object({
  id: z.string(),
  createdAt: z.string(),
  voiceSpeed: z.number(),
  audioDuration: z.number(),
  audioFilePath: z.string(),
  sizeBytes: z.number(),
  backgroundMusic: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  transcript: z.object({ id: z.string(), title: z.string().nullable(), category: z.string().nullable() }).nullable(),
  customAffirmation: z.object({ id: z.string(), title: z.string().nullable(), category: z.string().nullable() }).nullable(),
  /** Whose speech it is: 'own' (the listener's own recording) or 'cloned' (their cloned voice). */
  voice: z.enum(['own', 'cloned']),
  /** With music: how far it sits below the voice, in dB (one of MUSIC_BALANCE_STEPS); null without music. */
  musicBelowVoiceDb: z.number().nullable(),
  /** An affirmation session's name (given when it was made, or its default); null for a single affirmation. */
  name: z.string().nullable().optional(),
  /** An affirmation session: its affirmations in order and whose speech each was spoken with; null for a single affirmation. */
  sessionParts: z.array(ZAffirmationSessionPartView).nullable().optional(),
  /** The creator collection an affirmation session was made from, if any. */
  collectionId: z.string().uuid().nullable().optional(),
});
export type SavedAffirmationView = z.infer<typeof ZSavedAffirmationView>;

export type SpeechVoiceSource = 'own' | 'cloned';

/**
 * GET /api/saved-affirmations/{sessionId}/streak and POST …/{id}/plays: days in a row with a
 * play, in the listener's time zone; `today` is that zone's date (YYYY-MM-DD).
 */
export const ZListeningStreakView = z
  .object({ days: z.number(), listenedToday: z.boolean(), today: z.string() })
  .describe('The listening streak');
export type ListeningStreakView = z.infer<typeof ZListeningStreakView>;

/**
 * PUT /api/own-recordings/{sessionId}/{affirmationId}: the listener's own reading of an
 * affirmation (a transcript id, or custom-{id}), uploaded first to the voice sample upload URL.
 */
export const ZOwnRecordingRequest = z.object({
  uploadURL: textField({ max: 2000, required: 'No audio to upload' }),
});

/** GET|PUT /api/own-recordings/{sessionId}/{affirmationId} */
export const ZOwnRecordingView = z.object({
  affirmationId: z.string(),
  seconds: z.number(),
  audioFilePath: z.string(),
  updatedAt: z.string(),
});
export type OwnRecordingView = z.infer<typeof ZOwnRecordingView>;

/**
 * An affirmation session: 2 to 10 affirmations (library transcripts and the caller's own
 * custom affirmations, in any mix) spoken in order, the order repeated, in one MP3 saved like
 * any other saved affirmation. Called an "affirmation session" in code because "session"
 * already names the browser's sign-in session; listeners see "Session".
 */
export const AFFIRMATION_SESSION_MIN_PARTS = 2;
export const AFFIRMATION_SESSION_MAX_PARTS = 10;
export const AFFIRMATION_SESSION_MAX_PAUSE_SECONDS = 30;
export const AFFIRMATION_SESSION_DEFAULT_PAUSE_SECONDS = 2;
/**
 * Repetitions per affirmation are bounded so that the session stays within an hour even if
 * every affirmation took a single second to say: `repetitions x parts x (pause + 1) <= 3600`.
 * The real length, known once the speech is, is checked again before anything is rendered.
 */
export const AFFIRMATION_SESSION_SHORTEST_SPEECH_SECONDS = 1;
export const AFFIRMATION_SESSION_MAX_REPETITIONS = 100;

export const AFFIRMATION_SESSION_MESSAGES = {
  partCount: `A session holds ${AFFIRMATION_SESSION_MIN_PARTS} to ${AFFIRMATION_SESSION_MAX_PARTS} affirmations`,
  part: 'Each affirmation in a session is a library affirmation or one of your custom affirmations',
  minutes: 'Session length must be a whole number of minutes from 1 to 60',
  repetitions: 'Repetitions per affirmation must be a whole number from 1',
  oneLength: 'Choose either a total length in minutes or repetitions per affirmation',
  pause: `Pause between affirmations must be between 0 and ${AFFIRMATION_SESSION_MAX_PAUSE_SECONDS} seconds`,
  tooLong: 'This session would be longer than 60 minutes. Choose fewer repetitions or a shorter pause.',
} as const;

const ZAffirmationSessionPart = z.union(
  [
    z.object({ transcriptId: z.string().uuid('Transcript not found') }).strict(),
    z.object({ customAffirmationId: z.string().uuid('Custom affirmation not found') }).strict(),
  ],
  { error: AFFIRMATION_SESSION_MESSAGES.part },
);
export type AffirmationSessionPart = z.infer<typeof ZAffirmationSessionPart>;

/** Exactly one of the two: a total length in whole minutes, or how often each affirmation is said. */
const ZAffirmationSessionLength = z
  .object(
    {
      totalMinutes: z
        .number({ error: AFFIRMATION_SESSION_MESSAGES.minutes })
        .int(AFFIRMATION_SESSION_MESSAGES.minutes)
        .min(MIN_DURATION_SECONDS / 60, AFFIRMATION_SESSION_MESSAGES.minutes)
        .max(MAX_DURATION_SECONDS / 60, AFFIRMATION_SESSION_MESSAGES.minutes)
        .optional(),
      repetitionsPerAffirmation: z
        .number({ error: AFFIRMATION_SESSION_MESSAGES.repetitions })
        .int(AFFIRMATION_SESSION_MESSAGES.repetitions)
        .min(1, AFFIRMATION_SESSION_MESSAGES.repetitions)
        .max(AFFIRMATION_SESSION_MAX_REPETITIONS, AFFIRMATION_SESSION_MESSAGES.tooLong)
        .optional(),
    },
    { error: AFFIRMATION_SESSION_MESSAGES.oneLength },
  )
  .strict()
  .refine((v) => (v.totalMinutes === undefined) !== (v.repetitionsPerAffirmation === undefined), AFFIRMATION_SESSION_MESSAGES.oneLength);
export type AffirmationSessionLength = z.infer<typeof ZAffirmationSessionLength>;

/**
 * POST /api/generate-audio/session: renders the affirmations in order, the order repeated for
 * `totalMinutes` or `repetitionsPerAffirmation` times, with `pauseSeconds` between them (made a
 * little longer, never shorter, so the voice and the music loop together), and saves one MP3.
 * `collectionId` names the creator collection it was made from; it is recorded and counted,
 * never trusted for anything else. Answers like POST /api/generate-audio.
 */
export const ZAffirmationSessionRequest = z
  .object({
    sessionId: ZSessionId,
    affirmations: z
      .array(ZAffirmationSessionPart, { error: AFFIRMATION_SESSION_MESSAGES.partCount })
      .min(AFFIRMATION_SESSION_MIN_PARTS, AFFIRMATION_SESSION_MESSAGES.partCount)
      .max(AFFIRMATION_SESSION_MAX_PARTS, AFFIRMATION_SESSION_MESSAGES.partCount),
    length: ZAffirmationSessionLength,
    pauseSeconds: numberFromText(AFFIRMATION_SESSION_MESSAGES.pause)
      .pipe(
        z
          .number()
          .min(0, AFFIRMATION_SESSION_MESSAGES.pause)
          .max(AFFIRMATION_SESSION_MAX_PAUSE_SECONDS, AFFIRMATION_SESSION_MESSAGES.pause),
      )
      .optional()
      .default(AFFIRMATION_SESSION_DEFAULT_PAUSE_SECONDS),
    voiceSpeed: voiceSpeedField(),
    backgroundMusicId: backgroundMusicField(),
    musicBelowVoiceDb: musicBalanceField(),
    collectionId: z.string().uuid('Collection not found').optional(),
    /** What the listener calls it; without one, "Session of N affirmations". */
    name: affirmationSessionNameField().optional(),
  })
  .refine(
    (v) =>
      v.length.repetitionsPerAffirmation === undefined ||
      v.length.repetitionsPerAffirmation * v.affirmations.length * (v.pauseSeconds + AFFIRMATION_SESSION_SHORTEST_SPEECH_SECONDS) <=
        MAX_DURATION_SECONDS,
    { message: AFFIRMATION_SESSION_MESSAGES.tooLong, path: ['length'] },
  );
export type AffirmationSessionRequest = z.infer<typeof ZAffirmationSessionRequest>;
