import { randomBytes } from 'node:crypto';
import { ZSignUpInput } from '@innerecho/contracts';
import type { ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { findUserByEmail, updateUser } from '../data-access/user-repository';
import { issueAdminSetupLink } from './admin-setup';
import { registerUser } from './register-user';

export type AdminCredentials = { email: string; password: string };

/**
 * Makes sure the SEED_ADMIN_EMAIL account exists and is an admin. On creation:
 * - with `showPassword` (the single process of `npm start`, whose launcher prints it once
 *   on the developer's terminal), a random password handed to that callback;
 * - otherwise (a deployed identity service), no password at all, and a one-time setup
 *   link written to the log once, where the operator chooses the password. A lost or
 *   expired link is replaced with `npm run admin:setup-link`.
 */
export async function ensureSeedAdmin(context: ServiceContext<IdentityConfig>, showPassword?: (credentials: AdminCredentials) => void) {
  const email = context.config.SEED_ADMIN_EMAIL?.toLowerCase();
  if (!email) return;
  const existing = await findUserByEmail(context.db, email);
  if (existing) {
    if (existing.role !== 'admin') await updateUser(context.db, existing.id, { role: 'admin' });
    return;
  }
  if (showPassword) {
    const password = randomBytes(12).toString('base64url');
    const config = { ...context.config, ADMIN_EMAILS: [...context.config.ADMIN_EMAILS, email] };
    // The configured address is held to the rules a sign-up's is.
    await registerUser({ context: { ...context, config }, input: ZSignUpInput.parse({ email, password, name: 'Admin' }) });
    showPassword({ email, password });
    return;
  }
  const link = await issueAdminSetupLink(context, email);
  context.logger.warn(
    { adminEmail: link.email, setupUrl: link.url, expiresAt: link.expiresAt.toISOString() },
    'first admin created without a password: open setupUrl once to choose it (shown only this once)',
  );
}
