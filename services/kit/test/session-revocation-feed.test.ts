import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, REVOCATION_FEED_PATH, SessionRevocationFeed, type RevocationFeedPage } from '../src';

/**
 * A stand-in for identity's revocation feed whose first answer waits until the test lets it go,
 * as a busy or restarting identity would.
 */
let server: Server;
let identityUrl: string;
let answerFirstLoad: () => void;
const firstLoadAnswered = new Promise<void>((resolve) => (answerFirstLoad = resolve));
const REVOKED_SID = 'sid-ended-by-sign-out';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!req.url?.startsWith(REVOCATION_FEED_PATH)) {
      res.writeHead(404).end();
      return;
    }
    const waitSeconds = Number(new URL(req.url, 'http://x').searchParams.get('waitSeconds'));
    const page: RevocationFeedPage = {
      revocations: [{ sid: REVOKED_SID, expiresAt: new Date(Date.now() + 3_600_000).toISOString() }],
      cursor: '1',
      more: false,
    };
    // The first load (waitSeconds=0) waits for the test; a long-poll after it is left open.
    if (waitSeconds === 0)
      void firstLoadAnswered.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  identityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('until the list of ended sessions is loaded, checks have no answer and the feed says it is not loaded; once loaded, ended sessions are refused', async () => {
  const feed = new SessionRevocationFeed({ identityUrl, logger: createLogger('test', 'silent'), firstLoadWaitMs: 100 }).start();
  try {
    const claims = (sid: string) => ({ id: 'user-1', role: 'subscriber' as const, email: 'a@example.com', sid });
    expect(feed.isLoaded).toBe(false);
    expect(await feed.whenLoaded(50)).toBe(false);
    // Not "active": a session nobody could check yet is refused for now, not let through.
    expect(await feed.check(claims('sid-live'))).toBe('unknown');

    const loading = feed.whenLoaded(5_000);
    answerFirstLoad();
    expect(await loading).toBe(true);
    expect(feed.isLoaded).toBe(true);
    expect(await feed.check(claims(REVOKED_SID))).toBe('revoked');
    expect(await feed.check(claims('sid-live'))).toBe('active');
  } finally {
    await feed.stop();
  }
});
