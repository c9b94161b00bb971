import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLogger,
  createTokenSigner,
  createUserSessionVerifier,
  KeyStore,
  REVOCATION_FEED_PATH,
  USER_TOKEN_ISSUER,
  type RevocationFeedPage,
} from '../src';

/**
 * A stand-in for identity's published keys and revocation feed that can be away (answering 503,
 * as a restarting identity behind a balancer does) and back.
 */
const keys = KeyStore.inMemory();
const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);
let identityAnswers = false;
const asked: string[] = [];
let server: Server;
let identityUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    asked.push(url.pathname);
    if (!identityAnswers) return void res.writeHead(503).end();
    if (url.pathname === '/.well-known/jwks.json')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys.jwks()));
    if (url.pathname !== REVOCATION_FEED_PATH) return void res.writeHead(404).end();
    // The first load answers at once; a long poll after it is left open, as no one signs out.
    if (url.searchParams.get('waitSeconds') !== '0') return;
    const page: RevocationFeedPage = { revocations: [], cursor: '0', more: false };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  identityUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test("a process loads identity's keys as it starts, without waiting for a signed-in request, and checks sessions while identity is away", async () => {
  const sessions = createUserSessionVerifier({ identityUrl, logger: createLogger('test', 'silent') });
  try {
    const token = signer.sign({ id: 'user-1', role: 'subscriber', email: 'a@example.com', sid: 'sid-live' });

    // Identity away from the start: nothing is loaded, and a session cannot be checked ("try again", not "signed out").
    expect(await sessions.keys.whenLoaded(300)).toBe(false);
    expect(sessions.keys.isLoaded).toBe(false);
    expect((await sessions.verifier.inspect(token)).status).toBe('unverifiable');

    // Identity back: the keys come in by themselves, with no request asking for them.
    identityAnswers = true;
    const keysAskedBefore = asked.filter((path) => path === '/.well-known/jwks.json').length;
    expect(await sessions.keys.whenLoaded(10_000)).toBe(true);
    expect(await sessions.feed.whenLoaded(10_000)).toBe(true);
    expect(asked.filter((path) => path === '/.well-known/jwks.json').length).toBeGreaterThan(keysAskedBefore);

    // Identity away again (restarting): a listener who never came here before is still served.
    identityAnswers = false;
    expect(await sessions.verifier.inspect(token)).toEqual({ status: 'valid', claims: expect.objectContaining({ sid: 'sid-live' }) });
    // A key identity has not published to this process cannot be checked until identity answers.
    const rotated = createTokenSigner(KeyStore.inMemory(), USER_TOKEN_ISSUER, 600).sign({
      id: 'user-2',
      role: 'subscriber',
      email: 'b@example.com',
      sid: 'sid-other',
    });
    expect((await sessions.verifier.inspect(rotated)).status).toBe('unverifiable');
  } finally {
    await sessions.close();
  }
});
