import { newSessionId, type ServiceContext, type TokenSigner } from '@innerecho/kit';
import type { IdentityConfig } from '../config';
import { insertSession, revokeSessions } from '../data-access/session-repository';
import type { UserRecord } from '../data-access/user-repository';

/** A new session for the user: recorded here, then signed into the token the cookie carries. */
export async function startSession(options: { context: ServiceContext<IdentityConfig>; signer: TokenSigner; user: UserRecord }) {
  const { context, signer, user } = options;
  const sid = newSessionId();
  await insertSession(context.db, { id: sid, userId: user.id, expiresAt: new Date(Date.now() + signer.ttlSeconds * 1000) });
  return signer.sign({ id: user.id, role: user.role, email: user.email, sid });
}

/** Sign-out: this session ends now, everywhere its token was copied to. */
export async function endSession(context: ServiceContext<IdentityConfig>, sessionId: string): Promise<void> {
  await context.transaction((tx) => revokeSessions(tx, { sessionId }));
}

/** "Sign out everywhere": every session of the user ends now. Returns how many were open. */
export async function endAllSessions(context: ServiceContext<IdentityConfig>, userId: string): Promise<number> {
  return context.transaction((tx) => revokeSessions(tx, { userId }));
}
