import { AppError, forbidden, unavailable } from '../errors';
import { requireUser, type Caller } from './authenticate';
import type { SessionClaims } from './session-token';
import { REQUEST_ID_HEADER } from '../http/request-context';

/**
 * The rule for every route keyed by the browser's anonymous sessionId: the identity service
 * binds a sessionId to the first signed-in user who uses it, and refuses it (403) to
 * anyone else. Bindings never change, so a confirmed one is cached.
 */
export class SessionOwnership {
  private readonly confirmed = new Map<string, string>();

  constructor(private readonly identityUrl: string) {}

  /** Returns the signed-in user who owns `sessionId`, or throws 401/403. */
  async assertOwner(req: Caller, sessionId: string): Promise<SessionClaims> {
    const user = requireUser(req);
    const known = this.confirmed.get(sessionId);
    if (known === user.id) return user;
    if (known) throw forbidden('This session belongs to another account', 'SESSION_NOT_OWNED');

    let res: Response;
    try {
      res = await fetch(`${this.identityUrl}/internal/session-bindings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${req.sessionToken}`,
          [REQUEST_ID_HEADER]: req.requestId,
        },
        body: JSON.stringify({ sessionId }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw unavailable('Could not verify your session. Please try again.');
    }
    if (res.ok) {
      if (this.confirmed.size > 50_000) this.confirmed.clear();
      this.confirmed.set(sessionId, user.id);
      return user;
    }
    const body = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    if (res.status === 403 || res.status === 400 || res.status === 401) {
      throw new AppError(res.status, body.code ?? 'SESSION_NOT_OWNED', body.error ?? 'Session refused');
    }
    throw unavailable('Could not verify your session. Please try again.');
  }
}
