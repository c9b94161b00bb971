import { generators, Issuer, type BaseClient } from 'openid-client';
import type { IdentityConfig } from '../../config';

export interface OidcStart {
  url: string;
  /** Kept in a short-lived signed cookie until the provider calls back. */
  pending: { state: string; nonce: string; codeVerifier: string; returnTo: string };
}

/**
 * Sign-in through an OpenID Connect provider: authorization code flow with PKCE (S256),
 * state and nonce. The provider is discovered on first use.
 */
export class OidcSignIn {
  private client: Promise<BaseClient> | null = null;

  constructor(private readonly config: IdentityConfig) {}

  get redirectUri() {
    return `${this.config.PUBLIC_URL}/api/auth/callback`;
  }

  private getClient() {
    this.client ??= Issuer.discover(this.config.OIDC_ISSUER!).then(
      (issuer) =>
        new issuer.Client({
          client_id: this.config.OIDC_CLIENT_ID!,
          client_secret: this.config.OIDC_CLIENT_SECRET!,
          redirect_uris: [this.redirectUri],
          response_types: ['code'],
        }),
    );
    this.client.catch(() => (this.client = null));
    return this.client;
  }

  async start(returnTo: string): Promise<OidcStart> {
    const client = await this.getClient();
    const codeVerifier = generators.codeVerifier();
    const state = generators.state();
    const nonce = generators.nonce();
    const url = client.authorizationUrl({
      scope: 'openid email profile',
      code_challenge: generators.codeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, pending: { state, nonce, codeVerifier, returnTo } };
  }

  async finish(callbackUrl: string, pending: OidcStart['pending']): Promise<{ subject: string; email: string; name: string }> {
    const client = await this.getClient();
    const params = client.callbackParams(callbackUrl);
    const tokens = await client.callback(this.redirectUri, params, {
      state: pending.state,
      nonce: pending.nonce,
      code_verifier: pending.codeVerifier,
    });
    const claims = tokens.claims();
    if (!claims.email || claims.email_verified === false) throw new Error('The provider did not confirm an email address');
    return { subject: claims.sub, email: String(claims.email).trim().toLowerCase(), name: String(claims.name ?? '') };
  }
}
