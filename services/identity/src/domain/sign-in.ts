import type { SignInInput } from '@innerecho/contracts';
import { unauthorized, verifyPassword, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { findUserByEmail, findUserByOidcSubject, updateUser, type UserRecord } from '../data-access/user-repository';
import { registerUser, roleForEmail } from './register-user';

export const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password';

export async function signIn(options: { context: ServiceContext<IdentityConfig>; input: SignInInput }): Promise<UserRecord> {
  const { context, input } = options;
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

/**
 * Sign-in through the OpenID provider, once it has confirmed who this is: the account linked
 * to the provider's subject; else the account with the email the provider confirmed, now
 * linked to the subject; else a new account.
 */
export async function signInWithProvider(options: {
  context: ServiceContext<IdentityConfig>;
  identity: { subject: string; email: string; name: string };
  requestId?: string;
}): Promise<UserRecord> {
  const { context, identity } = options;
  let user = await findUserByOidcSubject(context.db, identity.subject);
  if (!user) {
    const byEmail = await findUserByEmail(context.db, identity.email);
    if (byEmail) {
      await updateUser(context.db, byEmail.id, { oidcSubject: identity.subject });
      user = byEmail;
    } else {
      user = await registerUser({
        context,
        input: { email: identity.email, name: identity.name },
        oidcSubject: identity.subject,
        requestId: options.requestId,
      });
    }
  }
  return promoteIfListedAdmin(context, user);
}
