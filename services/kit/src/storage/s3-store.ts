import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Request, Response } from 'express';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import {
  assertSafeKey,
  MAX_PART_NUMBER,
  type FileRouteHandlers,
  type MultipartUploads,
  type ObjectStore,
  type PresignPutOptions,
  type StoredObject,
  type UploadedPart,
} from './object-store';
import { answerStoredPut, DEFAULT_EXPIRY_SECONDS, receiveSignedPut, urlUsed, UrlSigner, type SignedPutTarget } from './signed-uploads';
import { storageClock } from './storage-clock';

/**
 * Beside the objects, under `<prefix>/.upload-urls/<key>`: the record that the upload URL of
 * `<key>` has been used, and while its PUT runs, the bytes it holds of the account's quota.
 * No object key starts with a dot, so listing an account's objects never counts these.
 */
const UPLOAD_URL_RECORDS = '.upload-urls';
/** No upload runs this long: a record still "under way" after it belongs to a PUT a crash cut off. */
const UPLOAD_MAX_RUN_MS = 60 * 60 * 1000;

interface UploadUrlRecord {
  /** When the URL expires (seconds): until then the record refuses a second PUT. */
  exp: number;
  /** Bytes held of the account's quota while the PUT runs (its object is not listed before it completes); 0 once stored. */
  reserved: number;
  startedAt: number;
}
/** Part size of a streamed put: every part but the last must be at least 5 MB; one part is held at a time. */
const PUT_PART_BYTES = 8 * 1024 * 1024;

