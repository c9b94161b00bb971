import { z } from 'zod';

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

/** PATCH /api/saved-affirmations/{sessionId}/{id}: the playback speed the listener chose for it. */
export const ZSavedAffirmationSpeedUpdate = z.object({
  voiceSpeed: z
    .number({ error: PLAYBACK_SPEED_MESSAGE })
    .min(PLAYBACK_SPEED_MIN, PLAYBACK_SPEED_MESSAGE)
    .max(PLAYBACK_SPEED_MAX, PLAYBACK_SPEED_MESSAGE)
    .refine((v) => Math.abs(v / PLAYBACK_SPEED_STEP - Math.round(v / PLAYBACK_SPEED_STEP)) < 1e-6, PLAYBACK_SPEED_MESSAGE)
    .transform((v) => Number(v.toFixed(2))),
});
export type SavedAffirmationSpeedUpdate = z.infer<typeof ZSavedAffirmationSpeedUpdate>;

/** GET /api/generate-audio/allowance: today's share of the daily hour of generated audio. */
export interface DailyAllowanceView {
  /** The whole daily allowance (3600). */
  dailySeconds: number;
  /** Generated today, plus seconds held by renders still running. */
  secondsUsed: number;
  secondsLeft: number;
  /** When the allowance starts again: the next midnight UTC, as an ISO time. */
  renewsAt: string;
}
