import { PasswordChangedV1, PasswordResetRequestedV1, ZSignUpInput } from '@innerecho/contracts';
import { AppError, badRequest, hashPassword, type Db, type ServiceContext, linkTokenDigest, newLinkToken } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import {
  countResetTokensSince,
  insertResetToken,
  isResetTokenHashUsable,
  useResetToken,
  withdrawResetTokens,
} from '../data-access/password-reset-repository';
import { revokeSessions } from '../data-access/session-repository';
import { findUserByEmail, findUserById, lockUser, setPasswordHash } from '../data-access/user-repository';

/** A reset link works for one hour, once. */
export const PASSWORD_RESET_TTL_MS = 3600_000;
/** At most this many reset links per account per hour (more requests are answered the same and mail nothing). */
export const PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR = 3;

export const RESET_PASSWORD_PATH = '/api/auth/reset-password';
export const INVALID_RESET_LINK = 'This password reset link has expired or has already been used. Ask for a new one below.';

type ResetContext = Pick<ServiceContext<IdentityConfig>, 'db' | 'config' | 'transaction' | 'outbox' | 'logger'>;

/**
 * Issues a reset link for the account with this address, if there is one and it has not
 * had its hourly share: the token's digest is kept, and the link travels in an event to
 * notifications, which mails it. Nothing tells the caller whether an account exists; the
 * caller runs this in the background and answers the same either way.
 */
export async function issuePasswordReset(context: ResetContext, email: string): Promise<void> {
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  const issued = await context.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    await lockUser(tx, user.id);
    if ((await countResetTokensSince(tx, user.id, new Date(Date.now() - 3600_000))) >= PASSWORD_RESETS_PER_ACCOUNT_PER_HOUR) return false;
    await insertResetToken(tx, { tokenHash: linkTokenDigest(token), userId: user.id, expiresAt });
    const resetUrl = new URL(RESET_PASSWORD_PATH, context.config.PUBLIC_URL);
    resetUrl.searchParams.set('token', token);
    await context.outbox.add(tx, PasswordResetRequestedV1, {
      userId: user.id,
      email: user.email,
      name: user.name,
      resetUrl: resetUrl.toString(),
      expiresAt: expiresAt.toISOString(),
    });
    return true;
  });
  context.logger.info(
    { issued },
    issued ? 'password reset link issued' : 'password reset asked for: no link (no such account, or its hourly share is used)',
  );
}

/** Whether a reset link can still be used (the form is shown only then). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  return isResetTokenHashUsable(db, linkTokenDigest(token));
}

/**
 * Sets a new password through a reset link, once: the token is marked used in the same
 * transaction (two submissions cannot both succeed), every session of the account ends and
 * the account's other unused links stop working, and "your password was changed" is mailed.
 */
export async function redeemPasswordReset(context: ResetContext, token: string, password: string): Promise<void> {
  const parsed = ZSignUpInput.shape.password.safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Choose a password', 'VALIDATION_FAILED');
  const passwordHash = await hashPassword(parsed.data);
  await context.transaction(async (tx) => {
    const userId = await useResetToken(tx, linkTokenDigest(token));
    if (!userId) throw new AppError(410, 'RESET_LINK_INVALID', INVALID_RESET_LINK);
    const user = (await findUserById(tx, userId))!;
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeSessions(tx, { userId: user.id });
    await withdrawResetTokens(tx, user.id);
    await context.outbox.add(tx, PasswordChangedV1, {
      userId: user.id,
      email: user.email,
      name: user.name,
      changedAt: new Date().toISOString(),
    });
  });
}
