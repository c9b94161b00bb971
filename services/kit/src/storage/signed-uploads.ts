import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError } from '../errors';
import type { PresignPutOptions } from './object-store';
import { storageClock } from './storage-clock';

export const DEFAULT_EXPIRY_SECONDS = 15 * 60;

export const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
export const overQuota = (maxBytes: number) =>
  new AppError(
    413,
    'STORAGE_QUOTA_EXCEEDED',
    `Your uploads would use more than your ${Math.round(maxBytes / 1024 / 1024)} MB of storage. Please try again in an hour, once unused uploads are removed.`,
  );
export const urlUsed = () => new AppError(409, 'UPLOAD_URL_USED', 'This upload link has already been used. Please upload again.');

/**
 * URLs of the shape S3's presigned ones have, served by our own routes:
 * `<publicPath>/<key>?op=&exp=&ct=&max=&sig=`, where `sig` is an HMAC-SHA256 of everything
 * else. A URL is good for one operation on one key until `exp`.
 */
export class UrlSigner {
  constructor(
    /** The public path the routes are mounted at, e.g. '/api/files/voice'. */
    private readonly publicPath: string,
    private readonly secret: string,
  ) {}

  private sign(fields: Record<string, string>) {
    const payload = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  signedUrl(key: string, fields: Record<string, string>) {
    const sig = this.sign({ ...fields, key });
    return `${this.publicPath}/${key}?${new URLSearchParams({ ...fields, sig }).toString()}`;
  }

  /** The URL a browser PUTs one whole object to: its type, its size limit and the account's quota are signed into it. */
  putUrl(key: string, options: PresignPutOptions) {
    const quota: Record<string, string> = options.quota ? { qp: options.quota.prefix, qmax: String(options.quota.maxBytes) } : {};
    return this.signedUrl(key, {
      op: 'put',
      exp: expiresAt(options.expiresInSeconds),
      ct: options.contentType,
      max: String(options.maxBytes),
      ...quota,
    });
  }

  /** Checks a signed request; throws 403 with S3's wording for an expired one (the uploader retries those). */
  verify(key: string, query: Request['query'], op: 'get' | 'put' | 'part'): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string' && k !== 'sig') fields[k] = v;
    const given = Buffer.from(String(query.sig ?? ''));
    const expected = Buffer.from(this.sign({ ...fields, key }));
    if (fields.op !== op || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(403, 'BAD_SIGNATURE', 'This link is not valid');
    }
    if (Number(fields.exp) < storageClock.now() / 1000) throw new AppError(403, 'EXPIRED', 'Request has expired');
    return fields;
  }
}

export const expiresAt = (seconds = DEFAULT_EXPIRY_SECONDS) => String(Math.floor(storageClock.now() / 1000) + seconds);

/**
 * What a store does around one PUT of a signed URL: `claim` makes the record that the URL
 * is used (refusing it, 409, when another PUT made it first) and answers the room left in
 * the account's quota; `put` stores the body; `release` undoes the claim when the body was
 * not stored, so a dropped connection can be retried; `stored` marks the claim done.
 */
export interface SignedPutTarget {
  claim(key: string, fields: Record<string, string>): Promise<{ room: number }>;
  put(key: string, body: Readable, contentType: string): Promise<void>;
  release(key: string, fields: Record<string, string>): Promise<void>;
  stored?(key: string, fields: Record<string, string>): Promise<void>;
}

/**
 * One PUT of a signed URL (already verified): checks the type and the declared length,
 * claims the URL, then streams the body to the store while counting it, cut off at the
 * URL's limit (413 PAYLOAD_TOO_LARGE) or where the account's quota ends (413
 * STORAGE_QUOTA_EXCEEDED), declared length or not. Answers the bytes stored.
 */
export async function receiveSignedPut(req: Request, key: string, fields: Record<string, string>, target: SignedPutTarget) {
  const type = (req.header('content-type') ?? '').split(';')[0].trim();
  if (type !== fields.ct.split(';')[0].trim()) throw new AppError(400, 'WRONG_CONTENT_TYPE', `Expected ${fields.ct}`);
  const max = Number(fields.max);
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > max) throw tooLarge();
  const quotaMax = fields.qmax ? Number(fields.qmax) : Infinity;
  const { room } = await target.claim(key, fields);
  if (declared > room || room <= 0) {
    await target.release(key, fields);
    throw overQuota(quotaMax);
  }
  let seen = 0;
  let refused = false;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      // Chunks already on their way when the body was refused are dropped, not refused again.
      if (refused) return done();
      seen += chunk.length;
      const refusal = seen > max ? tooLarge() : seen > room ? overQuota(quotaMax) : null;
      refused = refusal !== null;
      done(refusal, chunk);
    },
  });
  // The body may be refused before the store has attached its pipeline (it may first make a folder).
  let refusal: unknown;
  limit.once('error', (error) => (refusal = error));
  try {
    await target.put(key, req.pipe(limit), fields.ct);
  } catch (error) {
    await target.release(key, fields);
    throw refusal ?? error;
  }
  await target.stored?.(key, fields);
  return seen;
}

/** The answer to a stored PUT: 200 with an ETag, as S3 gives. */
export function answerStoredPut(res: Response, key: string, bytes: number) {
  res.setHeader(
    'etag',
    `"${createHmac('md5', 'etag')
      .update(key + bytes)
      .digest('hex')}"`,
  );
  res.status(200).end();
}
