import type { Logger } from '../logger';
import {
  createTokenVerifier,
  jwksKeyResolver,
  type JwksKeyResolver,
  USER_TOKEN_ISSUER,
  type RevocationCheck,
  type SessionClaims,
  type TokenVerifier,
} from './session-token';

/** One page of identity's revocation feed: revoked session ids after `cursor`, oldest first. */
export interface RevocationFeedPage {
  revocations: { sid: string; expiresAt: string }[];
  /** Pass back as `after` to get what was revoked since. */
  cursor: string;
  /** More pages are waiting right now. */
  more: boolean;
}

export const REVOCATION_FEED_PATH = '/internal/session-revocations';

export interface RevocationFeedOptions {
  /** identity's base URL. */
  identityUrl: string;
  logger: Logger;
  /** How long identity may hold a request open waiting for the next revocation. */
  waitSeconds?: number;
  /** How long a check waits for the first load before answering 'unknown'. */
  firstLoadWaitMs?: number;
}

/**
 * The user sessions that were ended before they expired, as this process knows them.
 *
 * It loads the whole list from identity once, then keeps a long-poll open on identity's
 * feed: identity answers the moment a session is revoked (sign-out, sign out everywhere,
 * a password change), so every process knows within about a second, without asking
 * identity on each request. Entries leave the list when their token would have expired
 * anyway. Until the first load completes, checks answer 'unknown' (the request is refused
 * without signing the browser out); if identity becomes unreachable later, what is already
 * known keeps being enforced and the feed retries with backoff.
 */
export class SessionRevocationFeed {
  private readonly revoked = new Map<string, number>();
  private cursor = '0';
  private loaded = false;
  private readonly firstLoad: Promise<void>;
  private markLoaded!: () => void;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;

  constructor(private readonly options: RevocationFeedOptions) {
    this.firstLoad = new Promise((resolve) => (this.markLoaded = resolve));
  }

  start(): this {
    this.running ??= this.follow();
    return this;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }

  /** The whole list has been loaded once: from now on every check has an answer. */
  get isLoaded(): boolean {
    return this.loaded;
  }

  /** Resolves true once the list is loaded, false if `timeoutMs` passes first. */
  whenLoaded(timeoutMs: number): Promise<boolean> {
    return this.loaded
      ? Promise.resolve(true)
      : within(
          timeoutMs,
          this.firstLoad.then(() => true),
        );
  }

  /** For a token verifier: `createTokenVerifier(resolver, issuer, { revocation: feed.check })`. */
  readonly check: RevocationCheck = Object.assign(
    async (claims: SessionClaims) =>
      this.standing(claims) ?? ((await this.whenLoaded(this.options.firstLoadWaitMs ?? 3000)) ? this.standing(claims)! : 'unknown'),
    // Loaded (every request after the first moments): answered without a wait on this hot path.
    { now: (claims: SessionClaims) => this.standing(claims) },
  );

  /** The session's standing by the list as loaded; undefined before its first load. */
  private standing(claims: SessionClaims): 'active' | 'revoked' | undefined {
    if (!this.loaded) return undefined;
    return this.revoked.has(claims.sid) ? 'revoked' : 'active';
  }

  private async follow() {
    const wait = this.options.waitSeconds ?? 25;
    let failures = 0;
    while (!this.abort.signal.aborted) {
      try {
        const url = `${this.options.identityUrl}${REVOCATION_FEED_PATH}?after=${encodeURIComponent(this.cursor)}&waitSeconds=${this.loaded ? wait : 0}`;
        const res = await fetch(url, { signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout((wait + 10) * 1000)]) });
        if (!res.ok) throw new Error(`revocation feed answered ${res.status}`);
        const page = (await res.json()) as RevocationFeedPage;
        const now = Date.now();
        for (const { sid, expiresAt } of page.revocations) {
          const expires = Date.parse(expiresAt);
          if (expires > now) this.revoked.set(sid, expires);
        }
        for (const [sid, expires] of this.revoked) if (expires <= now) this.revoked.delete(sid);
        this.cursor = page.cursor;
        if (!page.more && !this.loaded) {
          this.loaded = true;
          this.markLoaded();
        }
        failures = 0;
      } catch (error) {
        if (this.abort.signal.aborted) return;
        failures++;
        if (failures === 1 || failures % 30 === 0) {
          this.options.logger.warn({ err: error, failures }, 'session revocation feed unreachable; retrying');
        }
        await pauseUntilStopped(retryDelayMs(failures), this.abort.signal);
      }
    }
  }
}

