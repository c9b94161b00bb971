import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { KeyStore, PublicJwk } from './key-store';

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
  /**
   * The session's own id (the `sid` claim): the signer records it when the session
   * starts, and signing out revokes it, so a copied token stops working at once instead
   * of living until it expires.
   */
  sid: string;
}

export interface TokenSigner {
  sign(claims: SessionClaims): string;
  readonly ttlSeconds: number;
}

/** A session id: 128 random bits, URL-safe. */
export const newSessionId = () => randomBytes(16).toString('base64url');

export function createTokenSigner(keys: KeyStore, issuer: string, ttlSeconds: number): TokenSigner {
  return {
    ttlSeconds,
    sign(claims) {
      const key = keys.signingKey;
      return jwt.sign({ role: claims.role, email: claims.email, sid: claims.sid }, key.privateKey, {
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

/**
 * Resolves a key id to a public key; may fetch (JWKS) and so is async. Resolves undefined
 * for a key the signer does not have; rejects when the signer cannot be asked right now.
 */
export interface KeyResolver {
  (kid: string): Promise<KeyObject | undefined>;
  /** The key it already holds for `kid`, without waiting; undefined when only the call can tell. */
  held?(kid: string): KeyObject | undefined;
}

/**
 * Whether a session id still stands. 'unknown': the answer cannot be had right now (the
 * revocation list has not loaded yet), which is neither a yes nor a no.
 */
export interface RevocationCheck {
  (claims: SessionClaims): Promise<'active' | 'revoked' | 'unknown'>;
  /** The same answer without waiting, where it is at hand (a loaded revocation list); undefined otherwise. */
  now?(claims: SessionClaims): 'active' | 'revoked' | undefined;
}

/**
 * What a token is worth: `valid` with its claims; `invalid` (missing, malformed, tampered,
 * expired, foreign, revoked), which a browser should forget; or `unverifiable`, when the
 * keys or the revocation list cannot be reached right now, which is a refusal for this
 * request but no reason to throw the session away.
 */
export type TokenInspection = { status: 'valid'; claims: SessionClaims } | { status: 'invalid' } | { status: 'unverifiable' };

export interface TokenVerifier {
  /** The claims of a valid token; null for any other. */
  verify(token: string | undefined): Promise<SessionClaims | null>;
  inspect(token: string | undefined): Promise<TokenInspection>;
  /**
   * The token's signature, issuer, audience and expiry, without asking whether its session
   * was revoked: only for a caller whose own query reads the session and refuses unless it is
   * active (identity's reads of the signed-in user), so the session is read once, not twice.
   */
  inspectSignature(token: string | undefined): Promise<TokenInspection>;
  /**
   * What `inspect` (or, with `signatureOnly`, `inspectSignature`) would answer, when it can be
   * told without waiting: a token whose signature was checked before, its key still held, and
   * its session's standing known here. Undefined when only the asynchronous check can tell.
   * A browser sends the same token with every request, so most requests are answered here.
   */
  inspectNow(token: string, options?: { signatureOnly?: boolean }): TokenInspection | undefined;
}

/** Checked tokens remembered per verifier (a few MB at most). */
const CHECKED_TOKENS_KEPT = 10_000;

/** A token whose signature was checked, with what the check found. */
interface CheckedToken {
  token: string;
  kid: string;
  key: KeyObject;
  claims: SessionClaims;
  expiresAt: number;
}

/**
 * Where a checked token is kept: its last characters (its signature's), not the whole token.
 * A map hashes its key in full on every lookup, and a token arrives as a new string with
 * every request: hashing all of its ~600 characters costs more than the rest of the lookup.
 * The whole token is compared before an entry is used; two tokens ending alike only take
 * each other's place.
 */
const checkedKey = (token: string) => token.slice(-32);

export function createTokenVerifier(
  resolveKey: KeyResolver,
  issuer: string,
  options: { revocation?: RevocationCheck } = {},
): TokenVerifier {
  /**
   * Tokens whose signature, issuer and audience were checked, with the key that checked them
   * and their expiry: an ES256 verification costs more than the rest of a cached read, and a
   * browser sends the same token with every request. The key is resolved every time (a
   * retired key stops its tokens) and revocation is asked every time; only the signature
   * check is remembered, until the token expires.
   */
  const checked = new Map<string, CheckedToken>();
  const remember = (token: string, entry: Omit<CheckedToken, 'token'>) => {
    if (checked.size >= CHECKED_TOKENS_KEPT) checked.delete(checked.keys().next().value!);
    checked.set(checkedKey(token), { ...entry, token });
  };
  const recall = (token: string): CheckedToken | undefined => {
    const known = checked.get(checkedKey(token));
    return known?.token === token ? known : undefined;
  };
  const forget = (token: string) => {
    if (recall(token)) checked.delete(checkedKey(token));
  };
  const revocationOf = async (claims: SessionClaims): Promise<TokenInspection> => {
    if (options.revocation) {
      const state = await options.revocation(claims).catch(() => 'unknown' as const);
      if (state === 'revoked') return { status: 'invalid' };
      if (state === 'unknown') return { status: 'unverifiable' };
    }
    return { status: 'valid', claims };
  };
  const signatureOnly = async (claims: SessionClaims): Promise<TokenInspection> => ({ status: 'valid', claims });
  /** The token checked as far as its signature, then its claims handed to `sessionCheck`. */
  const inspectWith = async (
    token: string | undefined,
    sessionCheck: (claims: SessionClaims) => Promise<TokenInspection>,
  ): Promise<TokenInspection> => {
    const known = token ? recall(token) : undefined;
    if (token && known) {
      if (known.expiresAt <= Date.now()) forget(token);
      else {
        let key: KeyObject | undefined;
        try {
          key = await resolveKey(known.kid);
        } catch {
          return { status: 'unverifiable' };
        }
        if (key === known.key) return sessionCheck(known.claims);
        forget(token);
      }
    }
    if (!token || token.length > 4096) return { status: 'invalid' };
    const decoded = jwt.decode(token, { complete: true });
    const kid = decoded?.header.kid;
    if (!kid || decoded?.header.alg !== 'ES256') return { status: 'invalid' };
    let key: KeyObject | undefined;
    try {
      key = await resolveKey(kid);
    } catch {
      return { status: 'unverifiable' };
    }
    if (!key) return { status: 'invalid' };
    let claims: SessionClaims;
    try {
      const payload = jwt.verify(token, key, { algorithms: ['ES256'], issuer, audience: SESSION_AUDIENCE }) as jwt.JwtPayload;
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string')
        return { status: 'invalid' };
      claims = { id: payload.sub, role: payload.role as SessionRole, email: String(payload.email ?? ''), sid: payload.sid };
      if (typeof payload.exp === 'number' && payload.nbf === undefined)
        remember(token, { kid, key, claims, expiresAt: payload.exp * 1000 });
    } catch {
      return { status: 'invalid' };
    }
    return sessionCheck(claims);
  };
  const inspect = (token: string | undefined) => inspectWith(token, revocationOf);
  const inspectNow = (token: string, { signatureOnly = false } = {}): TokenInspection | undefined => {
    const known = recall(token);
    // An expired token, or a key that changed or is not held here: the asynchronous check tells.
    if (!known || known.expiresAt <= Date.now() || resolveKey.held?.(known.kid) !== known.key) return undefined;
    if (signatureOnly || !options.revocation) return { status: 'valid', claims: known.claims };
    const state = options.revocation.now?.(known.claims);
    if (state === 'active') return { status: 'valid', claims: known.claims };
    return state === 'revoked' ? { status: 'invalid' } : undefined;
  };
  return {
    inspect,
    inspectNow,
    inspectSignature: (token) => inspectWith(token, signatureOnly),
    async verify(token) {
      const result = await inspect(token);
      return result.status === 'valid' ? result.claims : null;
    },
  };
}

export const localKeyResolver = (keys: KeyStore): KeyResolver =>
  Object.assign(async (kid: string) => keys.publicKey(kid), { held: (kid: string) => keys.publicKey(kid) });

/** A key resolver that fetches the signer's published keys, and can be asked to before any token comes. */
export interface JwksKeyResolver extends KeyResolver {
  /** Fetches the published keys now (spaced like every fetch); rejects when the signer cannot be reached. */
  load(): Promise<void>;
  /** The signer's keys were fetched at least once: tokens can be checked while the signer is away. */
  readonly isLoaded: boolean;
}

/**
 * Fetches the signer's JWKS over HTTP and caches it. An unknown kid (a freshly rotated
 * key) triggers a refetch; refetches are spaced at least `minRefetchMs` apart, so a flood
 * of forged kids costs the signer at most one request per interval, while a real new key
 * is picked up within that interval.
 */
export function jwksKeyResolver(jwksUrl: string, minRefetchMs = 1000): JwksKeyResolver {
  const cache = new Map<string, KeyObject>();
  let lastFetch = 0;
  let inflight: Promise<void> | null = null;
  let isLoaded = false;

  const refresh = async () => {
    const wait = lastFetch + minRefetchMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastFetch = Date.now();
    const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    const body = (await res.json()) as { keys: PublicJwk[] };
    for (const jwk of body.keys) cache.set(jwk.kid, createPublicKey({ key: jwk as any, format: 'jwk' }));
    isLoaded = true;
  };
  const load = () => (inflight ??= refresh().finally(() => (inflight = null)));

  const resolve = async (kid: string) => {
    if (cache.has(kid)) return cache.get(kid);
    // The signer unreachable rejects (refuse this request, try again on the next one);
    // a kid the signer does not list resolves undefined (a forged or retired key).
    await load();
    return cache.get(kid);
  };
  // A getter, not a copied value (Object.assign would copy isLoaded's value once).
  return Object.defineProperty(Object.assign(resolve, { held: (kid: string) => cache.get(kid), load }), 'isLoaded', {
    get: () => isLoaded,
  }) as JwksKeyResolver;
}
