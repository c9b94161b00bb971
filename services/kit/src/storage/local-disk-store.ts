import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { AppError } from '../errors';
import { sendStoredObject } from '../http/byte-ranges';
import {
  assertSafeKey,
  MAX_PART_NUMBER,
  type FileRouteHandlers,
  type MultipartUploads,
  type ObjectStore,
  type PresignPutOptions,
  type UploadedPart,
} from './object-store';
import { answerStoredPut, expiresAt, receiveSignedPut, tooLarge, urlUsed, UrlSigner, type SignedPutTarget } from './signed-uploads';
import { storageClock } from './storage-clock';

/**
 * Who writes a `.partial` file: this host and process, so that a start-up can tell the
 * leftovers of a crashed write (its process is gone) from another instance's write under way.
 */
const WRITER = `${hostname().replace(/[^A-Za-z0-9-]/g, '-')}-${process.pid}`;
const PARTIAL = /\.([A-Za-z0-9-]+)-(\d+)\.[0-9a-f]+\.partial$/;
/** No write takes this long: a `.partial` file older than this is a leftover whoever wrote it. */
const PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;
const partialPath = (path: string) => `${path}.${WRITER}.${randomBytes(4).toString('hex')}.partial`;

/** Beside each object: its content type, and the record that its upload URL has been used. */
const META_SUFFIX = '.meta.json';
const USED_URL_SUFFIX = '.put.json';

/** Every file under `dir`, with its size and time, skipping dot-folders (multipart uploads keep their own time). */
async function filesUnder(dir: string): Promise<{ path: string; size: number; mtimeMs: number }[]> {
  const found: { path: string; size: number; mtimeMs: number }[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) await walk(path);
      } else if (entry.isFile()) {
        const s = await stat(path).catch(() => null);
        if (s) found.push({ path, size: s.size, mtimeMs: s.mtimeMs });
      }
    }
  };
  await walk(dir);
  return found;
}

