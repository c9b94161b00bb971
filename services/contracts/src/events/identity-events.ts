import { z } from 'zod';
import { defineEvent } from './define-event';

export const ZUserRegisteredV1 = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  role: z.enum(['subscriber', 'admin']),
  registeredAt: z.string().datetime(),
});
export const UserRegisteredV1 = defineEvent('identity.user.registered.v1', ZUserRegisteredV1);

/**
 * A listener deleted their account. Identity has already removed the user and ended every
 * session; each service forgets what it keeps of them (idempotently: the event may arrive twice).
 */
export const UserDeletedV1 = defineEvent(
  'identity.user.deleted.v1',
  z.object({ userId: z.string().uuid(), deletedAt: z.string().datetime() }),
);
