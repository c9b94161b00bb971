import type { CookieOptions, Request, Response } from 'express';
import {
  browserCookieOptions,
  CREATOR_SESSION_COOKIE,
  CREATOR_TOKEN_ISSUER,
  createTokenSigner,
  createTokenVerifier,
  forbidden,
  KeyStore,
  localKeyResolver,
  newSessionId,
  notFound,
  unauthorized,
  type Db,
  type SessionClaims,
  type AccessCheck,
  type TokenSigner,
  type TokenVerifier,
} from '@innerecho/kit';
import { isUuid, type Access } from '@innerecho/contracts';
import type { CreatorReferralConfig } from '../../config';
import { findActiveCreatorSession, insertCreatorSession, revokeCreatorSessions } from '../../data-access/creator-session-repository';
import { findCreatorById } from '../../data-access/referral-repository';

/**
 * Creator sessions: their own cookie, signed with this service's own keys, so a creator
 * token can never pass for a subscriber's session and the other way round. Each sign-in
 * is a session row; a token is accepted only while its row stands, so signing out (or an
 * admin resetting the password, or deleting the creator) ends it at once.
 */
export class CreatorSessions {
  readonly signer: TokenSigner;
  readonly verifier: TokenVerifier;
  /** The creator each request's `creator` check admitted, so the handler does not verify the cookie again. */
  private readonly admitted = new WeakMap<Request, SessionClaims>();

  constructor(
    private readonly config: CreatorReferralConfig,
    private readonly db: Db,
  ) {
    const keys = KeyStore.forService(config, 'creator-referral', {
      pem: config.CREATOR_SESSION_SIGNING_KEYS,
      variable: 'CREATOR_SESSION_SIGNING_KEYS',
      dir: config.CREATOR_SESSION_KEYS_DIR,
    });
    this.signer = createTokenSigner(keys, CREATOR_TOKEN_ISSUER, config.CREATOR_SESSION_TTL_SECONDS);
    this.verifier = createTokenVerifier(localKeyResolver(keys), CREATOR_TOKEN_ISSUER, {
      revocation: async (claims) => ((await findActiveCreatorSession(db, claims.sid)) === claims.id ? 'active' : 'revoked'),
    });
  }

  private cookieOptions(maxAgeMs?: number): CookieOptions {
    return browserCookieOptions(this.config, { maxAgeMs });
  }

  async start(res: Response, creator: { id: string; email: string }) {
    const sid = newSessionId();
    await insertCreatorSession(this.db, {
      id: sid,
      creatorId: creator.id,
      expiresAt: new Date(Date.now() + this.signer.ttlSeconds * 1000),
    });
    const token = this.signer.sign({ id: creator.id, role: 'creator', email: creator.email, sid });
    res.cookie(CREATOR_SESSION_COOKIE, token, this.cookieOptions(this.signer.ttlSeconds * 1000));
  }

  /** Sign-out: ends this request's creator session (if any) and clears the cookie. */
  async end(req: Request, res: Response) {
    const claims = await this.creatorOf(req);
    if (claims) await revokeCreatorSessions(this.db, { sessionId: claims.sid });
    res.clearCookie(CREATOR_SESSION_COOKIE, this.cookieOptions());
  }

  /** Sign out everywhere: every session of the creator ends. */
  async endAll(creatorId: string, res?: Response) {
    await revokeCreatorSessions(this.db, { creatorId });
    res?.clearCookie(CREATOR_SESSION_COOKIE, this.cookieOptions());
  }

  /** The creator of this request's creator cookie, whatever other session the browser also holds. */
  async creatorOf(req: Request): Promise<SessionClaims | null> {
    const claims = await this.verifier.verify(req.cookies?.[CREATOR_SESSION_COOKIE]);
    return claims?.role === 'creator' ? claims : null;
  }

  /**
   * The checks of the creator area's declared access kinds: `creator`, a creator's session
   * (signed out, or signed in as someone else, 401; or `notCreator`'s refusal for a caller
   * signed in as a listener or an admin); `creator-or-admin`, the creator named in the path
   * or an admin (see `assertCanRead`).
   */
  accessChecks(options: { notCreator?: () => Error } = {}): Partial<Record<Access, AccessCheck>> {
    return {
      creator: async (req) => {
        const claims = await this.creatorOf(req);
        if (!claims) throw req.user && options.notCreator ? options.notCreator() : unauthorized('Please sign in to your creator account');
        this.admitted.set(req, claims);
      },
      'creator-or-admin': (req) => this.assertCanRead(req, String(req.params.creatorId)),
    };
  }

  /** The creator the `creator` access check admitted for this request (after it, never missing). */
  admittedCreator(req: Request): SessionClaims {
    const claims = this.admitted.get(req);
    if (!claims) throw unauthorized('Please sign in to your creator account');
    return claims;
  }

  /**
   * Creator data: the creator themself, or an admin. Another creator's id answers 403; an
   * id that names no creator answers 404.
   */
  async assertCanRead(req: Request, creatorId: string): Promise<void> {
    if (!isUuid(creatorId)) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    const creator = await this.creatorOf(req);
    if (creator) {
      if (creator.id !== creatorId) throw forbidden('You can only see your own dashboard', 'NOT_YOUR_DATA');
      return;
    }
    if (req.user?.role === 'admin') {
      if (!(await findCreatorById(this.db, creatorId))) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
      return;
    }
    if (req.user) throw forbidden('You can only see your own dashboard', 'NOT_YOUR_DATA');
    throw unauthorized('Please sign in to your creator account');
  }
}
