import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';

/** A JSON answer as sent: its bytes, their tag, and the compressed forms made so far. */
interface CachedAnswer {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  expiresAt: number;
  /** Only for signed-in users: never sent by `answerFromCache()`, which runs before sessions are checked. */
  private: boolean;
  /** The route pattern that made it (for the request metrics of answers sent by `answerFromCache()`). */
  route?: string;
}

export interface ReadCacheOptions {
  /**
   * How long an answer is cached. Writes and events handled by this instance drop every
   * answer at once; the lifetime bounds how long another instance's write (on the same
   * database) can go unseen here.
   */
  ttlMs: number;
  /** Answers cached at most (distinct paths with their query strings). */
  maxEntries?: number;
}

/**
 * The targeted cache directive (in the manner of CDN-Cache-Control) on every cached read: the
 * gateway may answer it itself for this long without asking the service (`signed-in`: only to
 * requests whose session it found valid). The gateway removes it before the browser sees it.
 */
export const EDGE_CACHE_HEADER = 'gateway-cache-control';
/**
 * How long the gateway answers a cached read without asking: writes through the gateway drop it
 * at once, so this bounds only how late an event's or another gateway's change shows there.
 */
export const EDGE_MAX_AGE_SECONDS = 1;

/** Bodies smaller than this are sent as they are: compressing them saves less than the header costs. */
const COMPRESS_FROM_BYTES = 1024;

/** The tag of these bytes: the same answer has the same tag in every instance. */
export const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether `If-None-Match` names `etag` (or `*`). */
export function matchesEtag(req: { headers: IncomingHttpHeaders }, etag: string): boolean {
  const given = req.headers['if-none-match'];
  if (!given) return false;
  return given
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** A read that carries a body goes the long way, where the body is checked (and refused): never to a cached answer. */
export const carriesBody = (req: { headers: IncomingHttpHeaders }) =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

/** The best encoding the client accepts among brotli and gzip, or null (q=0 refuses). */
export function acceptedEncoding(req: { headers: IncomingHttpHeaders }): 'br' | 'gzip' | null {
  const header = req.headers['accept-encoding'];
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export const compressBrotli = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      // Quality 5: within a few percent of the best for JSON, at a small fraction of its time.
      [zlib.BROTLI_PARAM_QUALITY]: 5,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
export const compressGzip = (body: Buffer) => gzipSync(body, { level: 6 });

/**
 * Sends JSON bytes the way every cached read does: an ETag (`If-None-Match` answers 304),
 * `Cache-Control: no-cache` (the browser keeps the answer but asks each time, so an edit
 * shows on the next read), and brotli or gzip when the client takes it.
 */
export function sendJsonBytes(
  req: Request,
  res: Response,
  answer: { body: Buffer; etag: string; br?: Buffer; gzip?: Buffer },
  options: { private?: boolean } = {},
) {
  res.setHeader('cache-control', options.private ? 'private, no-cache' : 'no-cache');
  res.setHeader(EDGE_CACHE_HEADER, `max-age=${EDGE_MAX_AGE_SECONDS}${options.private ? ', signed-in' : ''}`);
  res.setHeader('etag', answer.etag);
  res.setHeader('vary', 'Accept-Encoding');
  if (matchesEtag(req, answer.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(req) : null;
  let bytes = answer.body;
  if (encoding === 'br') bytes = answer.br ??= compressBrotli(answer.body);
  else if (encoding === 'gzip') bytes = answer.gzip ??= compressGzip(answer.body);
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', bytes.length);
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/**
 * Answers to public reads cached in this instance: the JSON, its ETag and its compressed
 * forms, made once and sent many times. `invalidate()` after every write and every event
 * this instance handles; a read that was under way while a write happened is not cached
 * (it may hold what the write replaced).
 */
export class ReadCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private generation = 0;
  private readonly maxEntries: number;

  constructor(private readonly options: ReadCacheOptions) {
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** Drops every answer: the next read of each is made afresh. */
  invalidate() {
    this.generation++;
    this.answers.clear();
  }

  /** Answers cached right now (for tests and metrics). */
  get size() {
    return this.answers.size;
  }

  /**
   * Sends the answer for this request's path and query, from the cache or from `produce`
   * (whose value is sent as JSON and kept). `private`: for reads that need a signed-in user
   * (the answer is the same for all of them, but shared caches must not keep it).
   */
  async send(req: Request, res: Response, produce: () => Promise<unknown>, options: { private?: boolean } = {}) {
    const key = req.originalUrl;
    let answer = this.answers.get(key);
    if (!answer || answer.expiresAt <= Date.now()) {
      const generation = this.generation;
      const body = Buffer.from(JSON.stringify(await produce()));
      const route = typeof req.route?.path === 'string' ? `${req.baseUrl ?? ''}${req.route.path}` : undefined;
      answer = { body, etag: etagOf(body), expiresAt: Date.now() + this.options.ttlMs, private: !!options.private, route };
      if (generation === this.generation) {
        if (this.answers.size >= this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
        this.answers.delete(key);
        this.answers.set(key, answer);
      }
    }
    sendJsonBytes(req, res, answer, options);
  }

  /**
   * Sends a cached public answer at once, ahead of the service's request logging, body
   * parsing and session checks (none of which it needs: it is the same for everyone);
   * everything else goes on to the routes.
   */
  answerFromCache(): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (carriesBody(req)) return next();
      const answer = this.answers.get(req.originalUrl);
      if (!answer || answer.private || answer.expiresAt <= Date.now()) return next();
      // The request metrics label it by the route that made the answer.
      if (answer.route) (req as { route?: { path: string } }).route = { path: answer.route };
      sendJsonBytes(req, res, answer);
    };
  }
}
