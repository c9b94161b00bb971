import {
  Agent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import { EDGE_CACHE_HEADER, tracingActive, USER_SESSION_COOKIE } from '@innerecho/kit';
import { apiCallCounter, type ShortWay, type ShortWayParts } from './edge-cache-lane';
import { findRoute, PERSONAL_READS, type ServiceName } from './route-table';
import { decodeCookieValue, readCookie } from './session-cookie';
import { isUntrustedHeader } from './untrusted-headers';

/** Connection errors that mean the service was not reached: the long way retries a read (READ_RETRY_SECONDS), then answers 503. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** Headers of one connection, not of the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'trailer', 'te']);
/** The long way's limit for a service that stays silent (renders aside). */
const UPSTREAM_TIMEOUT_MS = 120_000;

/** Whether a path's segments fit a route pattern ('/api/voice-profile/:sessionId'). */
const matcher = (pattern: string) => {
  const parts = pattern.split('/');
  return (segments: string[]) =>
    segments.length === parts.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
};
const PERSONAL_READ_MATCHERS = PERSONAL_READS.map((route) => matcher(route.slice('GET '.length)));

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
export function personalReadLane(options: ShortWayParts & { urls: Record<ServiceName, string> }): ShortWay {
  const { rateLimit, lifecycle, metrics, sessions, headers, stampRequestId } = options;
  const countCall = apiCallCounter(rateLimit);
  const targets = Object.fromEntries(
    Object.entries(options.urls).map(([name, url]) => {
      const { hostname, port } = new URL(url);
      return [name, { hostname, port: Number(port) || 80, agent: new Agent({ keepAlive: true }) }];
    }),
  ) as Record<ServiceName, { hostname: string; port: number; agent: Agent }>;

  /** Resolves true once it has taken the request; false sends it the long way untouched. */
  const shortWay = async (req: IncomingMessage, res: ServerResponse, longWay: RequestListener): Promise<boolean> => {
    if (req.method !== 'GET' || lifecycle.draining || tracingActive()) return false;
    if (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') return false;
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-encoding'] !== undefined) return false;
    const url = req.url ?? '';
    const path = url.split('?', 1)[0];
    const segments = path.split('/');
    if (!PERSONAL_READ_MATCHERS.some((matches) => matches(segments))) return false;
    const route = findRoute('GET', path);
    if (!route) return false;

    const cookie = readCookie(req.headers.cookie, USER_SESSION_COOKIE);
    const token = cookie === undefined ? undefined : decodeCookieValue(cookie);
    if (!token || (await sessions.inspect(token)).status !== 'valid') return false; // a visitor, or cleared or refused the long way

    const rateHeaders = await countCall(req);
    if (!rateHeaders) return false; // refused (429) the long way

    lifecycle.admit(res);
    stampRequestId(req, res);
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const [name, value] of rateHeaders) res.setHeader(name, value);

    const forwarded: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!isUntrustedHeader(name) && !HOP_BY_HOP.has(name)) forwarded[name] = value;
    // The forwarding headers, set afresh as the long way's proxy sets them.
    forwarded['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    forwarded['x-forwarded-port'] = String(req.socket.localPort ?? '');
    forwarded['x-forwarded-proto'] = 'http';
    if (req.headers.host) forwarded['x-forwarded-host'] = req.headers.host;

    const target = targets[route.service];
    const upstream = httpRequest({ ...target, method: 'GET', path: url, headers: forwarded, timeout: UPSTREAM_TIMEOUT_MS });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('service timed out'), { code: 'ETIMEDOUT' })));
    upstream.on('response', (answer) => {
      metrics.timeAnswer(req.method, res, () => route.path);
      const answerHeaders: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name) && name !== EDGE_CACHE_HEADER) answerHeaders[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      // Not reached (a restarting service): the long way retries the read (READ_RETRY_SECONDS), then answers 503.
      if (UNREACHABLE.has(error.code ?? '')) return longWay(req, res);
      metrics.timeAnswer(req.method, res, () => route.path);
      res.statusCode = 502;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(
        JSON.stringify({ error: 'This part of InnerEcho is not responding. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' }),
      );
    });
    upstream.end();
    return true;
  };

  return (req, res, longWay) => {
    shortWay(req, res, longWay).then(
      (taken) => taken || longWay(req, res),
      () => longWay(req, res),
    );
  };
}