/** Folders under `dir` left empty (an account's upload folder once its last upload went), then `dir` itself if empty. */
async function removeEmptyFolders(dir: string) {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) await removeEmptyFolders(join(dir, entry.name));
  }
  await rmdir(dir).catch(() => undefined); // refused while anything is in it
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  private readonly urls: UrlSigner;

  constructor(
    private readonly root: string,
    /** The public path the routes are mounted at, e.g. '/api/files/voice'. */
    publicPath: string,
    secret: string,
  ) {
    this.urls = new UrlSigner(publicPath, secret);
  }

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
      const exp = expiresAt(options.expiresInSeconds);
      return this.urls.signedUrl(key, { op: 'part', exp, upload: uploadId, part: String(partNumber), max: String(options.maxBytes) });
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
    const temp = partialPath(path);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
    } catch (error) {
      // A stream that failed part way (a render whose listener left) leaves nothing behind.
      await rm(temp, { force: true });
      throw error;
    }
    await writeFile(`${path}${META_SUFFIX}`, JSON.stringify({ contentType }));
    await rename(temp, path); // readers never see half a file
  }

  async stat(key: string) {
    try {
      const s = await stat(this.path(key));
      const meta = JSON.parse(await readFile(`${this.path(key)}${META_SUFFIX}`, 'utf8').catch(() => '{}'));
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

  /** Removes the object and any half-written copy of it a write cut off by a crash left (`<key>.<writer>.<random>.partial`). */
  async delete(key: string) {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}${META_SUFFIX}`, { force: true });
    const name = basename(path);
    const halfWritten = (await readdir(dirname(path)).catch(() => [] as string[])).filter(
      (entry) => entry.startsWith(`${name}.`) && entry.endsWith('.partial'),
    );
    for (const entry of halfWritten) await rm(join(dirname(path), entry), { force: true });
  }

  async usedBytes(prefix: string) {
    assertSafeKey(prefix.replace(/\/$/, ''));
    // Writes under way count (their `.partial` files): two uploads at once share one quota.
    const files = await filesUnder(join(this.root, prefix));
    return files.filter((f) => !f.path.endsWith(META_SUFFIX) && !f.path.endsWith(USED_URL_SUFFIX)).reduce((n, f) => n + f.size, 0);
  }

  async removeUnused(prefix: string, before: Date) {
    assertSafeKey(prefix.replace(/\/$/, ''));
    const dir = join(this.root, prefix);
    let removed = 0;
    for (const file of await filesUnder(dir)) {
      if (file.path.endsWith(META_SUFFIX) || file.path.endsWith('.partial')) continue;
      if (file.path.endsWith(USED_URL_SUFFIX)) {
        // Kept while its URL could still be used; then it has nothing left to refuse.
        const { exp } = JSON.parse(await readFile(file.path, 'utf8').catch(() => '{}'));
        if (!(Number(exp) * 1000 > storageClock.now())) await rm(file.path, { force: true });
        continue;
      }
      if (file.mtimeMs >= before.getTime()) continue;
      await this.delete(relative(this.root, file.path));
      removed++;
    }
    await removeEmptyFolders(dir);
    return removed;
  }

  /**
   * Removes what writes cut short by a crash left behind (`.partial` files whose process is
   * gone, or that are older than any write takes); answers how many. Run at start, before
   * this process writes anything.
   */
  async removeCrashedWrites(): Promise<number> {
    let removed = 0;
    const here = hostname().replace(/[^A-Za-z0-9-]/g, '-');
    for (const file of await filesUnder(this.root).then(async (top) => [...top, ...(await this.uploadFolderFiles())])) {
      if (!file.path.endsWith('.partial')) continue;
      const writer = PARTIAL.exec(file.path);
      const pid = writer ? Number(writer[2]) : NaN;
      // This process has written nothing yet: a file in its name is a former process's (a restarted container is pid 1 again).
      const writerGone = !writer || (writer[1] === here && (pid === process.pid || !processIsRunning(pid)));
      if (writerGone || Date.now() - file.mtimeMs > PARTIAL_MAX_AGE_MS) {
        await rm(file.path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The files of multipart uploads under way (in dot-folders, which filesUnder skips). */
  private async uploadFolderFiles() {
    const files = [];
    for (const folder of await findUploadFolders(this.root)) files.push(...(await filesUnder(folder)));
    return files;
  }

  async deletePrefix(prefix: string) {
    assertSafeKey(prefix.replace(/\/$/, ''));
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }

  async presignPut(key: string, options: PresignPutOptions) {
    assertSafeKey(key);
    if (options.quota) assertSafeKey(options.quota.prefix.replace(/\/$/, ''));
    return this.urls.putUrl(key, options);
  }

  async presignGet(key: string, options: { expiresInSeconds?: number; downloadName?: string } = {}) {
    assertSafeKey(key);
    const exp = expiresAt(options.expiresInSeconds);
    return this.urls.signedUrl(key, { op: 'get', exp, ...(options.downloadName ? { dn: options.downloadName } : {}) });
  }

  /**
   * What answers the signed URLs (`GET|PUT <publicPath>/*key`): the service runtime mounts
   * each one its service declares.
   */
  handlers(): Required<FileRouteHandlers> {
    const keyOf = (req: Request) => (req.params as Record<string, string[]>).key.join('/');

    const read = async (req: Request, res: Response) => {
      const key = keyOf(req);
      const fields = this.urls.verify(key, req.query, 'get');
      const info = await this.stat(key);
      if (!info) throw new AppError(404, 'NOT_FOUND', 'File not found');
      res.setHeader('content-type', info.contentType);
      res.setHeader('cache-control', 'private, max-age=300');
      if (fields.dn) res.attachment(fields.dn);
      await sendStoredObject(req, res, { size: info.size, open: async (range) => (await this.get(key, range))! });
    };

    // A refusal's unread body is the error handler's to read or cut off.
    const write = (req: Request, res: Response) => this.handlePut(req, res, keyOf(req));

    return { GET: read, PUT: write };
  }

  /** A signed PUT: a whole object (`op=put`) or one part of a multipart upload (`op=part`). */
  private async handlePut(req: Request, res: Response, key: string) {
    if (req.query.op === 'part') {
      const fields = this.urls.verify(key, req.query, 'part');
      const dir = await this.openUpload(key, fields.upload);
      const partNumber = Number(fields.part);
      assertPartNumber(partNumber);
      const max = Number(fields.max);
      if (Number(req.header('content-length') ?? 0) > max) throw tooLarge();
      const hash = createHash('md5');
      let seen = 0;
      let refused = false;
      const limitAndHash = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (refused) return done();
          seen += chunk.length;
          hash.update(chunk);
          refused = seen > max;
          done(refused ? tooLarge() : null, chunk);
        },
      });
      const path = join(dir, `part-${partNumber}`);
      const temp = partialPath(path);
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
    const fields = this.urls.verify(key, req.query, 'put');
    answerStoredPut(res, key, await receiveSignedPut(req, key, fields, this.signedPutTarget));
  }

  /**
   * One PUT per URL: the record beside the object is made before any byte is read, and only
   * one request can make it (an exclusive create). It stays until the URL has expired, so a
   * used file that was taken and removed does not make the URL usable again.
   */
  private readonly signedPutTarget: SignedPutTarget = {
    claim: async (key, fields) => {
      // What this upload may add to the account's storage, when the URL carries a quota.
      const room = fields.qp ? Number(fields.qmax) - (await this.usedBytes(fields.qp)) : Infinity;
      const used = `${this.path(key)}${USED_URL_SUFFIX}`;
      await mkdir(dirname(used), { recursive: true });
      try {
        await writeFile(used, JSON.stringify({ exp: Number(fields.exp) }), { flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        throw urlUsed();
      }
      return { room };
    },
    put: (key, body, contentType) => this.put(key, body, contentType),
    release: (key) => rm(`${this.path(key)}${USED_URL_SUFFIX}`, { force: true }),
  };
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
