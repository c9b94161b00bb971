import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { AppError } from '../errors';
import { sendStoredObject } from '../http/byte-ranges';
import {
  assertSafeKey,
  MAX_PART_NUMBER,
  type MultipartUploads,
  type ObjectStore,
  type PresignPutOptions,
  type UploadedPart,
} from './object-store';

const DEFAULT_EXPIRY_SECONDS = 15 * 60;

/** Every `.uploads` folder under `root` (multipart uploads live beside their key's folder). */
async function findUploadFolders(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      if (entry.name === '.uploads') found.push(join(dir, entry.name));
      else await walk(join(dir, entry.name));
    }
  };
  await walk(root);
  return found;
}

/**
 * Files on local disk, reached by the browser through URLs of the same shape as S3's
 * presigned ones: `/api/files/<service>/<key>?op=&exp=&ct=&max=&sig=`, where `sig` is an
 * HMAC-SHA256 of everything else. A URL is good for one operation on one key until `exp`.
 */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(
    private readonly root: string,
    /** The public path the routes are mounted at, e.g. '/api/files/voice'. */
    private readonly publicPath: string,
    private readonly secret: string,
  ) {}

  /** Multipart uploads: each part a file in `<key's folder>/.uploads/<uploadId>/`, joined on complete. */
  readonly multipart: MultipartUploads = {
    create: async (key, contentType) => {
      const uploadId = randomBytes(16).toString('hex');
      const dir = this.uploadDir(key, uploadId);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'upload.json'), JSON.stringify({ key, contentType }));
      return { uploadId };
    },
    listParts: async (key, uploadId) => {
      const dir = await this.openUpload(key, uploadId);
      const parts: UploadedPart[] = [];
      for (const name of await readdir(dir)) {
        const match = /^part-(\d+)\.etag$/.exec(name);
        if (!match) continue;
        const PartNumber = Number(match[1]);
        const s = await stat(join(dir, `part-${PartNumber}`)).catch(() => null);
        if (!s) continue;
        parts.push({ PartNumber, Size: s.size, ETag: (await readFile(join(dir, name), 'utf8')).trim() });
      }
      return parts.sort((a, b) => a.PartNumber - b.PartNumber);
    },
    signPart: async (key, uploadId, partNumber, options) => {
      await this.openUpload(key, uploadId);
      assertPartNumber(partNumber);
      const exp = String(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS));
      return this.signedUrl(key, { op: 'part', exp, upload: uploadId, part: String(partNumber), max: String(options.maxBytes) });
    },
    complete: async (key, uploadId, parts) => {
      const dir = await this.openUpload(key, uploadId);
      if (parts.length === 0) throw new AppError(400, 'NO_PARTS', 'The upload has no parts');
      const stored = new Map((await this.multipart.listParts(key, uploadId)).map((p) => [p.PartNumber, p]));
      const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
      for (const [i, part] of ordered.entries()) {
        if (i > 0 && ordered[i - 1].PartNumber === part.PartNumber) throw new AppError(400, 'INVALID_PART', 'A part is listed twice');
        const found = stored.get(part.PartNumber);
        if (!found || found.ETag !== normaliseEtag(part.ETag)) {
          throw new AppError(400, 'INVALID_PART', `Part ${part.PartNumber} was not uploaded or its ETag does not match`);
        }
      }
      const { contentType } = JSON.parse(await readFile(join(dir, 'upload.json'), 'utf8'));
      const files = ordered.map((p) => join(dir, `part-${p.PartNumber}`));
      await this.put(key, Readable.from(concatFiles(files)), contentType);
      await rm(dir, { recursive: true, force: true });
    },
    abort: async (key, uploadId) => {
      await rm(this.uploadDir(key, uploadId), { recursive: true, force: true });
    },
    removeAbandoned: async (before) => {
      let removed = 0;
      for (const uploads of await findUploadFolders(this.root)) {
        for (const name of await readdir(uploads).catch(() => [] as string[])) {
          const dir = join(uploads, name);
          // The last sign of life is the newest file in it (each part is a file).
          const times = await Promise.all(
            (await readdir(dir).catch(() => [] as string[])).map((f) =>
              stat(join(dir, f)).then(
                (st) => st.mtimeMs,
                () => 0,
              ),
            ),
          );
          const lastActive = Math.max((await stat(dir).catch(() => null))?.mtimeMs ?? 0, ...times);
          if (lastActive < before.getTime()) {
            await rm(dir, { recursive: true, force: true });
            removed++;
          }
        }
      }
      return removed;
    },
  };

  private uploadDir(key: string, uploadId: string) {
    assertSafeKey(key);
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new AppError(404, 'NO_SUCH_UPLOAD', 'This upload does not exist');
    const base = key.split('/').pop()!;
    return join(this.root, dirname(key), '.uploads', `${base}.${uploadId}`);
  }

  /** The upload's folder, after checking it exists and belongs to `key`. */
  private async openUpload(key: string, uploadId: string) {
    const dir = this.uploadDir(key, uploadId);
    const meta = await readFile(join(dir, 'upload.json'), 'utf8').catch(() => null);
    if (!meta || JSON.parse(meta).key !== key) throw new AppError(404, 'NO_SUCH_UPLOAD', 'This upload does not exist');
    return dir;
  }

  private path(key: string) {
    assertSafeKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, contentType: string) {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.${Date.now()}.partial`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
    } catch (error) {
      // A stream that failed part way (a render whose listener left) leaves nothing behind.
      await rm(temp, { force: true });
      throw error;
    }
    await writeFile(`${path}.meta.json`, JSON.stringify({ contentType }));
    await rename(temp, path); // readers never see half a file
  }

  async stat(key: string) {
    try {
      const s = await stat(this.path(key));
      const meta = JSON.parse(await readFile(`${this.path(key)}.meta.json`, 'utf8').catch(() => '{}'));
      return { size: s.size, contentType: meta.contentType ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async get(key: string, range?: { start: number; end?: number }) {
    const info = await this.stat(key);
    if (!info) return null;
    if (!range) return { body: createReadStream(this.path(key)), size: info.size, contentType: info.contentType };
    const end = Math.min(range.end ?? info.size - 1, info.size - 1);
    return {
      body: createReadStream(this.path(key), { start: range.start, end }),
      size: info.size,
      contentType: info.contentType,
      range: { start: range.start, end },
    };
  }

  /** Removes the object and any half-written copy of it a write cut off by a crash left (`<key>.<pid>.<time>.partial`). */
  async delete(key: string) {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
    const name = basename(path);
    const halfWritten = (await readdir(dirname(path)).catch(() => [] as string[])).filter(
      (entry) => entry.startsWith(`${name}.`) && entry.endsWith('.partial'),
    );
    for (const entry of halfWritten) await rm(join(dirname(path), entry), { force: true });
  }

  async deletePrefix(prefix: string) {
    assertSafeKey(prefix.replace(/\/$/, ''));
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }

  private sign(fields: Record<string, string>) {
    const payload = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  private signedUrl(key: string, fields: Record<string, string>) {
    const sig = this.sign({ ...fields, key });
    return `${this.publicPath}/${key}?${new URLSearchParams({ ...fields, sig }).toString()}`;
  }

  async presignPut(key: string, options: PresignPutOptions) {
    assertSafeKey(key);
    const exp = String(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS));
    return this.signedUrl(key, { op: 'put', exp, ct: options.contentType, max: String(options.maxBytes) });
  }

  async presignGet(key: string, options: { expiresInSeconds?: number; downloadName?: string } = {}) {
    assertSafeKey(key);
    const exp = String(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS));
    return this.signedUrl(key, { op: 'get', exp, ...(options.downloadName ? { dn: options.downloadName } : {}) });
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
    if (Number(fields.exp) < Date.now() / 1000) throw new AppError(403, 'EXPIRED', 'Request has expired');
    return fields;
  }

  /** The routes behind the signed URLs, mounted at `publicPath` by the service runtime. */
  routes(): Router {
    const router = Router();
    const keyOf = (req: Request) => (req.params as Record<string, string[]>).key.join('/');

    router.get('/*key', async (req: Request, res: Response) => {
      const key = keyOf(req);
      const fields = this.verify(key, req.query, 'get');
      const info = await this.stat(key);
      if (!info) throw new AppError(404, 'NOT_FOUND', 'File not found');
      res.setHeader('content-type', info.contentType);
      res.setHeader('cache-control', 'private, max-age=300');
      if (fields.dn) res.attachment(fields.dn);
      await sendStoredObject(req, res, { size: info.size, open: async (range) => (await this.get(key, range))! });
    });

    router.put('/*key', async (req: Request, res: Response) => {
      try {
        await this.handlePut(req, res, keyOf(req));
      } catch (error) {
        // Read what is left of a refused body before answering: a proxy in front (the
        // gateway) is still sending it, and would turn an early close into a 502.
        if (!req.complete) {
          req.unpipe();
          req.resume();
          await new Promise((resolve) => {
            req.once('end', resolve);
            req.once('close', resolve);
          });
        }
        throw error;
      }
    });

    return router;
  }

  /** A signed PUT: a whole object (`op=put`) or one part of a multipart upload (`op=part`). */
  private async handlePut(req: Request, res: Response, key: string) {
    if (req.query.op === 'part') {
      const fields = this.verify(key, req.query, 'part');
      const dir = await this.openUpload(key, fields.upload);
      const partNumber = Number(fields.part);
      assertPartNumber(partNumber);
      const max = Number(fields.max);
      if (Number(req.header('content-length') ?? 0) > max) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
      const hash = createHash('md5');
      let seen = 0;
      const limitAndHash = new Transform({
        transform(chunk: Buffer, _enc, done) {
          seen += chunk.length;
          hash.update(chunk);
          done(seen > max ? new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large') : null, chunk);
        },
      });
      const path = join(dir, `part-${partNumber}`);
      const temp = `${path}.${randomBytes(4).toString('hex')}.partial`;
      try {
        await pipeline(req, limitAndHash, createWriteStream(temp));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const etag = `"${hash.digest('hex')}"`;
      // The ETag is written before the part appears, so a listed part always has one.
      await writeFile(join(dir, `part-${partNumber}.etag`), etag);
      await rename(temp, path);
      res.setHeader('etag', etag);
      res.status(200).end();
      return;
    }
    const fields = this.verify(key, req.query, 'put');
    const type = (req.header('content-type') ?? '').split(';')[0].trim();
    if (type !== fields.ct.split(';')[0].trim()) throw new AppError(400, 'WRONG_CONTENT_TYPE', `Expected ${fields.ct}`);
    const max = Number(fields.max);
    if (Number(req.header('content-length') ?? 0) > max) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        done(seen > max ? new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large') : null, chunk);
      },
    });
    await this.put(key, req.pipe(limit), fields.ct);
    res.setHeader(
      'etag',
      `"${createHmac('md5', 'etag')
        .update(key + seen)
        .digest('hex')}"`,
    );
    res.status(200).end();
  }
}

function assertPartNumber(partNumber: number) {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new AppError(400, 'INVALID_PART', `Part numbers run from 1 to ${MAX_PART_NUMBER}`);
  }
}

/** ETags travel quoted or not depending on the client; compare them quoted. */
function normaliseEtag(etag: string) {
  const bare = etag.trim().replace(/^"|"$/g, '');
  return `"${bare}"`;
}

async function* concatFiles(files: string[]) {
  for (const file of files) for await (const chunk of createReadStream(file)) yield chunk as Buffer;
}