/** The stream's bytes cut into buffers of `size` (the last may be shorter). */
async function* partsOf(stream: Readable, size: number): AsyncGenerator<Buffer, void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream) {
    let bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    while (pendingBytes + bytes.length >= size) {
      const take = size - pendingBytes;
      pending.push(bytes.subarray(0, take));
      yield Buffer.concat(pending, size);
      bytes = bytes.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

export interface S3StoreOptions {
  bucket: string;
  /** Every key of this store lives under `<prefix>/` (the service's name), so services can share a bucket. */
  prefix: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /**
   * The address browsers reach the bucket at, when it differs from `endpoint` (the services
   * reach MinIO as http://minio:9000 inside the compose network, browsers as
   * http://localhost:9000). Presigned URLs are signed for this host.
   */
  publicEndpoint?: string;
  /**
   * Uploads from browsers come through our own signed URLs (`publicPath`, HMAC with
   * `secret`), which stream to the bucket while counting: a presigned S3 PUT can neither
   * cap its size nor be used once. `exclusive` is the lock the instances of the service
   * share (a PostgreSQL advisory lock), under which a URL's one PUT and the account's quota
   * are claimed.
   */
  uploads: { publicPath: string; secret: string; exclusive: Database['exclusive'] };
}

/**
 * Files in S3 (or MinIO, or s3rver in tests), reached by browsers through presigned URLs.
 * Checksums are computed only when an operation requires them: the SDK's default
 * (CRC32 on every upload) corrupts uploads to S3-compatible servers that do not know it.
 *
 * Whole-object uploads go through `handlers()` (see `uploads` above), with the local store's
 * rules: one PUT per URL, cut off at its limit and at the account's quota. Multipart parts
 * (the admin's music uploads) are presigned S3 URLs, and the use case checks the joined
 * object's size before using it.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  /** Signs the URLs browsers use. */
  private readonly presigner: S3Client;
  private readonly urls: UrlSigner;

  constructor(private readonly options: S3StoreOptions) {
    this.client = this.createClient(options.endpoint);
    this.presigner = options.publicEndpoint ? this.createClient(options.publicEndpoint) : this.client;
    this.urls = new UrlSigner(options.uploads.publicPath, options.uploads.secret);
  }

  private createClient(endpoint: string | undefined) {
    const options = this.options;
    return new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string) {
    assertSafeKey(key);
    return `${this.options.prefix}/${key}`;
  }

  /**
   * A buffer, or a stream shorter than one part, is one PutObject. A longer stream is a
   * multipart upload in parts of PUT_PART_BYTES, one part in memory at a time; the object
   * appears only when the upload completes, and a stream that fails aborts the upload, so a
   * half object is never visible.
   */
  async put(key: string, body: Buffer | Readable, contentType: string) {
    const Bucket = this.options.bucket;
    const Key = this.objectKey(key);
    const putWhole = (bytes: Buffer) =>
      this.client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    if (Buffer.isBuffer(body)) return void (await putWhole(body));

    const parts = partsOf(body, PUT_PART_BYTES);
    const first = await parts.next();
    if (first.done) return void (await putWhole(Buffer.alloc(0)));
    const second = await parts.next();
    if (second.done) return void (await putWhole(first.value));

    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }));
    const uploaded: Part[] = [];
    try {
      const upload = async (bytes: Buffer) => {
        const PartNumber = uploaded.length + 1;
        const { ETag } = await this.client.send(
          new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: bytes, ContentLength: bytes.length }),
        );
        uploaded.push({ ETag, PartNumber });
      };
      await upload(first.value);
      await upload(second.value);
      for await (const part of parts) await upload(part);
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const body = object.Body as Readable;
      const contentType = object.ContentType ?? 'application/octet-stream';
      if (!range) return { body, size: object.ContentLength ?? 0, contentType };
      const match = /bytes (\d+)-(\d+)\/(\d+)/.exec(object.ContentRange ?? '');
      const size = match ? Number(match[3]) : (object.ContentLength ?? 0);
      return {
        body,
        size,
        contentType,
        range: match
          ? { start: Number(match[1]), end: Number(match[2]) }
          : { start: range.start, end: range.start + (object.ContentLength ?? 1) - 1 },
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async deletePrefix(prefix: string) {
    for await (const object of this.listUnder(prefix)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: object.Key }));
    }
  }

  async usedBytes(prefix: string) {
    let total = 0;
    for await (const object of this.listUnder(prefix)) total += object.Size ?? 0;
    return total;
  }

  async removeUnused(prefix: string, before: Date) {
    let removed = 0;
    for await (const object of this.listUnder(prefix)) {
      if (!object.LastModified || object.LastModified >= before) continue;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: object.Key }));
      removed++;
    }
    // Upload URL records have nothing left to refuse once their URL expired and their PUT ended.
    for await (const { Key } of this.listUnder(prefix, UPLOAD_URL_RECORDS)) {
      const record = await this.readRecord(Key);
      if (record && record.exp * 1000 > storageClock.now()) continue;
      if (record && record.reserved > 0 && Date.now() - record.startedAt < UPLOAD_MAX_RUN_MS) continue;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
    }
    return removed;
  }

  /** Every object under `prefix` (a page at a time); with `records`, the upload URL records of keys under it. */
  private async *listUnder(prefix: string, records?: typeof UPLOAD_URL_RECORDS) {
    assertSafeKey(prefix.replace(/\/$/, ''));
    const full = records ? `${this.options.prefix}/${records}/${prefix}` : `${this.options.prefix}/${prefix}`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: full, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield { ...object, Key: object.Key };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Our own upload URL (served by `handlers()`), not a presigned S3 one: see the class comment. */
  async presignPut(key: string, options: PresignPutOptions) {
    assertSafeKey(key);
    if (options.quota) assertSafeKey(options.quota.prefix.replace(/\/$/, ''));
    return this.urls.putUrl(key, options);
  }

  /**
   * What answers the upload URLs (`PUT <uploads.publicPath>/*key`): the service runtime mounts
   * it where its service declares that route. Reads are presigned S3 URLs, so no GET.
   */
  handlers(): FileRouteHandlers {
    const write = async (req: Request, res: Response) => {
      const key = (req.params as Record<string, string[]>).key.join('/');
      // A refusal's unread body is the error handler's to read or cut off.
      assertSafeKey(key);
      const fields = this.urls.verify(key, req.query, 'put');
      answerStoredPut(res, key, await receiveSignedPut(req, key, fields, this.signedPutTarget));
    };
    return { PUT: write };
  }

  private recordKey(key: string) {
    assertSafeKey(key);
    return `${this.options.prefix}/${UPLOAD_URL_RECORDS}/${key}`;
  }

  private async readRecord(recordKey: string): Promise<UploadUrlRecord | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: recordKey }));
      return JSON.parse(await object.Body!.transformToString()) as UploadUrlRecord;
    } catch (error) {
      if (isMissing(error)) return null;
      if (error instanceof SyntaxError) return null;
      throw error;
    }
  }

  private async writeRecord(key: string, record: UploadUrlRecord) {
    const body = JSON.stringify(record);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.recordKey(key),
        Body: body,
        ContentType: 'application/json',
        ContentLength: Buffer.byteLength(body),
      }),
    );
  }

  /** The bytes PUTs still running hold of the quota under `prefix` (their objects are not listed until they complete). */
  private async reservedBytes(prefix: string) {
    let total = 0;
    for await (const { Key } of this.listUnder(prefix, UPLOAD_URL_RECORDS)) {
      const record = await this.readRecord(Key);
      if (record && record.reserved > 0 && Date.now() - record.startedAt < UPLOAD_MAX_RUN_MS) total += record.reserved;
    }
    return total;
  }

  /**
   * The URL's one PUT and its share of the account's quota are claimed under a lock held by
   * one instance of the service at a time, per account (or per key without a quota): the
   * check for an earlier PUT, the sum of what is stored and held, and the record of this PUT
   * happen as one step. The record stays until the URL has expired, so a used file that was
   * taken and removed does not make its URL usable again.
   */
  private readonly signedPutTarget: SignedPutTarget = {
    claim: async (key, fields) =>
      (await this.options.uploads.exclusive(`upload-claim:${fields.qp ?? key}`, async () => {
        if (await this.readRecord(this.recordKey(key))) throw urlUsed();
        const room = fields.qp ? Number(fields.qmax) - (await this.usedBytes(fields.qp)) - (await this.reservedBytes(fields.qp)) : Infinity;
        const reserved = Number.isFinite(room) ? Math.max(0, Math.min(Number(fields.max), room)) : 0;
        await this.writeRecord(key, { exp: Number(fields.exp), reserved, startedAt: Date.now() });
        return { room };
      }))!,
    put: (key, body, contentType) => this.put(key, body, contentType),
    release: async (key) => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.recordKey(key) }));
    },
    stored: (key, fields) => this.writeRecord(key, { exp: Number(fields.exp), reserved: 0, startedAt: Date.now() }),
  };

  async presignGet(key: string, options: { expiresInSeconds?: number; downloadName?: string } = {}) {
    return getSignedUrl(
      this.presigner,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        ResponseContentDisposition: options.downloadName
          ? `attachment; filename="${options.downloadName.replace(/["\\]/g, '')}"`
          : undefined,
      }),
      { expiresIn: options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS, signingDate: new Date(storageClock.now()) },
    );
  }

  readonly multipart: MultipartUploads = {
    create: async (key, contentType) => {
      const out = await this.client.send(
        new CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), ContentType: contentType }),
      );
      if (!out.UploadId) throw new Error('S3 returned no UploadId');
      return { uploadId: out.UploadId };
    },
    listParts: async (key, uploadId) => {
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      try {
        do {
          const page = await this.client.send(
            new ListPartsCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), UploadId: uploadId, PartNumberMarker: marker }),
          );
          for (const p of page.Parts ?? []) parts.push({ PartNumber: p.PartNumber!, Size: p.Size ?? 0, ETag: p.ETag ?? '' });
          marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
        } while (marker);
      } catch (error) {
        if (isMissing(error)) throw new AppError(404, 'NO_SUCH_UPLOAD', 'This upload does not exist');
        throw error;
      }
      return parts;
    },
    signPart: async (key, uploadId, partNumber, options) => {
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
        throw new AppError(400, 'INVALID_PART', `Part numbers run from 1 to ${MAX_PART_NUMBER}`);
      }
      return getSignedUrl(
        this.presigner,
        new UploadPartCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn: options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS, signingDate: new Date(storageClock.now()) },
      );
    },
    complete: async (key, uploadId, parts) => {
      const sorted: Part[] = [...parts]
        .sort((a, b) => a.PartNumber - b.PartNumber)
        .map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag }));
      try {
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.options.bucket,
            Key: this.objectKey(key),
            UploadId: uploadId,
            MultipartUpload: { Parts: sorted },
          }),
        );
      } catch (error) {
        if (isMissing(error)) throw new AppError(404, 'NO_SUCH_UPLOAD', 'This upload does not exist');
        const name = (error as { name?: string }).name;
        if (name === 'InvalidPart' || name === 'InvalidPartOrder' || name === 'EntityTooSmall') {
          throw new AppError(400, 'INVALID_PART', (error as Error).message);
        }
        throw error;
      }
    },
    abort: async (key, uploadId) => {
      try {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), UploadId: uploadId }),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.name === 'NoSuchUpload' || e?.$metadata?.httpStatusCode === 404;
}
