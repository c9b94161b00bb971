import type { CurrentUser } from '@innerecho/contracts';
import type { Db } from '@innerecho/kit';
import { findUserWithEntitlement } from '../data-access/user-repository';

/** GET /api/auth/user: 'active' while any subscription of the user is active or trialing. */
export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const user = await findUserWithEntitlement(db, userId);
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    subscriptionStatus: user.entitled ? 'active' : 'inactive',
  };
}
