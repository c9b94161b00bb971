import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { errors, Pool, type Dispatcher } from 'undici';
import { EDGE_CACHE_HEADER, REQUEST_ID_HEADER, tracingActive, USER_SESSION_COOKIE } from '@innerecho/kit';
import { apiCallCounter, type ShortWay, type ShortWayParts } from './edge-cache-lane';
import { findRoute, PERSONAL_READS, ROUTE_TABLE, type RouteRow, type ServiceName } from './route-table';
import { decodeCookieValue, readCookie } from './session-cookie';
import { isUntrustedHeader } from './untrusted-headers';
import { UNREACHABLE } from './upstream';

/** undici's own words for the same: no connection in time, or the connection closed before the answer's headers. */
const UNDICI_UNREACHABLE = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** Headers of one connection, not of the answer (undici refuses them on a request). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'trailer', 'te', 'expect']);
/** The long way's limit for a service that stays silent (renders aside). */
const UPSTREAM_TIMEOUT_MS = 120_000;
/** Keep-alive connections per service: enough for the reads in flight on one gateway, bounded so a slow service cannot take every socket. */
const CONNECTIONS_PER_SERVICE = 64;

const SERVICE_UNAVAILABLE = 'This part of InnerEcho is not responding. Please try again shortly.';

/**
 * What a forwarding failure becomes, by undici's error code: `long-way` when the service was
 * not reached or closed the connection before its answer's headers (a draining instance
 * closes its kept-alive connections; a read is safe to repeat, so the long way retries it for
 * READ_RETRY_SECONDS, then answers 503 with Retry-After); 504 when it took the connection
 * but sent no headers in time; 502 for any other failure; `gone` when the browser left first
 * (undici aborted the request: nothing is answered). An answer that breaks off after its
 * headers were sent cannot change its status: its connection is closed instead.
 */
export function upstreamFailure(code: string | undefined): 'long-way' | 'gone' | { status: 502 | 504; code: string } {
  // The long way's own rule for a read that never reached an answer, so both ways retry the same failures.
  if (code && (UNREACHABLE.has(code) || UNDICI_UNREACHABLE.has(code))) return 'long-way';
  switch (code) {
    case 'UND_ERR_ABORTED':
    case 'ABORT_ERR':
      return 'gone';
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return { status: 504, code: 'SERVICE_TIMEOUT' };
    default:
      // Anything else undici reports (a malformed answer, a closed pool).
      return { status: 502, code: 'SERVICE_UNAVAILABLE' };
  }
}

/** Whether a path's segments fit a route pattern ('/api/voice-profile/:sessionId'). */
const matcher = (pattern: string) => {
  const parts = pattern.split('/');
  return (segments: string[]) =>
    segments.length === parts.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
};
const PERSONAL_READ_MATCHERS = PERSONAL_READS.map((route) => matcher(route.slice('GET '.length)));
/** The routes a GET can be for: the same answer as the whole table's, looked up among fewer. */
const GET_ROUTES = ROUTE_TABLE.filter((row) => row.method === 'GET');
/** Personal reads' paths kept with their routes (at most this many, this long: about 5 MB). */
const ROUTES_FOUND_LIMIT = 20_000;
const ROUTES_FOUND_PATH_LIMIT = 256;

/**
 * The short way for a signed-in listener's own reads (`PERSONAL_READS`): forwarded from
 * node:http to the service with a plain keep-alive request, without Express and the proxy
 * library, which together cost more than the service's answer. Everything the long way does
 * for such a read is done here too: the drain's count, the request figures, a request id, the
 * security headers, the `/api` rate limit and its headers, the session check (only a valid
 * session goes this way; the service checks it again), the platform's own headers removed from
 * the request and the forwarding headers set afresh. Anything else (another method or path, a
 * body or encoding, no or no valid session, tracing on, a draining gateway, a client over its
 * limit, a service that cannot be reached) takes the long way, which answers it as before.
 */
