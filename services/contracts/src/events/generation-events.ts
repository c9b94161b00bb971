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

/** A session of several affirmations was rendered and saved; collectionId when it was made from a collection. */
export const AffirmationSessionGeneratedV1 = defineEvent(
  'generation.affirmation-session.generated.v1',
  z.object({
    savedAffirmationId: z.string().uuid(),
    userId: z.string().uuid(),
    collectionId: z.string().uuid().nullable(),
    transcriptIds: z.array(z.string().uuid()),
    audioDurationSeconds: z.number().int(),
  }),
);
