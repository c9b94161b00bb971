import { ZSessionId } from '@innerecho/contracts';
import { badRequest, forbidden, type Db } from '@innerecho/kit';
import { bindSession } from '../data-access/user-repository';

export const SESSION_NOT_OWNED_MESSAGE = 'This session belongs to another account';

/** Binds the sessionId to the user on first use; refuses it to anyone else afterwards. */
export async function bindSessionToUser(db: Db, sessionId: unknown, userId: string): Promise<void> {
  const parsed = ZSessionId.safeParse(sessionId);
  if (!parsed.success) throw badRequest('Invalid session id', 'INVALID_SESSION_ID');
  const owner = await bindSession(db, parsed.data, userId);
  if (owner !== userId) throw forbidden(SESSION_NOT_OWNED_MESSAGE, 'SESSION_NOT_OWNED');
}
