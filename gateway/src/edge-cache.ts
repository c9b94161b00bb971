import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { acceptedEncoding, carriesBody, EDGE_CACHE_HEADER, matchesEtag } from '@innerecho/kit';
import type { ServiceName } from './route-table';

/** The headers of a cached answer that go out again with it (the gateway adds its own around them). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control'] as const;

export interface EdgeCachedAnswer {
  service: ServiceName;
  /** Only for a request whose session the gateway found valid. */
  signedIn: boolean;
  headers: [string, string][];
  etag: string;
  body: Buffer;
  expiresAt: number;
}

export interface EdgeCacheOptions {
  /** All cached bodies together stay under this; the oldest answers go first. */
  maxBytes: number;
  /** An answer larger than this is never cached. */
  maxAnswerBytes: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * Public reads answered at the edge. A service marks an answer the gateway may keep with
 * `Gateway-Cache-Control: max-age=N` (plus `signed-in` when it is the same for every
 * signed-in user but not for visitors); the owning service still decides what is cached and
 * for how long. The gateway caches the answer for N seconds per path, query and accepted
 * encoding, answers it (or 304 for its ETag) without a hop to the service, and never passes
 * the header on. Every write to a service drops that service's cached answers when it is
 * answered, and a read that was under way meanwhile is not cached; a change that reaches the
 * service another way (an event, a write through another gateway) shows within N seconds.
 * Everything the gateway does before forwarding (rate limits, the session check, security
 * headers, request ids, metrics) still runs for a cached answer.
 */
export class EdgeCache {
  private readonly answers = new Map<string, EdgeCachedAnswer>();
  /** Per service, bumped by every write: a read that began before a bump is not cached. */
  private readonly generations = new Map<ServiceName, number>();
  private readonly readStartedIn = new WeakMap<Request, number>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: EdgeCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Answers cached right now. */
  get size() {
    return this.answers.size;
  }

  /**
   * The cached answer for this read, if any: only for a GET or HEAD without a body or a range,
   * and not past its time. Whether the caller may have it is `mayHave`'s question.
   */
  lookup(req: IncomingMessage): EdgeCachedAnswer | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined || carriesBody(req)) return undefined;
    const key = keyOf(req);
    const cached = this.answers.get(key);
    if (cached && cached.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return cached;
  }

  /** An answer cached for signed-in users goes only to a request whose session the gateway found valid. */
  static mayHave(cached: EdgeCachedAnswer, signedIn: boolean) {
    return !cached.signedIn || signedIn;
  }

  /** Sends a cached answer (304 when the request names its ETag). */
  static send(req: IncomingMessage, res: ServerResponse, cached: EdgeCachedAnswer) {
    for (const [name, value] of cached.headers) res.setHeader(name, value);
    if (matchesEtag(req, cached.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('content-length', cached.body.length);
    res.statusCode = 200;
    if (req.method === 'HEAD') res.end();
    else res.end(cached.body);
  }

  /**
   * Sends the cached answer to this read when there is one the caller may have (`signedIn`:
   * the gateway found the request's session valid); otherwise notes when the read began and
   * returns false, and the request goes on to the service.
   */
  answer(req: Request, res: Response, service: ServiceName, signedIn: boolean): boolean {
    const cached = this.lookup(req);
    if (cached && EdgeCache.mayHave(cached, signedIn)) {
      EdgeCache.send(req, res, cached);
      return true;
    }
    this.readStartedIn.set(req, this.generations.get(service) ?? 0);
    return false;
  }

  /**
   * Sees every service answer before it is passed on: removes the directive, and caches the
   * answer when the service allows it and nothing about the request or answer forbids it.
   */
  observe(proxyRes: IncomingMessage, req: Request, service: ServiceName) {
    const directive = proxyRes.headers[EDGE_CACHE_HEADER];
    if (directive === undefined) return;
    delete proxyRes.headers[EDGE_CACHE_HEADER];
    const policy = parseDirective(String(directive));
    const startedIn = this.readStartedIn.get(req);
    const etag = proxyRes.headers.etag;
    if (!policy || startedIn === undefined || req.method !== 'GET' || proxyRes.statusCode !== 200) return;
    if (!etag || proxyRes.headers['set-cookie'] !== undefined) return;
    const declared = Number(proxyRes.headers['content-length']);
    if (!Number.isInteger(declared) || declared > this.options.maxAnswerBytes) return;

    const chunks: Buffer[] = [];
    proxyRes.on('data', (chunk: Buffer) => chunks.push(chunk));
    proxyRes.once('end', () => {
      const body = Buffer.concat(chunks);
      if (body.length !== declared || (this.generations.get(service) ?? 0) !== startedIn) return;
      const headers = KEPT_HEADERS.flatMap((name) => {
        const value = proxyRes.headers[name];
        return typeof value === 'string' ? [[name, value] as [string, string]] : [];
      });
      this.store(keyOf(req), { service, signedIn: policy.signedIn, headers, etag, body, expiresAt: this.now() + policy.maxAgeMs });
    });
  }

  /** A write to `service` is under way or was answered: its cached answers may be out of date. */
  forget(service: ServiceName) {
    this.generations.set(service, (this.generations.get(service) ?? 0) + 1);
    for (const [key, cached] of this.answers) if (cached.service === service) this.remove(key);
  }

  private store(key: string, answer: EdgeCachedAnswer) {
    this.remove(key);
    this.answers.set(key, answer);
    this.bytes += answer.body.length;
    for (const [oldest] of this.answers) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const cached = this.answers.get(key);
    if (!cached) return;
    this.answers.delete(key);
    this.bytes -= cached.body.length;
  }
}

/** Path and query as sent (the gateway mounts nothing in front of its API, so `url` is whole), and the encoding the answer was chosen for. */
const keyOf = (req: IncomingMessage) => `${req.url}\n${acceptedEncoding(req) ?? 'identity'}`;

/** `max-age=N` (seconds, above zero) and the optional `signed-in`; null for anything else. */
function parseDirective(value: string): { maxAgeMs: number; signedIn: boolean } | null {
  let maxAgeMs = 0;
  let signedIn = false;
  for (const part of value.split(',').map((p) => p.trim().toLowerCase())) {
    const maxAge = /^max-age=(\d+)$/.exec(part);
    if (maxAge) maxAgeMs = Number(maxAge[1]) * 1000;
    else if (part === 'signed-in') signedIn = true;
    else return null;
  }
  return maxAgeMs > 0 ? { maxAgeMs, signedIn } : null;
}
