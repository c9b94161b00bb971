import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ipKeyGenerator, type MemoryStore } from 'express-rate-limit';
import {
  REQUEST_ID_HEADER,
  tracingActive,
  USER_SESSION_COOKIE,
  type Lifecycle,
  type ServiceMetrics,
  type TokenVerifier,
} from '@innerecho/kit';
import { EdgeCache } from './edge-cache';
import { findRoute } from './route-table';
import { decodeCookieValue, readCookie } from './session-cookie';

/**
 * Client keys worked out lately, by address. Working out an IPv6 address's /56 takes about
 * 16 µs (the address is parsed twice), as much as the rest of a personal read's checks at
 * the gateway, and a browser sends every request of a page from the same address.
 */
const clientKeys = new Map<string, string>();
/** Addresses remembered at most; past that the memory starts again (a client rotating addresses only costs itself the parse). */
const CLIENT_KEYS_KEPT = 10_000;

/** The key a client's API calls are counted under: its address (an IPv6 client's /56). */
export function apiClientKey(address: string | undefined): string {
  const ip = address ?? '';
  let key = clientKeys.get(ip);
  if (key === undefined) {
    if (clientKeys.size >= CLIENT_KEYS_KEPT) clientKeys.clear();
    key = ipKeyGenerator(ip);
    clientKeys.set(ip, key);
  }
  return key;
}

export interface ApiRateLimit {
  /** The counts express-rate-limit keeps for the `/api` limit (the same store, so one count). */
  counts: MemoryStore;
  limit: number;
  windowMs: number;
}

/** The long way's pieces a short way uses too, so that both count, stamp and check a request alike. */
export interface ShortWayParts {
  rateLimit: ApiRateLimit;
  lifecycle: Lifecycle;
  metrics: ServiceMetrics;
  sessions: TokenVerifier;
  /** The headers every API answer starts with. */
  headers: [string, string][];
  /** Gives the request its id (forwarded to the service) and returns it, for the answer's `x-request-id`. */
  stampRequestId: (req: IncomingMessage) => string;
}

/** Answers a request itself, or hands it to the long way. */
export type ShortWay = (req: IncomingMessage, res: ServerResponse, longWay: RequestListener) => void;

/**
 * Counts one API call of a short way against the `/api` limit, in the long way's own store.
 * Resolves to the headers express-rate-limit sends on the long way (IETF draft 7), or null
 * when the client is over its limit (the long way then refuses it with 429).
 */
export function apiCallCounter(rateLimit: ApiRateLimit): (req: IncomingMessage) => Promise<[string, string][] | null> {
  const policy = `${rateLimit.limit};w=${Math.ceil(rateLimit.windowMs / 1000)}`;
  return async (req) => {
    const { totalHits, resetTime } = await rateLimit.counts.increment(apiClientKey(req.socket.remoteAddress));
    if (totalHits > rateLimit.limit) return null;
    const resetSeconds = resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 0;
    return [
      ['ratelimit-policy', policy],
      ['ratelimit', `limit=${rateLimit.limit}, remaining=${Math.max(0, rateLimit.limit - totalHits)}, reset=${resetSeconds}`],
    ];
  };
}

/**
 * The short way for a read the gateway caches (see EdgeCache): answered from node:http before
 * Express, which alone costs about 80 µs a request on a 2-core machine, five times a bare
 * node:http answer. Everything the long way does for such a read is done here too, with the
 * same pieces: the drain's count of requests in flight, the request figures, a request id,
 * the security headers, the `/api` rate limit and its headers, and the session check (a read
 * cached for signed-in users needs a valid session). Anything else (another method or path, no
 * cached answer, a session cookie that is not valid, tracing on, a draining gateway, a client
 * over its limit, a request body or encoding) takes the long way, which answers it as before.
 */
export function edgeCacheLane(options: ShortWayParts & { edgeCache: EdgeCache }): ShortWay {
  const { edgeCache, rateLimit, lifecycle, metrics, sessions, headers, stampRequestId } = options;
  const countCall = apiCallCounter(rateLimit);

  /** The cached answer a request may be given here, found without waiting on anything. */
  const candidate = (req: IncomingMessage) => {
    if (lifecycle.draining || tracingActive() || req.headers['content-encoding'] !== undefined) return undefined;
    const cached = edgeCache.lookup(req);
    const route = cached && findRoute(req.method!, req.url!.split('?', 1)[0]);
    return route ? { cached: cached!, route } : undefined;
  };

  const shortWay = async (req: IncomingMessage, res: ServerResponse, { cached, route }: NonNullable<ReturnType<typeof candidate>>) => {
    const cookie = readCookie(req.headers.cookie, USER_SESSION_COOKIE);
    const token = cookie === undefined ? undefined : decodeCookieValue(cookie);
    if (token === null) return false;
    const signedIn = token !== undefined && (sessions.inspectNow(token) ?? (await sessions.inspect(token))).status === 'valid';
    if (token !== undefined && !signedIn) return false; // cleared or refused the long way
    if (!EdgeCache.mayHave(cached, signedIn)) return false;

    const rateHeaders = await countCall(req);
    if (!rateHeaders) return false; // refused (429) the long way

    lifecycle.admit(res);
    metrics.timeAnswer(req.method, res, () => route.path);
    res.setHeader(REQUEST_ID_HEADER, stampRequestId(req));
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const [name, value] of rateHeaders) res.setHeader(name, value);
    EdgeCache.send(req, res, cached);
    return true;
  };

  return (req, res, longWay) => {
    // Most requests have no cached answer (every personal read): they go on at once, not a promise later.
    let found: ReturnType<typeof candidate>;
    try {
      found = candidate(req);
    } catch {
      found = undefined; // whatever the lookup could not read, the long way answers
    }
    if (!found) return longWay(req, res);
    shortWay(req, res, found).then(
      (answered) => answered || longWay(req, res),
      () => longWay(req, res),
    );
  };
}
