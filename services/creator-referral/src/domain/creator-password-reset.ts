import { CreatorPasswordChangedV1, CreatorPasswordResetRequestedV1, newPasswordField } from '@innerecho/contracts';
import { AppError, badRequest, hashPassword, type Db, type ServiceContext, linkTokenDigest, newLinkToken } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import {
  countCreatorResetTokensSince,
  insertCreatorResetToken,
  isCreatorResetTokenUsable,
  useCreatorResetToken,
  withdrawCreatorResetTokens,
} from '../data-access/creator-password-reset-repository';
import { revokeCreatorSessions } from '../data-access/creator-session-repository';
import { findCreatorByEmail, findCreatorById, lockCreator, setCreatorPasswordHash } from '../data-access/referral-repository';

/** A creator's reset link works for one hour, once. */
export const CREATOR_RESET_TTL_MS = 3600_000;
/** At most this many reset links per creator per hour (more requests are answered the same and mail nothing). */
export const CREATOR_RESETS_PER_HOUR = 3;

export const CREATOR_RESET_PASSWORD_PATH = '/api/creator-auth/reset-password';
export const INVALID_CREATOR_RESET_LINK = 'This password reset link has expired or has already been used. Ask for a new one below.';

type ResetContext = Pick<ServiceContext<CreatorReferralConfig>, 'db' | 'config' | 'transaction' | 'outbox' | 'logger'>;

/**
 * Issues a reset link for the active creator with this address, if there is one and it has
 * not had its hourly share: the token's digest is kept and the link travels in an event to
 * notifications, which mails it. The caller runs this after answering, the same either way.
 */
export async function issueCreatorPasswordReset(context: ResetContext, email: string): Promise<void> {
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + CREATOR_RESET_TTL_MS);
  const issued = await context.transaction(async (tx) => {
    const creator = await findCreatorByEmail(tx, email);
    if (!creator || !creator.active) return false;
    await lockCreator(tx, creator.id);
    if ((await countCreatorResetTokensSince(tx, creator.id, new Date(Date.now() - 3600_000))) >= CREATOR_RESETS_PER_HOUR) return false;
    await insertCreatorResetToken(tx, { tokenHash: linkTokenDigest(token), creatorId: creator.id, expiresAt });
    const resetUrl = new URL(CREATOR_RESET_PASSWORD_PATH, context.config.PUBLIC_URL);
    resetUrl.searchParams.set('token', token);
    await context.outbox.add(tx, CreatorPasswordResetRequestedV1, {
      creatorId: creator.id,
      email: creator.email,
      name: creator.name,
      resetUrl: resetUrl.toString(),
      expiresAt: expiresAt.toISOString(),
    });
    return true;
  });
  context.logger.info(
    { issued },
    issued
      ? 'creator password reset link issued'
      : 'creator password reset asked for: no link (no such active creator, or the hourly share is used)',
  );
}

/** Whether a reset link can still be used (its form is shown only then). */
export async function isCreatorResetLinkUsable(db: Db, token: string): Promise<boolean> {
  return Boolean(token) && (await isCreatorResetTokenUsable(db, linkTokenDigest(token)));
}

/**
 * Sets a creator's new password through a reset link, once: the link is marked used in the
 * same transaction, every session of the creator ends, their other links stop working, and
 * "your password was changed" is mailed.
 */
export async function redeemCreatorPasswordReset(context: ResetContext, token: string, password: string): Promise<void> {
  const parsed = newPasswordField().safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Choose a password', 'VALIDATION_FAILED');
  const passwordHash = await hashPassword(parsed.data);
  await context.transaction(async (tx) => {
    const creatorId = token ? await useCreatorResetToken(tx, linkTokenDigest(token)) : null;
    const creator = creatorId ? await findCreatorById(tx, creatorId) : null;
    if (!creator || !creator.active) throw new AppError(410, 'RESET_LINK_INVALID', INVALID_CREATOR_RESET_LINK);
    await setCreatorPasswordHash(tx, creator.id, passwordHash);
    await revokeCreatorSessions(tx, { creatorId: creator.id });
    await withdrawCreatorResetTokens(tx, creator.id);
    await context.outbox.add(tx, CreatorPasswordChangedV1, {
      creatorId: creator.id,
      email: creator.email,
      name: creator.name,
      changedAt: new Date().toISOString(),
    });
  });
}
