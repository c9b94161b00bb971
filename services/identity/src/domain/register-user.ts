import { UserRegisteredV1, type SignUpInput } from '@innerecho/contracts';
import { conflict, hashPassword, isUniqueViolation, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { insertUser, type UserRecord } from '../data-access/user-repository';
import { issueConfirmation } from './email-confirmation';

export const roleForEmail = (config: IdentityConfig, email: string) =>
  config.ADMIN_EMAILS.includes(email) ? ('admin' as const) : ('subscriber' as const);

/**
 * Sign-up: create the account and announce it, in one transaction. An address
 * typed in (not vouched for by the OpenID provider) is sent a confirmation link; the account
 * works in full meanwhile.
 */
export async function registerUser(options: {
  context: ServiceContext<IdentityConfig>;
  /** A sign-up's fields; an account created through the OpenID provider has no password. */
  input: SignUpInput | { email: string; name: string; password?: undefined };
  requestId?: string;
  /** For accounts created through the OpenID provider. */
  oidcSubject?: string;
}): Promise<UserRecord> {
  const { context, input } = options;
  const oidc = options.oidcSubject !== undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await context.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        name: input.name,
        role: roleForEmail(context.config, input.email),
        passwordHash,
        oidcSubject: options.oidcSubject ?? null,
      });
      await context.outbox.add(
        tx,
        UserRegisteredV1,
        { userId: user.id, email: user.email, name: user.name, role: user.role, registeredAt: user.createdAt.toISOString() },
        { requestId: options.requestId },
      );
      if (!oidc) await issueConfirmation(context, tx, user, user.email, 'sign-up');
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN');
    throw error;
  }
}
