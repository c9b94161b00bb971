import { createTokenSigner, createTokenVerifier, KeyStore, localKeyResolver } from '../src';

/**
 * A verifier remembers the tokens whose signature it checked, found by their last characters
 * (their signature's): a token that only ends like a remembered one is not taken for it.
 */
const ISSUER = 'innerecho-test';
const claims = { id: '5f0b7c1e-8a43-4a8e-9b7e-2d7f0c1a9b11', role: 'subscriber' as const, email: 'a@example.com', sid: 'sid-1' };
const keys = () =>
  KeyStore.open({
    pem: KeyStore.generatePem(),
    variable: 'SESSION_SIGNING_KEYS',
    defaultDir: '/nonexistent',
    inMemory: true,
    requireConfigured: true,
  });

test('a token with another payload under a remembered signature is refused, at once and after the full check', async () => {
  const store = keys();
  const token = createTokenSigner(store, ISSUER, 3600).sign(claims);
  const verifier = createTokenVerifier(localKeyResolver(store), ISSUER);
  expect(await verifier.verify(token)).toMatchObject({ id: claims.id });
  // Remembered: answered without the asynchronous check.
  expect(verifier.inspectNow(token)).toEqual({ status: 'valid', claims: expect.objectContaining({ id: claims.id }) });

  const [header, payload, signature] = token.split('.');
  const asAdmin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString(
    'base64url',
  );
  const forged = `${header}.${asAdmin}.${signature}`;
  expect(forged.slice(-32)).toBe(token.slice(-32));
  expect(verifier.inspectNow(forged)).toBeUndefined();
  expect(await verifier.inspect(forged)).toEqual({ status: 'invalid' });
  // The genuine token is still remembered and valid.
  expect(verifier.inspectNow(token)).toMatchObject({ status: 'valid' });
});