export function personalReadLane(
  options: ShortWayParts & {
    urls: Record<ServiceName, string>;
    /** How long a service may take to send its answer's headers, and then to send more of its body (2 min by default). */
    timeoutMs?: number;
  },
): ShortWay {
  const { rateLimit, lifecycle, metrics, sessions, headers, stampRequestId } = options;
  const flatHeaders = headers.flat();
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const countCall = apiCallCounter(rateLimit);
  // undici keeps its connections to each service alive and bounds them per service; `npm run
  // bench:reads` measures the floor forwarded both ways (node:http's Agent and an undici Pool).
  const pools = Object.fromEntries(
    Object.entries(options.urls).map(([name, url]) => [
      name,
      new Pool(new URL(url).origin, { connections: CONNECTIONS_PER_SERVICE, keepAliveTimeout: 60_000, pipelining: 1 }),
    ]),
  ) as Record<ServiceName, Pool>;

  // A listener's reads repeat the same few paths: each personal read's route is looked up once
  // (other paths are refused by the matchers alone, and are not kept).
  const routesFound = new Map<string, RouteRow>();
  const personalReadRoute = (path: string): RouteRow | undefined => {
    const known = routesFound.get(path);
    if (known) return known;
    const segments = path.split('/');
    if (!PERSONAL_READ_MATCHERS.some((matches) => matches(segments))) return undefined;
    const route = findRoute('GET', path, GET_ROUTES);
    if (route && path.length <= ROUTES_FOUND_PATH_LIMIT) {
      if (routesFound.size >= ROUTES_FOUND_LIMIT) routesFound.clear();
      routesFound.set(path, route);
    }
    return route;
  };

  /** Resolves true once it has taken the request; false sends it the long way untouched. */
  const shortWay = async (req: IncomingMessage, res: ServerResponse, longWay: RequestListener): Promise<boolean> => {
    if (req.method !== 'GET' || lifecycle.draining || tracingActive()) return false;
    const received = req.headers;
    if (received['content-length'] !== undefined && received['content-length'] !== '0') return false;
    if (received['transfer-encoding'] !== undefined || received['content-encoding'] !== undefined) return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const route = personalReadRoute(queryAt < 0 ? url : url.slice(0, queryAt));
    if (!route) return false;
    const started = performance.now();

    const cookie = readCookie(received.cookie, USER_SESSION_COOKIE);
    const token = cookie === undefined ? undefined : decodeCookieValue(cookie);
    if (!token) return false; // a visitor: the long way
    // Most requests carry a token checked before: answered at once, without the asynchronous check.
    const inspection = sessions.inspectNow(token) ?? (await sessions.inspect(token));
    if (inspection.status !== 'valid') return false; // cleared or refused the long way

    const rateHeaders = await countCall(req);
    if (!rateHeaders) return false; // refused (429) the long way

    lifecycle.admit(res);
    // The answer's own headers, sent with its status in one writeHead (no setHeader before it):
    // every API answer's, the rate limit's and the request id, as name, value, name, value.
    const own: string[] = [...flatHeaders, REQUEST_ID_HEADER, stampRequestId(req)];
    for (const [name, value] of rateHeaders) own.push(name, value);

    // As undici takes them without another copy: name, value, name, value.
    const forwarded: string[] = [];
    for (const name in received) {
      const value = received[name];
      if (value !== undefined && !isUntrustedHeader(name) && !HOP_BY_HOP.has(name)) pushHeader(forwarded, name, value);
    }
    // The forwarding headers, set afresh as the long way's proxy sets them.
    forwarded.push('x-forwarded-for', req.socket.remoteAddress ?? '', 'x-forwarded-port', String(req.socket.localPort ?? ''));
    forwarded.push('x-forwarded-proto', 'http');
    if (received.host) forwarded.push('x-forwarded-host', received.host);

    const forwarding = new ForwardedRead(req, res, own, { path: route.path, started, metrics, longWay });
    (res as AnswerForwarded)[FORWARDING] = forwarding;
    res.on('close', leaveUnlessFinished);
    pools[route.service].dispatch(
      { method: 'GET', path: url, headers: forwarded, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      forwarding,
    );
    return true;
  };

  return (req, res, longWay) => {
    shortWay(req, res, longWay).then(
      (taken) => taken || longWay(req, res),
      () => longWay(req, res),
    );
  };
}

const FORWARDING = Symbol('forwarded read');
type AnswerForwarded = ServerResponse & { [FORWARDING]?: ForwardedRead };

/** The answer's 'close' listener, shared by every read (called with the answer as `this`): a browser that left aborts the service request. */
function leaveUnlessFinished(this: AnswerForwarded) {
  if (!this.writableFinished) this[FORWARDING]?.leave();
}

/**
 * The headers the browser gets: the service's, without those of the connection and the edge
 * cache's marker, after the gateway's own (`own`) that the service did not send itself (its
 * `cache-control`, say, replaces the gateway's), as writeHead takes them: name, value, ….
 */
function withAnswerHeaders(own: string[], received: IncomingHttpHeaders): string[] {
  const sent: string[] = [];
  for (let i = 0; i < own.length; i += 2) if (received[own[i]] === undefined) sent.push(own[i], own[i + 1]);
  for (const name in received) {
    const value = received[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== EDGE_CACHE_HEADER) pushHeader(sent, name, value);
  }
  return sent;
}

/** Adds a header to a list as node:http and undici take one, name, value, …: a repeated header once per value. */
function pushHeader(list: string[], name: string, value: string | string[]) {
  if (typeof value === 'string') list.push(name, value);
  else for (const each of value) list.push(name, each);
}

/**
 * One forwarded read, handed to undici's dispatch: the service's answer is written to the
 * browser as it arrives (status and headers with the gateway's own, then the body), with no
 * body stream, pipe or abort signal between them, which undici's `request` would make for
 * every read. A browser that leaves aborts the service request (`leave`); a write the browser
 * is slow to take pauses the service's answer until it drains. The request figures are
 * recorded when the answer ends, as the long way records them.
 */
class ForwardedRead implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private left = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    /** The gateway's own headers for the answer (name, value, …). */
    private readonly own: string[],
    /** What else the read needs: its figures' label and start, and where it goes when the service cannot be reached. */
    private readonly read: {
      /** The route pattern, the request figures' label. */
      path: string;
      /** performance.now() when the request was taken. */
      started: number;
      metrics: ShortWayParts['metrics'];
      /** Where a read that never reached the service goes: the long way retries it. */
      longWay: RequestListener;
    },
  ) {}

  /** The browser closed its request before the answer ended. */
  leave() {
    this.left = true;
    this.controller?.abort(new errors.RequestAbortedError());
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller;
    // Left while the request waited for a connection.
    if (this.left) controller.abort(new errors.RequestAbortedError());
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders) {
    this.res.writeHead(statusCode, withAnswerHeaders(this.own, headers));
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.res.write(chunk)) return;
    controller.pause();
    this.res.once('drain', () => controller.resume());
  }

  onResponseEnd() {
    this.res.end();
    this.recordAnswer();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: NodeJS.ErrnoException) {
    const { req, res } = this;
    if (res.headersSent) return void res.destroy();
    const failure = upstreamFailure(error.code ?? error.name);
    if (failure === 'gone') return void res.destroy();
    if (failure === 'long-way') return this.read.longWay(req, res);
    res.writeHead(failure.status, [...this.own, 'content-type', 'application/json; charset=utf-8']);
    res.end(JSON.stringify({ error: SERVICE_UNAVAILABLE, code: failure.code }));
    this.recordAnswer();
  }

  private recordAnswer() {
    const { path, started, metrics } = this.read;
    metrics.recordAnswer('GET', path, this.res.statusCode, started);
  }
}
