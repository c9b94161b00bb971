import { join } from 'node:path';
import type { CookieOptions, Request, Response } from 'express';
import {
  CREATOR_SESSION_COOKIE,
  CREATOR_TOKEN_ISSUER,
  createTokenSigner,
  createTokenVerifier,
  forbidden,
  KeyStore,
  localKeyResolver,
  unauthorized,
  type SessionClaims,
  type TokenSigner,
  type TokenVerifier,
} from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';

/**
 * Creator sessions: their own cookie, signed with this service's own keys, so a creator
 * token can never pass for a subscriber's session and the other way round.
 */
export class CreatorSessions {
  readonly signer: TokenSigner;
  readonly verifier: TokenVerifier;

  constructor(private readonly config: CreatorReferralConfig) {
    const keys =
      config.DATA_DIR === 'memory://' && !config.CREATOR_SESSION_KEYS_DIR
        ? KeyStore.inMemory()
        : KeyStore.openDirectory(config.CREATOR_SESSION_KEYS_DIR ?? join(config.DATA_DIR, 'creator-referral', 'keys'));
    this.signer = createTokenSigner(keys, CREATOR_TOKEN_ISSUER, config.CREATOR_SESSION_TTL_SECONDS);
    this.verifier = createTokenVerifier(localKeyResolver(keys), CREATOR_TOKEN_ISSUER);
  }

  private cookieOptions(maxAgeMs?: number): CookieOptions {
    const secure = this.config.COOKIE_SECURE ? this.config.COOKIE_SECURE === 'true' : this.config.PUBLIC_URL.startsWith('https:');
    return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) };
  }

  start(res: Response, creator: { id: string; email: string }) {
    const token = this.signer.sign({ id: creator.id, role: 'creator', email: creator.email });
    res.cookie(CREATOR_SESSION_COOKIE, token, this.cookieOptions(this.signer.ttlSeconds * 1000));
  }

  clear(res: Response) {
    res.clearCookie(CREATOR_SESSION_COOKIE, this.cookieOptions());
  }

  /** The creator of this request's creator cookie, whatever other session the browser also holds. */
  async creatorOf(req: Request): Promise<SessionClaims | null> {
    const claims = await this.verifier.verify(req.cookies?.[CREATOR_SESSION_COOKIE]);
    return claims?.role === 'creator' ? claims : null;
  }

  /**
   * Creator data: the creator themself, or an admin. Another creator's id answers 403.
   */
  async assertCanRead(req: Request, creatorId: string): Promise<void> {
    const creator = await this.creatorOf(req);
    if (creator) {
      if (creator.id !== creatorId) throw forbidden('You can only see your own dashboard', 'NOT_YOUR_DATA');
      return;
    }
    if (req.user?.role === 'admin') return;
    if (req.user) throw forbidden('You can only see your own dashboard', 'NOT_YOUR_DATA');
    throw unauthorized('Please sign in to your creator account');
  }
}
