import {
  CreatorDeletedV1,
  CreatorProfilePublishedV1,
  isUuid,
  ZCreatorCreateInput,
  ZCreatorPasswordReset,
  ZCreatorProfileInput,
  type AdminCreatorAccountView,
  type CreatorAccountView,
} from '@innerecho/contracts';
import { conflict, hashPassword, isUniqueViolation, notFound, type ServiceContext, type Tx } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import { revokeCreatorSessions } from '../data-access/creator-session-repository';
import { unusedSetupLinkExpiries } from '../data-access/creator-setup-token-repository';
import {
  deleteCreator,
  findCreatorByCode,
  findCreatorByEmail,
  insertCreatorAccount,
  listCreatorAccounts,
  updateCreatorAccount,
} from '../data-access/referral-repository';

type Context = Pick<ServiceContext<CreatorReferralConfig>, 'transaction' | 'outbox'>;

/** Admin: every creator's account, with the sign-in email and referral code the public profile leaves out. */
export async function listCreatorAccountsForAdmin(context: Pick<ServiceContext, 'db'>): Promise<AdminCreatorAccountView[]> {
  const [accounts, expiries] = await Promise.all([listCreatorAccounts(context.db), unusedSetupLinkExpiries(context.db)]);
  return accounts.map((account) => ({ ...account, setupLinkExpiresAt: expiries.get(account.id)?.toISOString() ?? null }));
}

export const REFERRAL_CODE_TAKEN = 'This referral code is already taken. Please choose another one.';
export const EMAIL_TAKEN = 'A creator with this email already exists.';

/** The public profile travels to the library; the email and the password never leave this service. */
const publishProfile = (context: Context, tx: Tx, account: CreatorAccountView, requestId?: string) =>
  context.outbox.add(
    tx,
    CreatorProfilePublishedV1,
    {
      creatorId: account.id,
      name: account.name,
      bio: account.bio,
      profilePicUrl: account.profilePicUrl,
      youtubeChannel: account.youtubeChannel,
      referralCode: account.referralCode,
    },
    { requestId },
  );

/** An admin creates a creator: a sign-in for the creator area and a public profile for the library. */
export async function createCreatorAccount({
  context,
  body,
  requestId,
  id,
}: {
  context: Context;
  body: unknown;
  requestId?: string;
  id?: string;
}) {
  const input = ZCreatorCreateInput.parse(body);
  const passwordHash = await hashPassword(input.password);
  try {
    return await context.transaction(async (tx) => {
      if (await findCreatorByCode(tx, input.referralCode)) throw conflict(REFERRAL_CODE_TAKEN, 'REFERRAL_CODE_TAKEN');
      if (await findCreatorByEmail(tx, input.email)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
      const { password: _password, ...values } = input;
      const account = await insertCreatorAccount(tx, { ...values, passwordHash, ...(id ? { id } : {}) });
      await publishProfile(context, tx, account, requestId);
      return account;
    });
  } catch (error) {
    // Two admins racing for the same code or email: the unique index decides, with the same message.
    if (isUniqueViolation(error)) {
      const detail = String(
        (error as { detail?: string; cause?: { detail?: string } }).detail ??
          (error as { cause?: { detail?: string } }).cause?.detail ??
          '',
      );
      throw detail.includes('email') ? conflict(EMAIL_TAKEN, 'EMAIL_TAKEN') : conflict(REFERRAL_CODE_TAKEN, 'REFERRAL_CODE_TAKEN');
    }
    throw error;
  }
}

/**
 * Profile edits; the email and referral code are set at creation. An optional `password`
 * sets a new one (the admin form has no password field when editing; the API takes it so an
 * admin can give a starter creator a password they know).
 */
export async function updateCreatorProfile({
  context,
  id,
  body,
  requestId,
}: {
  context: Context;
  id: string;
  body: unknown;
  requestId?: string;
}) {
  const input = ZCreatorProfileInput.parse(body);
  const { password } = ZCreatorPasswordReset.parse(body ?? {});
  const passwordHash = password ? await hashPassword(password) : undefined;
  return context.transaction(async (tx) => {
    const account = isUuid(id) ? await updateCreatorAccount(tx, id, input, passwordHash) : null;
    if (!account) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    // A new password ends every session signed in with the old one.
    if (passwordHash) await revokeCreatorSessions(tx, { creatorId: id });
    await publishProfile(context, tx, account, requestId);
    return account;
  });
}

/** Removes the sign-in and (through the event) the public profile; the library keeps their transcripts. */
export async function deleteCreatorAccount({ context, id, requestId }: { context: Context; id: string; requestId?: string }) {
  await context.transaction(async (tx) => {
    if (!isUuid(id) || !(await deleteCreator(tx, id))) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    await context.outbox.add(tx, CreatorDeletedV1, { creatorId: id }, { requestId });
  });
}
