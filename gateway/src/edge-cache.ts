import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { acceptedEncoding, carriesBody, EDGE_CACHE_HEADER, matchesEtag } from '@innerecho/kit';
import type { ServiceName } from './route-table';

/** The headers of a kept answer that go out again with it (the gateway adds its own around them). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control'] as const;

export interface KeptAnswer {
  service: ServiceName;
  /** Only for a request whose session the gateway found valid. */
  signedIn: boolean;
  headers: [string, string][];
  etag: string;
  body: Buffer;
  expiresAt: number;
}

export interface EdgeCacheOptions {
  /** All kept bodies together stay under this; the oldest answers go first. */
  maxBytes: number;
  /** An answer larger than this is never kept. */
  maxAnswerBytes: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * Public reads answered at the edge. A service marks an answer the gateway may keep with
 * `Gateway-Cache-Control: max-age=N` (plus `signed-in` when it is the same for every
 * signed-in user but not for visitors); the owning service still decides what is kept and
 * for how long. The gateway keeps the answer for N seconds per path, query and accepted
 * encoding, answers it (or 304 for its ETag) without a hop to the service, and never passes
 * the header on. Every write to a service drops that service's kept answers when it is
 * answered, and a read that was under way meanwhile is not kept; a change that reaches the
 * service another way (an event, a write through another gateway) shows within N seconds.
 * Everything the gateway does before forwarding (rate limits, the session check, security
 * headers, request ids, metrics) still runs for a kept answer.
 */
export class EdgeCache {
  private readonly answers = new Map<string, KeptAnswer>();
  /** Per service, bumped by every write: a read that began before a bump is not kept. */
  private readonly generations = new Map<ServiceName, number>();
  private readonly readStartedIn = new WeakMap<Request, number>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: EdgeCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Answers kept right now. */
  get size() {
    return this.answers.size;
  }

  /**
   * The kept answer for this read, if any: only for a GET or HEAD without a body or a range,
   * and not past its time. Whether the caller may have it is `mayHave`'s question.
   */
  lookup(req: IncomingMessage): KeptAnswer | undefined {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined || carriesBody(req)) return undefined;
    const key = keyOf(req);
    const kept = this.answers.get(key);
    if (kept && kept.expiresAt <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return kept;
  }

  /** An answer kept for signed-in users goes only to a request whose session the gateway found valid. */
  static mayHave(kept: KeptAnswer, signedIn: boolean) {
    return !kept.signedIn || signedIn;
  }

  /** Sends a kept answer (304 when the request names its ETag). */
  static send(req: IncomingMessage, res: ServerResponse, kept: KeptAnswer) {
    for (const [name, value] of kept.headers) res.setHeader(name, value);
    if (matchesEtag(req, kept.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('content-length', kept.body.length);
    res.statusCode = 200;
    if (req.method === 'HEAD') res.end();
    else res.end(kept.body);
  }

  /**
   * Sends the kept answer to this read when there is one the caller may have (`signedIn`:
   * the gateway found the request's session valid); otherwise notes when the read began and
   * returns false, and the request goes on to the service.
   */
  answer(req: Request, res: Response, service: ServiceName, signedIn: boolean): boolean {
    const kept = this.lookup(req);
    if (kept && EdgeCache.mayHave(kept, signedIn)) {
      EdgeCache.send(req, res, kept);
      return true;
    }
    this.readStartedIn.set(req, this.generations.get(service) ?? 0);
    return false;
  }

  /**
   * Sees every service answer before it is passed on: removes the directive, and keeps the
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

  /** A write to `service` is under way or was answered: its kept answers may be out of date. */
  forget(service: ServiceName) {
    this.generations.set(service, (this.generations.get(service) ?? 0) + 1);
    for (const [key, kept] of this.answers) if (kept.service === service) this.remove(key);
  }

  private store(key: string, answer: KeptAnswer) {
    this.remove(key);
    this.answers.set(key, answer);
    this.bytes += answer.body.length;
    for (const [oldest] of this.answers) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.bytes -= kept.body.length;
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
