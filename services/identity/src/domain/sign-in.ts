import { ZSignInInput } from '@innerecho/contracts';
import { unauthorized, verifyPassword, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { findUserByEmail, updateUser, type UserRecord } from '../data-access/user-repository';
import { roleForEmail } from './register-user';

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';

export async function signIn(options: { context: ServiceContext<IdentityConfig>; input: unknown }): Promise<UserRecord> {
  const { context } = options;
  const input = ZSignInInput.parse(options.input);
  const user = await findUserByEmail(context.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  return promoteIfListedAdmin(context, user);
}

/** ADMIN_EMAILS may gain an address after the account exists: apply it at sign-in. */
export async function promoteIfListedAdmin(context: ServiceContext<IdentityConfig>, user: UserRecord): Promise<UserRecord> {
  if (user.role !== 'admin' && roleForEmail(context.config, user.email) === 'admin') {
    await updateUser(context.db, user.id, { role: 'admin' });
    return { ...user, role: 'admin' };
  }
  return user;
}
