import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
import { requireUser, type KeyStore, type RevocationFeedPage, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { bindSessionToUser } from '../../domain/bind-session';
import { newestRevocationSeq, readRevocations } from '../../data-access/session-repository';
import { RevocationWatch } from '../../domain/revocation-watch';

const FEED_PAGE_SIZE = 1000;
const FEED_MAX_WAIT_SECONDS = 30;

/**
 * Called by other services, never routed by the gateway: the public keys that verify
 * sessions, the revocation feed, and the sessionId binding rule.
 */
export function internalRoutes({ context, keys }: { context: ServiceContext<IdentityConfig>; keys: KeyStore }) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);

  router.answer('GET /.well-known/jwks.json', () => ({
    status: 200,
    body: keys.jwks(),
    headers: { 'cache-control': 'public, max-age=300' },
  }));

  /**
   * Revoked session ids after `after` (a cursor this feed handed out; 0 for all). With
   * `waitSeconds`, an empty answer waits up to that long for the next revocation (a long
   * poll); every follower waiting here is woken by one look a second (`RevocationWatch`),
   * so followers learn of a sign-out within about a second whichever identity process
   * recorded it. The ids are useless without their tokens, so the feed needs no credentials.
   */
  const watch = new RevocationWatch(() => newestRevocationSeq(context.db));
  router.answer('GET /internal/session-revocations', async ({ query, res }) => {
    const after = Number(query.after ?? 0);
    const waitSeconds = Math.min(FEED_MAX_WAIT_SECONDS, Math.max(0, Number(query.waitSeconds ?? 0) || 0));
    if (!Number.isSafeInteger(after) || after < 0) {
      return { status: 400, body: { error: 'after must be a cursor from this feed', code: 'BAD_CURSOR' } };
    }
    const deadline = Date.now() + waitSeconds * 1000;
    // A stopping instance answers at once (an empty page): the follower asks again elsewhere,
    // and the drain does not wait out the poll. A follower that left stops the wait too.
    const left = new AbortController();
    res.on('close', () => left.abort());
    const gaveUp = AbortSignal.any([context.stopSignal, left.signal]);
    let rows = await readRevocations(context.db, after, FEED_PAGE_SIZE);
    while (rows.length === 0 && (await watch.waitForRevocationAfter(after, deadline - Date.now(), gaveUp))) {
      rows = await readRevocations(context.db, after, FEED_PAGE_SIZE);
    }
    // A follower that left is answered too: the page goes nowhere, harmlessly.
    const page: RevocationFeedPage = {
      revocations: rows.map((r) => ({ sid: r.sessionId, expiresAt: r.expiresAt.toISOString() })),
      cursor: String(rows.at(-1)?.seq ?? after),
      more: rows.length === FEED_PAGE_SIZE,
    };
    return { status: 200, body: page };
  });

  // Binding is asked with the listener's own token: this service's check of the `service` access here is a signed-in caller.
  const bindings = declaredRoutes(IDENTITY_ENDPOINTS, { checks: { service: (req) => void requireUser(req) } });
  bindings.answer('POST /internal/session-bindings', async ({ body, user }) => {
    const { id: userId } = user!; // the check above admits only a signed-in caller
    await bindSessionToUser(context.db, body.sessionId, userId);
    return { status: 200, body: { sessionId: body.sessionId, userId } };
  });
  router.router.use(bindings.router);

  return router;
}
