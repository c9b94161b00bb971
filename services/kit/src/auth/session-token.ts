import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { KeyStore, PublicJwk } from './key-store';
import { unavailable } from '../errors';

export const USER_SESSION_COOKIE = 'ie_session';
export const CREATOR_SESSION_COOKIE = 'ie_creator_session';
export const SESSION_AUDIENCE = 'innerecho';
export const USER_TOKEN_ISSUER = 'innerecho-identity';
export const CREATOR_TOKEN_ISSUER = 'innerecho-creator-referral';

export type SessionRole = 'subscriber' | 'admin' | 'creator';

/** What a verified session says about its holder. */
export interface SessionClaims {
  id: string;
  role: SessionRole;
  email: string;
}

export interface TokenSigner {
  sign(claims: SessionClaims): string;
  readonly ttlSeconds: number;
}

export function createTokenSigner(keys: KeyStore, issuer: string, ttlSeconds: number): TokenSigner {
  return {
    ttlSeconds,
    sign(claims) {
      const key = keys.signingKey;
      return jwt.sign({ role: claims.role, email: claims.email }, key.privateKey, {
        algorithm: 'ES256',
        keyid: key.kid,
        subject: claims.id,
        issuer,
        audience: SESSION_AUDIENCE,
        expiresIn: ttlSeconds,
      });
    },
  };
}

/** Resolves a key id to a public key; may fetch (JWKS) and so is async. */
export type KeyResolver = (kid: string) => Promise<KeyObject | undefined>;

export interface TokenVerifier {
  /** The claims of a valid token; null for a missing, tampered, expired or foreign one. */
  verify(token: string | undefined): Promise<SessionClaims | null>;
}

export function createTokenVerifier(resolveKey: KeyResolver, issuer: string): TokenVerifier {
  return {
    async verify(token) {
      if (!token) return null;
      const decoded = jwt.decode(token, { complete: true });
      const kid = decoded?.header.kid;
      if (!kid || decoded?.header.alg !== 'ES256') return null;
      const key = await resolveKey(kid);
      if (!key) return null;
      try {
        const payload = jwt.verify(token, key, {
          algorithms: ['ES256'],
          issuer,
          audience: SESSION_AUDIENCE,
        }) as jwt.JwtPayload;
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
        return { id: payload.sub, role: payload.role as SessionRole, email: String(payload.email ?? '') };
      } catch {
        return null;
      }
    },
  };
}

export const localKeyResolver =
  (keys: KeyStore): KeyResolver =>
  async (kid) =>
    keys.publicKey(kid);

/**
 * Fetches the signer's JWKS over HTTP and caches it. An unknown kid (a freshly rotated
 * key) triggers a refetch; refetches are spaced at least `minRefetchMs` apart, so a flood
 * of forged kids costs the signer at most one request per interval, while a real new key
 * is picked up within that interval.
 */
export function jwksKeyResolver(jwksUrl: string, minRefetchMs = 1000): KeyResolver {
  const cache = new Map<string, KeyObject>();
  let lastFetch = 0;
  let inflight: Promise<void> | null = null;

  const refresh = async () => {
    const wait = lastFetch + minRefetchMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastFetch = Date.now();
    const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    const body = (await res.json()) as { keys: PublicJwk[] };
    for (const jwk of body.keys) cache.set(jwk.kid, createPublicKey({ key: jwk as any, format: 'jwk' }));
  };

  return async (kid) => {
    if (cache.has(kid)) return cache.get(kid);
    inflight ??= refresh().finally(() => (inflight = null));
    try {
      await inflight;
    } catch {
      // The signer is unreachable (restarting, say): the session may well be valid, so this
      // is "try again" (503), not "signed out" (401); the next request fetches again.
      throw unavailable('Could not verify your session. Please try again.', 'SESSION_KEYS_UNREACHABLE');
    }
    return cache.get(kid);
  };
}
