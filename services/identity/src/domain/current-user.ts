import type { CurrentUser } from '@innerecho/contracts';
import type { Db, SessionClaims } from '@innerecho/kit';
import { findSessionUserWithEntitlement, findUserWithEntitlement } from '../data-access/user-repository';

type EntitledUser = NonNullable<Awaited<ReturnType<typeof findUserWithEntitlement>>>;

/** 'active' while any subscription of the user is active or trialing. */
const asCurrentUser = (user: EntitledUser): CurrentUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  subscriptionStatus: user.entitled ? 'active' : 'inactive',
});

/** The user as GET /api/auth/user shows them. */
export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const user = await findUserWithEntitlement(db, userId);
  return user && asCurrentUser(user);
}

/** The same for a session's caller: null unless the session is still theirs and active (signed out, revoked or expired). */
export async function getSignedInUser(db: Db, caller: Pick<SessionClaims, 'id' | 'sid'>): Promise<CurrentUser | null> {
  const user = await findSessionUserWithEntitlement(db, { sessionId: caller.sid, userId: caller.id });
  return user && asCurrentUser(user);
}
