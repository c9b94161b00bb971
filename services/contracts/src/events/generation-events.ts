import { z } from 'zod';
import { defineEvent } from './define-event';

/** An affirmation was rendered and saved; the library counts a play for its transcript. */
export const AffirmationGeneratedV1 = defineEvent(
  'generation.affirmation.generated.v1',
  z.object({
    savedAffirmationId: z.string().uuid(),
    userId: z.string().uuid(),
    transcriptId: z.string().uuid().nullable(),
    customAffirmationId: z.string().uuid().nullable(),
    audioDurationSeconds: z.number().int().positive(),
  }),
);

/**
 * An affirmation session (several affirmations in one MP3) was rendered and saved. The library
 * counts one play for each library transcript in it (once each, however often it repeats),
 * as a single render of that transcript would; `collectionId` names the creator collection it
 * was made from, for the creator's counts.
 */
export const AffirmationSessionGeneratedV1 = defineEvent(
  'generation.affirmation-session.generated.v1',
  z.object({
    savedAffirmationId: z.string().uuid(),
    userId: z.string().uuid(),
    collectionId: z.string().uuid().nullable(),
    transcriptIds: z.array(z.string().uuid()),
    audioDurationSeconds: z.number().int().positive(),
  }),
);
