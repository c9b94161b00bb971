import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  contentType: string;
  /** Present when a byte range was asked for: the inclusive range served. */
  range?: { start: number; end: number };
}

export interface PresignPutOptions {
  contentType: string;
  /** The upload is refused past this many bytes. */
  maxBytes: number;
  expiresInSeconds?: number;
  /**
   * The account's storage quota: the upload is cut off once everything stored under
   * `prefix` (this upload included) would pass `maxBytes` (413 STORAGE_QUOTA_EXCEEDED).
   * Both stores enforce it in their upload route, uploads under way included.
   */
  quota?: { prefix: string; maxBytes: number };
}

/**
 * Where a service keeps its files. The embedded default is local disk behind signed,
 * expiring URLs; S3 (or MinIO) has the same contract (reads through presigned URLs, uploads
 * through the same signed upload route). Keys are the
 * service's own: they never carry another service's data.
 */
/** What answers a store's own signed URLs, by method (`GET|PUT /api/files/<service>/*key`). */
export type FileRouteHandlers = Partial<Record<'GET' | 'PUT', (req: Request, res: Response) => Promise<void>>>;

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with the prefix. */
  deletePrefix(prefix: string): Promise<void>;
  /** The bytes of every object whose key starts with the prefix (an account's quota). */
  usedBytes(prefix: string): Promise<number>;
  /** Removes the objects under `prefix` last written before `before` (uploads never used); answers how many. */
  removeUnused(prefix: string, before: Date): Promise<number>;
  /**
   * A URL the browser can PUT the file to before it expires: our own upload route on both
   * stores (S3's presigned PUTs can neither be used once nor cap a body). It takes one PUT:
   * a second, while the first runs or once it has stored the file, is refused (409
   * UPLOAD_URL_USED); a PUT that failed leaves the URL usable, so a dropped connection can
   * be retried.
   */
  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  /** A URL the browser can GET (with Range) until it expires. */
  presignGet(key: string, options?: { expiresInSeconds?: number; downloadName?: string }): Promise<string>;
  /** Resumable uploads in parts (what the Uppy AWS S3 plugin drives). Both built-in stores have it. */
  readonly multipart?: MultipartUploads;
}

export interface UploadedPart {
  PartNumber: number;
  Size: number;
  ETag: string;
}

/**
 * S3's multipart upload, on any store: create an upload for a key, sign a URL per part
 * (the browser PUTs the bytes and reads the ETag header), list the parts already there
 * (so a paused or interrupted upload resumes), then complete or abort.
 */
export interface MultipartUploads {
  create(key: string, contentType: string): Promise<{ uploadId: string }>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** A URL the browser PUTs one part to, refused past `maxBytes` where the store can enforce it. */
  signPart(key: string, uploadId: string, partNumber: number, options: { maxBytes: number; expiresInSeconds?: number }): Promise<string>;
  /** Joins the parts, in PartNumber order, into the object at `key`; every ETag must match. */
  complete(key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]): Promise<void>;
  abort(key: string, uploadId: string): Promise<void>;
  /**
   * Drops uploads nobody has added to since `before` (abandoned by a closed tab); returns how
   * many. Absent on S3, where the bucket's lifecycle rule (AbortIncompleteMultipartUpload)
   * does this.
   */
  removeAbandoned?(before: Date): Promise<number>;
}

/** S3's limits on parts, kept by every store so an upload behaves the same on both. */
export const MAX_PART_NUMBER = 10_000;

/** Keys are paths of safe segments: no '..', no absolute paths, nothing a filesystem would reinterpret. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..') || key.length > 400) {
    throw new Error(`Unsafe object key: ${key}`);
  }
}
