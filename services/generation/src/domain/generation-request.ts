import { z } from 'zod';
import { ZSessionId } from '@innerecho/contracts';

export const MIN_DURATION_SECONDS = 60;
export const MAX_DURATION_SECONDS = 3600;
export const DURATION_STEP_SECONDS = 60;

export const GENERATION_MESSAGES = {
  durationRange: 'Audio duration must be between 60 and 3600 seconds',
  durationStep: 'Audio duration must be a whole number of minutes (a multiple of 60 seconds)',
  speedRange: 'Voice speed must be between 0.5 and 2',
  oneSource: 'Choose a library affirmation or one of your custom affirmations',
} as const;

/** The spec sends numbers as text ('1.0', '180'); accept either, reject anything that is not a number. */
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

/** POST /api/generate-audio (spec section 7). */
export const ZGenerateAudioRequest = z
  .object({
    sessionId: ZSessionId,
    voiceSpeed: numberFromText(GENERATION_MESSAGES.speedRange)
      .pipe(z.number().min(0.5, GENERATION_MESSAGES.speedRange).max(2, GENERATION_MESSAGES.speedRange))
      .optional()
      .default(1),
    audioDuration: numberFromText(GENERATION_MESSAGES.durationRange).pipe(
      z
        .number()
        .min(MIN_DURATION_SECONDS, GENERATION_MESSAGES.durationRange)
        .max(MAX_DURATION_SECONDS, GENERATION_MESSAGES.durationRange)
        .refine((v) => Number.isInteger(v) && v % DURATION_STEP_SECONDS === 0, GENERATION_MESSAGES.durationStep),
    ),
    transcriptId: z.string().uuid('Transcript not found').optional(),
    customAffirmationId: z.string().uuid('Custom affirmation not found').optional(),
    backgroundMusicId: z
      .string()
      .optional()
      .transform((v) => (v && v !== 'none' ? v : undefined))
      .pipe(z.string().uuid('Background music not found').optional()),
  })
  .refine((v) => !!v.transcriptId !== !!v.customAffirmationId, { message: GENERATION_MESSAGES.oneSource });
export type GenerateAudioRequest = z.infer<typeof ZGenerateAudioRequest>;
