import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import jwt from 'jsonwebtoken';

/**
 * A local OpenID Connect provider that answers like a real one for the authorization code
 * flow: discovery, JWKS, /authorize (signs the user in at once and redirects back with a
 * code), /token (checks the client secret, the redirect URI and the PKCE verifier, and
 * returns an RS256 id_token carrying the nonce).
 */
export async function startOidcProvider(user: { sub: string; email: string; name: string; email_verified?: boolean }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const client = { id: 'innerecho-test', secret: 'test-secret' };
  const codes = new Map<string, { redirectUri: string; challenge: string; nonce: string }>();
  const seen: { authorize?: Record<string, string>; tokenRequests: number; verifierChecked: boolean } = {
    tokenRequests: 0,
    verifierChecked: false,
  };

  const app = express();
  app.use(express.urlencoded({ extended: false }));
  let issuer = '';

  app.get('/.well-known/openid-configuration', (_req, res) => {
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });
  app.get('/jwks', (_req, res) => {
    res.json({ keys: [{ ...(publicKey.export({ format: 'jwk' }) as object), kid, alg: 'RS256', use: 'sig' }] });
  });
  app.get('/authorize', (req, res) => {
    const q = req.query as Record<string, string>;
    seen.authorize = q;
    if (q.client_id !== client.id || q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !q.code_challenge) {
      res.status(400).send('bad authorization request');
      return;
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, { redirectUri: q.redirect_uri, challenge: q.code_challenge, nonce: q.nonce });
    res.redirect(302, `${q.redirect_uri}?code=${code}&state=${encodeURIComponent(q.state)}&iss=${encodeURIComponent(issuer)}`);
  });
  app.post('/token', (req, res) => {
    seen.tokenRequests++;
    const basic = Buffer.from((req.header('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString();
    const [id, secret] = basic ? basic.split(':').map(decodeURIComponent) : [req.body.client_id, req.body.client_secret];
    const grant = codes.get(req.body.code);
    if (id !== client.id || secret !== client.secret) return void res.status(401).json({ error: 'invalid_client' });
    if (!grant || grant.redirectUri !== req.body.redirect_uri) return void res.status(400).json({ error: 'invalid_grant' });
    const challenge = createHash('sha256')
      .update(String(req.body.code_verifier ?? ''))
      .digest('base64url');
    if (challenge !== grant.challenge)
      return void res.status(400).json({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
    seen.verifierChecked = true;
    codes.delete(req.body.code);
    const idToken = jwt.sign({ ...user, nonce: grant.nonce }, privateKey, {
      algorithm: 'RS256',
      keyid: kid,
      issuer,
      audience: client.id,
      expiresIn: 300,
    });
    res.json({ access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, client, seen, stop: () => new Promise<void>((r) => server.close(() => r())) };
}
