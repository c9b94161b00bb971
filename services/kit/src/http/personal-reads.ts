import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { hasControlCharacters } from '@innerecho/contracts';
import { USER_SESSION_COOKIE, type SessionClaims, type TokenVerifier } from '../auth/session-token';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';
import { tracingActive } from '../observability/tracing';
import type { DeclaredRoutes } from './declared-routes';
import type { Lifecycle } from '../runtime/lifecycle';
import { acceptedEncoding, compressBrotli, compressGzip } from './read-cache';
import { REQUEST_ID_HEADER } from './request-context';

/**
 * What a personal read is given: the caller as the session check found them, the path's
 * parameters and the query. An Express request has these fields too, so the same read
 * answers on both ways (see `personalReadLane`).
 */
export interface PersonalReadRequest {
  requestId: string;
  /**
   * The caller, from a verified session token: a personal read is declared for a signed-in
   * listener, so the short way takes only valid sessions and the long way checks the access first.
   */
  user: SessionClaims;
  sessionToken?: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/**
 * A GET that answers one signed-in listener's own data as JSON (their allowance, their saved
 * list, …). `answer` checks what the declared access does not (`sessionOwnership.assertOwner`)
 * and throws an AppError to refuse, exactly as a route would.
 */
export interface PersonalRead {
  /** The route pattern, e.g. '/api/saved-affirmations/:sessionId'; also its label in the request figures. */
  path: string;
  /** Headers of a successful answer besides its type (e.g. `cache-control`). */
  headers?: Record<string, string>;
  /**
   * Set only where `answer` reads the caller's session itself and throws unless it is the
   * caller's and active (neither revoked nor expired): the short way then checks the token's
   * signature alone, and the session is read once instead of twice. Only the service that
   * holds the sessions (identity) can.
   */
  answerChecksSession?: boolean;
  answer(req: PersonalReadRequest): Promise<unknown>;
}

/** Mounts the reads as ordinary declared routes (`GET <path>`): the long way, which also answers every refusal. */
export function mountPersonalReads(routes: DeclaredRoutes<any>, reads: PersonalRead[]) {
  for (const read of reads) {
    routes.handleDeclared(`GET ${read.path}`, async (req, res) => {
      const body = await read.answer(req as unknown as PersonalReadRequest);
      for (const [name, value] of Object.entries(read.headers ?? {})) res.setHeader(name, value);
      res.json(body);
    });
  }
}

/** A matcher for a route pattern: the decoded parameters of a path, or null when it is not this route's. */
function compilePattern(pattern: string): (segments: string[]) => Record<string, string> | null {
  const parts = pattern.split('/');
  return (segments) => {
    if (segments.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (part.startsWith(':')) {
        if (!segments[i]) return null;
        params[part.slice(1)] = segments[i];
      } else if (part !== segments[i]) return null;
    }
    return params;
  };
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The value of the first cookie named `name`, percent-decoded as cookie-parser decodes it; null when undecodable. */
function cookieValue(header: string | undefined, name: string): string | null | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return null;
    }
  }
  return undefined;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/**
 * The short way for a service's personal reads: answered from node:http before Express,
 * whose middleware chain (request logging, cookie and body parsers, the router's walk over
 * every route) cost more than the read itself. It does what the long way does for such a
 * request, with the same pieces: the drain's count of requests in flight, the request
 * figures, the request id, the path and query refused with control characters, and the
 * session verified by the same verifier (signature and revocation). It answers only
 * successes: a request it cannot take (another method or path, a body, tracing on, a
 * draining service, a session that is not valid) or a read that refuses (throws) goes the
 * long way, which answers it as before. A read has no effect, so running it twice is safe.
 */
export function personalReadLane(options: {
  reads: PersonalRead[];
  verifier: TokenVerifier;
  lifecycle: Lifecycle;
  metrics: ServiceMetrics;
  logger: Logger;
}): (req: IncomingMessage, res: ServerResponse, longWay: RequestListener) => void {
  const { verifier, lifecycle, metrics, logger } = options;
  const routes = options.reads.map((read) => ({
    read,
    match: compilePattern(read.path),
    headers: Object.entries(read.headers ?? {}).flat(),
  }));

  const shortWay = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || lifecycle.draining || tracingActive()) return false;
    if (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') return false;
    if (req.headers['transfer-encoding'] !== undefined || req.headers['content-encoding'] !== undefined) return false;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const segments = path.split('/');
    let found: { read: PersonalRead; params: Record<string, string>; headers: string[] } | null = null;
    for (const route of routes) {
      const params = route.match(segments);
      if (params) {
        found = { read: route.read, params, headers: route.headers };
        break;
      }
    }
    if (!found) return false;
    const decodedPath = decode(path);
    if (decodedPath === null || hasControlCharacters(decodedPath)) return false;
    for (const name in found.params) {
      const value = decode(found.params[name]);
      if (value === null) return false;
      found.params[name] = value;
    }
    const query: Record<string, string> = {};
    if (queryAt >= 0) {
      for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
        // A repeated name is an array on the long way; such a query is for the long way to judge.
        if (name in query || hasControlCharacters(name, { multiline: true }) || hasControlCharacters(value, { multiline: true }))
          return false;
        query[name] = value;
      }
    }

    const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    const token = bearer ?? cookieValue(req.headers.cookie, USER_SESSION_COOKIE);
    if (!token) return false;
    const started = performance.now();
    // Counted in flight from here, so a drain waits for it (the long way's guard counts it once more, harmlessly).
    lifecycle.admit(res);
    const signatureOnly = found.read.answerChecksSession === true;
    const inspection =
      verifier.inspectNow(token, { signatureOnly }) ?? (await (signatureOnly ? verifier.inspectSignature(token) : verifier.inspect(token)));
    if (inspection.status !== 'valid') return false;

    const incomingId = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof incomingId === 'string' && SAFE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    let body: unknown;
    try {
      body = await found.read.answer({ requestId, user: inspection.claims, sessionToken: token, params: found.params, query });
    } catch {
      return false; // refused (or failed): the long way answers it, with its status and log line
    }
    if (logger.isLevelEnabled('debug')) logger.debug({ req: { id: requestId, method: req.method, path } }, 'personal read');

    let bytes = Buffer.from(JSON.stringify(body) ?? '');
    // Sent with the status in one writeHead, as name, value, …: nothing was set on the answer before.
    const headers = [REQUEST_ID_HEADER, requestId, ...found.headers, 'content-type', 'application/json; charset=utf-8'];
    // As the long way's compression: only bodies worth it, only in an encoding the client takes.
    const encoding = bytes.length >= 1024 ? acceptedEncoding(req) : null;
    if (encoding) {
      bytes = encoding === 'br' ? compressBrotli(bytes) : compressGzip(bytes);
      headers.push('content-encoding', encoding, 'vary', 'Accept-Encoding');
    }
    headers.push('content-length', String(bytes.length));
    res.writeHead(200, headers);
    res.end(bytes);
    // The same figures the long way's metrics middleware records, timed from the start.
    metrics.recordAnswer('GET', found.read.path, 200, started);
    return true;
  };

  return (req, res, longWay) => {
    shortWay(req, res).then(
      (answered) => answered || longWay(req, res),
      () => longWay(req, res),
    );
  };
}
