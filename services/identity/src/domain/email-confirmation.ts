import { EmailChangedV1, EmailConfirmationRequestedV1, type ChangeEmailInput } from '@innerecho/contracts';
import { AppError, isUniqueViolation, verifyPassword, type Db, type ServiceContext, linkTokenDigest, newLinkToken } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import {
  countConfirmationTokensSince,
  findUsableConfirmation,
  insertConfirmationToken,
  setConfirmedEmail,
  useConfirmationToken,
  withdrawConfirmationTokens,
  type ConfirmationPurpose,
} from '../data-access/email-confirmation-repository';
import { withdrawResetTokens } from '../data-access/password-reset-repository';
import { findUserByEmail, findUserById, lockUser, type UserRecord } from '../data-access/user-repository';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from './change-password';

/** A confirmation link works once, for seven days: long enough for a listener who signed up and went on listening. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3600_000;

export const CONFIRM_EMAIL_PATH = '/api/auth/confirm-email';
export const INVALID_CONFIRMATION_LINK =
  'This confirmation link has expired or has already been used. You can ask for a new one on your account page.';
export const CONFIRMATIONS_LIMITED = 'You asked for several links in the last hour. Use the newest one in your inbox, or ask again later.';

type ConfirmContext = Pick<ServiceContext<IdentityConfig>, 'db' | 'config' | 'transaction' | 'outbox' | 'logger'>;
type Tx = Parameters<Parameters<ConfirmContext['transaction']>[0]>[0];

/**
 * Within a transaction: keeps a new link's digest and announces the link, which notifications
 * mails to the address it confirms. False when the account has had its hourly share.
 */
export async function issueConfirmation(
  context: ConfirmContext,
  tx: Tx,
  user: Pick<UserRecord, 'id' | 'name'>,
  email: string,
  purpose: ConfirmationPurpose,
  options: { mail: boolean } = { mail: true },
): Promise<boolean> {
  await lockUser(tx, user.id);
  const sentThisHour = await countConfirmationTokensSince(tx, user.id, new Date(Date.now() - 3600_000));
  if (sentThisHour >= context.config.CONFIRMATION_LINKS_PER_HOUR) return false;
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  await insertConfirmationToken(tx, { tokenHash: linkTokenDigest(token), userId: user.id, email, purpose, expiresAt });
  if (!options.mail) return true;
  const confirmUrl = new URL(CONFIRM_EMAIL_PATH, context.config.PUBLIC_URL);
  confirmUrl.searchParams.set('token', token);
  await context.outbox.add(tx, EmailConfirmationRequestedV1, {
    userId: user.id,
    email,
    name: user.name,
    purpose,
    confirmUrl: confirmUrl.toString(),
    expiresAt: expiresAt.toISOString(),
  });
  return true;
}

/** "Send the link again" for the account's own, unconfirmed address; refused (429) past the hourly share. */
export async function resendConfirmation(context: ConfirmContext, userId: string): Promise<void> {
  const sent = await context.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue');
    if (user.emailConfirmedAt) return true;
    return issueConfirmation(context, tx, user, user.email, 'sign-up');
  });
  if (!sent) throw new AppError(429, 'RATE_LIMITED', CONFIRMATIONS_LIMITED);
}

/**
 * A change of address, asked for with the current password: a link goes to the new address,
 * and the address changes only when its owner follows it. When another account already uses
 * the address, nothing is mailed and the answer is the same, so nobody learns who has an account.
 */
export async function requestEmailChange(options: { context: ConfirmContext; userId: string; input: ChangeEmailInput }): Promise<string> {
  const { context, userId, input } = options;
  const user = await findUserById(context.db, userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue');
  if (!user.passwordHash) {
    throw new AppError(409, 'PASSWORD_MANAGED_ELSEWHERE', 'You sign in through your sign-in provider, so your address is changed there');
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  if (input.email === user.email) throw new AppError(400, 'SAME_EMAIL', 'That is already your address');
  const sent = await context.transaction(async (tx) => {
    // Locked before its links are withdrawn, as a new link would lock it (the same order everywhere).
    await lockUser(tx, user.id);
    // An address another account uses gets a link kept like any other but never mailed: the
    // answer, the account page and the hourly share all go exactly as for a free address.
    const taken = Boolean(await findUserByEmail(tx, input.email));
    await withdrawConfirmationTokens(tx, user.id, 'change');
    return issueConfirmation(context, tx, user, input.email, 'change', { mail: !taken });
  });
  if (!sent) throw new AppError(429, 'RATE_LIMITED', CONFIRMATIONS_LIMITED);
  return input.email;
}

/** What a confirmation link would confirm, while it can still be used (its page offers the button only then); else null. */
export async function usableConfirmation(db: Db, token: string): Promise<ConfirmedAddress | null> {
  const link = token ? await findUsableConfirmation(db, linkTokenDigest(token)) : null;
  return link && { purpose: link.purpose, email: link.email };
}

export type ConfirmedAddress = { purpose: ConfirmationPurpose; email: string };

/**
 * Follows a confirmation link, once. At sign-up it marks the account's address confirmed; for
 * a change the account takes the new address (its other change links and its password reset
 * links, which went to the old address, stop working) and the old address is told. Sessions
 * carry on: a change of address ends nothing else.
 */
export async function confirmEmail(context: ConfirmContext, token: string): Promise<ConfirmedAddress> {
  try {
    return await context.transaction(async (tx) => {
      const link = await useConfirmationToken(tx, linkTokenDigest(token));
      if (!link) throw new AppError(410, 'CONFIRM_LINK_INVALID', INVALID_CONFIRMATION_LINK);
      const user = (await findUserById(tx, link.userId))!;
      if (link.purpose === 'sign-up') {
        // A sign-up link confirms the address it was sent to, if the account still has it.
        if (user.email !== link.email) throw new AppError(410, 'CONFIRM_LINK_INVALID', INVALID_CONFIRMATION_LINK);
        await setConfirmedEmail(tx, user.id, link.email);
        return { purpose: link.purpose, email: link.email };
      }
      await setConfirmedEmail(tx, user.id, link.email);
      await withdrawConfirmationTokens(tx, user.id, 'change');
      await withdrawConfirmationTokens(tx, user.id, 'sign-up');
      await withdrawResetTokens(tx, user.id);
      await context.outbox.add(tx, EmailChangedV1, {
        userId: user.id,
        previousEmail: user.email,
        email: link.email,
        name: user.name,
        changedAt: new Date().toISOString(),
      });
      return { purpose: link.purpose, email: link.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        409,
        'EMAIL_TAKEN',
        'Another account started using this address in the meantime, so your address stays as it was.',
      );
    }
    throw error;
  }
}
