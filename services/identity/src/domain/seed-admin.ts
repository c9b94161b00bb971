import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { findUserByEmail, updateUser } from '../data-access/user-repository';
import { registerUser } from './register-user';

/**
 * Embedded mode only: make sure an admin exists. Its random password is returned once,
 * on creation, for the launcher to print; it is never stored anywhere but as a hash.
 */
export async function ensureSeedAdmin(context: ServiceContext<IdentityConfig>): Promise<{ email: string; password: string } | null> {
  const email = context.config.SEED_ADMIN_EMAIL?.toLowerCase();
  if (!email) return null;
  const existing = await findUserByEmail(context.db, email);
  if (existing) {
    if (existing.role !== 'admin') await updateUser(context.db, existing.id, { role: 'admin' });
    return null;
  }
  const password = randomBytes(12).toString('base64url');
  const config = { ...context.config, ADMIN_EMAILS: [...context.config.ADMIN_EMAILS, email] };
  await registerUser({ context: { ...context, config }, input: { email, password, name: 'Admin' } });
  return { email, password };
}
