import { UserRegisteredV1, ZSignUpInput } from '@innerecho/contracts';
import { badRequest, hashPassword, type Db, type ServiceContext, linkTokenDigest, newLinkToken } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { isSetupTokenUsable, replaceUnusedSetupTokens, useSetupToken } from '../data-access/admin-setup-repository';
import { findUserByEmail, findUserById, insertUser, setPasswordHash, updateUser, type UserRecord } from '../data-access/user-repository';

/** How long a setup link works. */
export const ADMIN_SETUP_TTL_HOURS = 24;

export const ADMIN_SETUP_PATH = '/api/auth/admin-setup';

export const INVALID_SETUP_LINK = 'This setup link is not valid any more. Ask for a new one (npm run admin:setup-link).';

/**
 * Makes `email` an admin (creating the account, with no password, when there is none)
 * and returns a one-time link where they choose their password. Earlier unused links of
 * that account stop working. The link is the only copy of the token.
 */
export async function issueAdminSetupLink(
  context: Pick<ServiceContext<IdentityConfig>, 'db' | 'config' | 'transaction' | 'outbox'>,
  email: string,
) {
  const normalised = ZSignUpInput.shape.email.parse(email);
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + ADMIN_SETUP_TTL_HOURS * 3600_000);
  const user = await context.transaction(async (tx) => {
    let account = await findUserByEmail(tx, normalised);
    if (!account) {
      account = await insertUser(tx, { email: normalised, name: 'Admin', role: 'admin', passwordHash: null });
      await context.outbox.add(tx, UserRegisteredV1, {
        userId: account.id,
        email: account.email,
        name: account.name,
        role: account.role,
        registeredAt: account.createdAt.toISOString(),
      });
    } else if (account.role !== 'admin') {
      await updateUser(tx, account.id, { role: 'admin' });
    }
    await replaceUnusedSetupTokens(tx, account.id, linkTokenDigest(token), expiresAt);
    return account;
  });
  const url = new URL(ADMIN_SETUP_PATH, context.config.PUBLIC_URL);
  url.searchParams.set('token', token);
  return { email: user.email, url: url.toString(), expiresAt };
}

/** Whether a setup link can still be used (the page is shown only then). */
export async function findUsableSetupToken(db: Db, token: string): Promise<boolean> {
  return isSetupTokenUsable(db, linkTokenDigest(token));
}

/**
 * Sets the admin's password through a setup link, once: the token is marked used in the
 * same transaction, so two submissions of the same link cannot both succeed.
 */
export async function redeemAdminSetupLink(
  context: Pick<ServiceContext<IdentityConfig>, 'transaction'>,
  token: string,
  password: string,
): Promise<UserRecord> {
  const parsed = ZSignUpInput.shape.password.safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Choose a password', 'VALIDATION_FAILED');
  const passwordHash = await hashPassword(parsed.data);
  return context.transaction(async (tx) => {
    const userId = await useSetupToken(tx, linkTokenDigest(token));
    if (!userId) throw badRequest(INVALID_SETUP_LINK, 'SETUP_LINK_INVALID');
    await setPasswordHash(tx, userId, passwordHash);
    await updateUser(tx, userId, { role: 'admin' });
    return (await findUserById(tx, userId))!;
  });
}
