import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  KeyStore,
  localKeyResolver,
  REVOCATION_FEED_PATH,
  SessionRevocationFeed,
  USER_TOKEN_ISSUER,
  type KeyResolver,
  type RevocationFeedPage,
  type SessionClaims,
} from '../src';

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

describe('a session checked before, answered without waiting (inspectNow)', () => {
  const keys = KeyStore.inMemory();
  const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);
  const session = (sid: string): SessionClaims => ({ id: 'user-1', role: 'subscriber', email: 'a@example.com', sid });
  const live = signer.sign(session('sid-live'));
  const ended = signer.sign(session(REVOKED_SID));
  const logger = createLogger('test', 'silent');

  test('answers what the asynchronous check answers, once that check has seen the token', async () => {
    answerFirstLoad();
    const feed = new SessionRevocationFeed({ identityUrl, logger }).start();
    try {
      expect(await feed.whenLoaded(5_000)).toBe(true);
      const verifier = createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER, { revocation: feed.check });
      // Never seen: only the asynchronous check (the signature's) can tell.
      expect(verifier.inspectNow(live)).toBeUndefined();
      expect(await verifier.inspect(live)).toMatchObject({ status: 'valid', claims: session('sid-live') });
      expect(verifier.inspectNow(live)).toEqual(await verifier.inspect(live));
      expect(await verifier.inspect(ended)).toEqual({ status: 'invalid' });
      expect(verifier.inspectNow(ended)).toEqual({ status: 'invalid' });
      // The signature alone (a read that checks the session itself) stands for an ended session too.
      expect(verifier.inspectNow(ended, { signatureOnly: true })).toEqual(await verifier.inspectSignature(ended));
      expect(verifier.inspectNow(ended, { signatureOnly: true })).toMatchObject({ status: 'valid' });
    } finally {
      await feed.stop();
    }
  });

  test('leaves the answer to the asynchronous check while the list of ended sessions is not loaded, or once the key changed', async () => {
    // Nobody answers at this address: the list never loads.
    const unreachable = `http://127.0.0.1:${(server.address() as AddressInfo).port + 1}`;
    const feed = new SessionRevocationFeed({ identityUrl: unreachable, logger, firstLoadWaitMs: 50 }).start();
    try {
      const verifier = createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER, { revocation: feed.check });
      expect(await verifier.inspect(live)).toEqual({ status: 'unverifiable' });
      expect(verifier.inspectNow(live)).toBeUndefined();
      expect(verifier.inspectNow(live, { signatureOnly: true })).toMatchObject({ status: 'valid' });
    } finally {
      await feed.stop();
    }

    // The signer's key is replaced (a rotation that retired it): the token is checked again, and refused.
    let current = keys.publicKey(keys.signingKey.kid);
    const rotating: KeyResolver = Object.assign(async () => current, { held: () => current });
    const verifier = createTokenVerifier(rotating, USER_TOKEN_ISSUER);
    expect(await verifier.inspect(live)).toMatchObject({ status: 'valid' });
    expect(verifier.inspectNow(live)).toMatchObject({ status: 'valid' });
    const other = KeyStore.inMemory();
    current = other.publicKey(other.signingKey.kid);
    expect(verifier.inspectNow(live)).toBeUndefined();
    expect(await verifier.inspect(live)).toEqual({ status: 'invalid' });
  });
});