/** What `loaded` answers, or false if `timeoutMs` passes first (the timer keeps no process alive). */
function within(timeoutMs: number, loaded: Promise<boolean>): Promise<boolean> {
  return Promise.race([loaded, new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref())]);
}

/** The wait before the next try after `failures` failed ones in a row: 0.4 s, doubling, at most 5 s. */
const retryDelayMs = (failures: number) => Math.min(5000, 200 * 2 ** Math.min(failures, 5));

/** Waits `ms`, but not past `stopped`; leaves no listener behind on it, however many times it waits. */
function pauseUntilStopped(ms: number, stopped: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stopped.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stopped.addEventListener('abort', done, { once: true });
  });
}

/** Something a process loads from identity before it can check sessions, and can be asked about. */
export interface LoadedFromIdentity {
  readonly isLoaded: boolean;
  /** Resolves true once loaded, false if `timeoutMs` passes first. */
  whenLoaded(timeoutMs: number): Promise<boolean>;
}

/**
 * Fetches identity's published keys as soon as the process starts, and again with backoff until
 * they are in, so a process holds them before the first signed-in request and goes on checking
 * sessions while identity restarts (otherwise a process that had no signed-in request yet
 * could check none while identity is away).
 */
function loadKeysAtStart(keys: JwksKeyResolver, logger: Logger, stopped: AbortSignal): LoadedFromIdentity {
  const loading = (async () => {
    for (let failures = 1; !stopped.aborted; failures++) {
      try {
        await keys.load();
        return;
      } catch (error) {
        if (failures === 1 || failures % 30 === 0) logger.warn({ err: error, failures }, "identity's session keys unreachable; retrying");
        await pauseUntilStopped(retryDelayMs(failures), stopped);
      }
    }
  })();
  return {
    get isLoaded() {
      return keys.isLoaded;
    },
    whenLoaded: (timeoutMs) =>
      keys.isLoaded
        ? Promise.resolve(true)
        : within(
            timeoutMs,
            loading.then(() => keys.isLoaded),
          ),
  };
}

/**
 * How services and the gateway verify user sessions: the signature against identity's
 * published keys (JWKS), then the session id against the revocation feed. Both are loaded when
 * the process starts; once in, sessions are checked while identity is away.
 */
export function createUserSessionVerifier(options: { identityUrl: string; logger: Logger }): {
  verifier: TokenVerifier;
  /** Identity's keys, for readiness: no signature can be checked before they are in. */
  keys: LoadedFromIdentity;
  /** The revocation feed, for readiness: a session cannot be checked before its first load. */
  feed: LoadedFromIdentity;
  close(): Promise<void>;
} {
  const stopped = new AbortController();
  const feed = new SessionRevocationFeed({ identityUrl: options.identityUrl, logger: options.logger }).start();
  const resolver = jwksKeyResolver(`${options.identityUrl}/.well-known/jwks.json`);
  const keys = loadKeysAtStart(resolver, options.logger, stopped.signal);
  const verifier = createTokenVerifier(resolver, USER_TOKEN_ISSUER, { revocation: feed.check });
  return {
    verifier,
    keys,
    feed,
    close: () => {
      stopped.abort();
      return feed.stop();
    },
  };
}
