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

/**
 * Someone asked for a password reset link for an existing account. The link carries the
 * one-time token (NATS is internal to the system; identity keeps only its SHA-256), and
 * notifications mails it to the account's address.
 */
export const ZPasswordResetRequestedV1 = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  resetUrl: z.string().url(),
  expiresAt: z.string().datetime(),
});
export const PasswordResetRequestedV1 = defineEvent('identity.password.reset-requested.v1', ZPasswordResetRequestedV1);

/** An account's password was set anew (through a reset link); every other session has ended. */
export const ZPasswordChangedV1 = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  changedAt: z.string().datetime(),
});
export const PasswordChangedV1 = defineEvent('identity.password.changed.v1', ZPasswordChangedV1);

/**
 * An address is to be confirmed: the account's own after sign-up, or the new one a listener
 * asked to change to (which takes effect only once its owner follows the link). The link
 * carries the one-time token (identity keeps only its SHA-256); notifications mails it to
 * `email`, the address being confirmed.
 */
export const ZEmailConfirmationRequestedV1 = z.object({
  userId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  purpose: z.enum(['sign-up', 'change']),
  confirmUrl: z.string().url(),
  expiresAt: z.string().datetime(),
});
export const EmailConfirmationRequestedV1 = defineEvent('identity.email.confirmation-requested.v1', ZEmailConfirmationRequestedV1);

/** An account's address changed (the new one confirmed); the previous address is told. Sessions carry on. */
export const ZEmailChangedV1 = z.object({
  userId: z.string().uuid(),
  previousEmail: z.string().email(),
  email: z.string().email(),
  name: z.string(),
  changedAt: z.string().datetime(),
});
export const EmailChangedV1 = defineEvent('identity.email.changed.v1', ZEmailChangedV1);
