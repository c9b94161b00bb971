import { z } from 'zod';
import { defineEvent } from './define-event';

/**
 * A listener deleted one of their own custom affirmations; generation forgets their own
 * reading of it. Saved affirmations made from it stay (they copied the title when rendered).
 */
export const CustomAffirmationDeletedV1 = defineEvent(
  'library.custom-affirmation.deleted.v1',
  z.object({ userId: z.string().uuid(), customAffirmationId: z.string().uuid() }),
);
