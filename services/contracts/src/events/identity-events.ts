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
