import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import S3rver from 's3rver';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { eventually, putChunked } from '@innerecho/embedded';
import {
  createLogger,
  errorMiddleware,
  inProcessLock,
  LocalDiskStore,
  S3Store,
  storageClock,
  type FileRouteHandlers,
  type ObjectStore,
} from '../src';

jest.setTimeout(60_000);

const MB = 1024 * 1024;

interface StoreUnderTest {
  store: ObjectStore;
  /**
   * s3rver checks expiry but not signatures, and has no ListParts and no ETag check on
   * complete; those behaviours of real S3 are AWS's to test, ours are tested on local disk.
   */
  strict: boolean;
  /** Turns a URL the store hands out into one this test can fetch. */
  absolute(url: string): string;
}

/** A store's signed-URL handlers, served by a real HTTP server; `absolute` makes its own URLs fetchable (S3's are already). */
async function serveRoutes(handlers: FileRouteHandlers) {
  const app = express()
    .get('/api/files/test/*key', handlers.GET ?? ((_req, res) => void res.status(405).end()))
    .put('/api/files/test/*key', handlers.PUT ?? ((_req, res) => void res.status(405).end()))
    .use(errorMiddleware(createLogger('test', 'silent')));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    absolute: (url: string) => (url.startsWith('/') ? `${base}${url}` : url),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Local disk behind its signed-URL routes. */
async function startLocal(): Promise<StoreUnderTest & { root: string; stop(): Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'kit-store-'));
  const store = new LocalDiskStore(root, '/api/files/test', randomBytes(32).toString('base64url'));
  const served = await serveRoutes(store.handlers());
  return {
    store,
    root,
    strict: true,
    absolute: served.absolute,
    stop: async () => {
      await served.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Runs `work` with the stores' clock at `at` (ms), as if the wall clock said so then. */
async function atTime<T>(at: number, work: () => Promise<T>): Promise<T> {
  const real = storageClock.now;
  storageClock.now = () => at;
  try {
    return await work();
  } finally {
    storageClock.now = real;
  }
}

/** S3 through the AWS SDK against s3rver (checksums WHEN_REQUIRED, or s3rver stores corrupted bodies). */
async function startS3(): Promise<StoreUnderTest & { directory: string; stop(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'kit-s3rver-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = (await s3rver.run()) as AddressInfo;
  const store = new S3Store({
    bucket: 'innerecho-test',
    prefix: 'library',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    uploads: { publicPath: '/api/files/test', secret: randomBytes(32).toString('base64url'), exclusive: inProcessLock() },
  });
  await store.client.send(new CreateBucketCommand({ Bucket: 'innerecho-test' }));
  const served = await serveRoutes(store.handlers());
  return {
    store,
    directory,
    strict: false,
    absolute: served.absolute,
    stop: async () => {
      await served.close();
      store.client.destroy();
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe.each([
  ['local disk', startLocal, true],
  ['S3 (s3rver)', startS3, false],
])('%s object store', (_name, start, strict) => {
  let under: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    under = await start();
  });
  afterAll(() => under?.stop());

  test('a stored object reads back whole and by byte range, with its content type', async () => {
    await under.store.put('music/a.mp3', Buffer.from('0123456789'), 'audio/mpeg');
    expect(await under.store.stat('music/a.mp3')).toEqual({ size: 10, contentType: 'audio/mpeg' });
    const whole = (await under.store.get('music/a.mp3'))!;
    expect((await text(whole.body)).toString()).toBe('0123456789');
    const part = (await under.store.get('music/a.mp3', { start: 2, end: 5 }))!;
    expect((await text(part.body)).toString()).toBe('2345');
    expect(part.range).toEqual({ start: 2, end: 5 });
    expect(part.size).toBe(10);
  });

  test('a streamed body is stored too', async () => {
    await under.store.put('music/stream.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 'application/octet-stream');
    expect((await text((await under.store.get('music/stream.bin'))!.body)).toString()).toBe('abcd');
  });

  test('a stream longer than one upload part (8 MB) is stored whole; a stream that fails leaves no object', async () => {
    const run = randomBytes(3 * MB + 7);
    // The same run repeated, as a render writes its kept period: 20 MB in runs of 3 MB.
    const runs = Array.from({ length: 7 }, () => run);
    await under.store.put('renders/long.mp3', Readable.from(runs), 'audio/mpeg');
    expect(await under.store.stat('renders/long.mp3')).toEqual({ size: 7 * run.length, contentType: 'audio/mpeg' });
    expect((await text((await under.store.get('renders/long.mp3'))!.body)).equals(Buffer.concat(runs))).toBe(true);

    const failing = Readable.from(
      (function* () {
        yield* runs.slice(0, 4);
        throw new Error('The listener left');
      })(),
    );
    await expect(under.store.put('renders/half.mp3', failing, 'audio/mpeg')).rejects.toThrow('The listener left');
    expect(await under.store.stat('renders/half.mp3')).toBeNull();
    await under.store.deletePrefix('renders/');
  });

  test('a missing object is null, and deleting by prefix removes every object under it', async () => {
    expect(await under.store.get('nothing/here.mp3')).toBeNull();
    expect(await under.store.stat('nothing/here.mp3')).toBeNull();
    await under.store.put('user-1/x.mp3', Buffer.from('x'), 'audio/mpeg');
    await under.store.put('user-1/y/z.mp3', Buffer.from('z'), 'audio/mpeg');
    await under.store.put('user-2/x.mp3', Buffer.from('keep'), 'audio/mpeg');
    await under.store.deletePrefix('user-1/');
    expect(await under.store.stat('user-1/x.mp3')).toBeNull();
    expect(await under.store.stat('user-1/y/z.mp3')).toBeNull();
    expect(await under.store.stat('user-2/x.mp3')).not.toBeNull();
    await under.store.delete('user-2/x.mp3');
    expect(await under.store.stat('user-2/x.mp3')).toBeNull();
  });

  test("an account's bytes are summed by prefix, and objects written before a cut-off are removed", async () => {
    await under.store.put('uploads/sum-user/a.webm', Buffer.alloc(300), 'audio/webm');
    await under.store.put('uploads/sum-user/b.webm', Buffer.alloc(200), 'audio/webm');
    await under.store.put('uploads/other-user/c.webm', Buffer.alloc(50), 'audio/webm');
    expect(await under.store.usedBytes('uploads/sum-user/')).toBe(500);
    expect(await under.store.removeUnused('uploads/sum-user/', new Date(Date.now() - 60_000))).toBe(0);
    expect(await under.store.removeUnused('uploads/sum-user/', new Date(Date.now() + 2000))).toBe(2);
    expect(await under.store.usedBytes('uploads/sum-user/')).toBe(0);
    expect(await under.store.stat('uploads/other-user/c.webm')).not.toBeNull();
  });

  test('a presigned PUT stores the bytes and a presigned GET serves them', async () => {
    const put = await under.store.presignPut('uploads/one.mp3', { contentType: 'audio/mpeg', maxBytes: MB });
    const res = await fetch(under.absolute(put), {
      method: 'PUT',
      headers: { 'content-type': 'audio/mpeg' },
      body: Buffer.from('hello audio'),
    });
    expect(res.status).toBe(200);
    const get = await under.store.presignGet('uploads/one.mp3');
    const read = await fetch(under.absolute(get));
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('hello audio');
  });

  const strictTest = strict ? test : () => undefined;

  strictTest('a tampered presigned URL is refused', async () => {
    await under.store.put('uploads/secret.mp3', Buffer.from('secret'), 'audio/mpeg');
    const get = new URL(under.absolute(await under.store.presignGet('uploads/secret.mp3')));
    get.pathname = get.pathname.replace('secret.mp3', 'other.mp3');
    const res = await fetch(get);
    expect(res.status).toBe(403);
  });

  test('an expired presigned URL is refused', async () => {
    await under.store.put('uploads/old.mp3', Buffer.from('old'), 'audio/mpeg');
    // Signed ten seconds ago for one second: expired now, by the store's clock and by S3's.
    const url = under.absolute(await atTime(Date.now() - 10_000, () => under.store.presignGet('uploads/old.mp3', { expiresInSeconds: 1 })));
    const res = await fetch(url);
    expect(res.status).toBe(403);
  });

  test('a multipart upload joins its parts in PartNumber order, whatever order they were sent in', async () => {
    const key = 'music-uploads/ordered.mp3';
    const { uploadId } = await under.store.multipart!.create(key, 'audio/mpeg');
    const one = randomBytes(5 * MB);
    const two = Buffer.from('the end');
    const put = async (n: number, bytes: Buffer) => {
      const res = await fetch(under.absolute(await under.store.multipart!.signPart(key, uploadId, n, { maxBytes: 10 * MB })), {
        method: 'PUT',
        body: bytes,
      });
      expect(res.status).toBe(200);
      return res.headers.get('etag')!;
    };
    const etagTwo = await put(2, two);
    const etagOne = await put(1, one);
    await under.store.multipart!.complete(key, uploadId, [
      { PartNumber: 2, ETag: etagTwo },
      { PartNumber: 1, ETag: etagOne },
    ]);
    expect((await text((await under.store.get(key))!.body)).equals(Buffer.concat([one, two]))).toBe(true);
  });

  strictTest('a multipart upload lists the parts already sent, so an interrupted one resumes and completes', async () => {
    const key = 'music-uploads/long.mp3';
    const { uploadId } = await under.store.multipart!.create(key, 'audio/mpeg');
    const partOne = randomBytes(5 * MB);
    const partTwo = randomBytes(1234);
    const sendPart = async (n: number, bytes: Buffer) => {
      const url = await under.store.multipart!.signPart(key, uploadId, n, { maxBytes: 10 * MB });
      const res = await fetch(under.absolute(url), { method: 'PUT', body: bytes });
      expect(res.status).toBe(200);
      return res.headers.get('etag')!;
    };
    const etagOne = await sendPart(1, partOne);
    expect(etagOne).toBeTruthy();

    // The browser goes away here; later it asks which parts are already there.
    const listed = await under.store.multipart!.listParts(key, uploadId);
    expect(listed).toEqual([{ PartNumber: 1, Size: partOne.length, ETag: etagOne }]);

    const etagTwo = await sendPart(2, partTwo);
    await under.store.multipart!.complete(key, uploadId, [
      { PartNumber: 2, ETag: etagTwo },
      { PartNumber: 1, ETag: listed[0].ETag },
    ]);
    const stored = (await under.store.get(key))!;
    expect(stored.contentType).toBe('audio/mpeg');
    expect((await text(stored.body)).equals(Buffer.concat([partOne, partTwo]))).toBe(true);
  });

  strictTest('completing with a wrong ETag is refused, and an aborted upload is gone', async () => {
    const key = 'music-uploads/aborted.mp3';
    const { uploadId } = await under.store.multipart!.create(key, 'audio/mpeg');
    const url = await under.store.multipart!.signPart(key, uploadId, 1, { maxBytes: MB });
    expect((await fetch(under.absolute(url), { method: 'PUT', body: Buffer.from('tiny') })).status).toBe(200);
    await expect(under.store.multipart!.complete(key, uploadId, [{ PartNumber: 1, ETag: '"0000"' }])).rejects.toMatchObject({
      status: 400,
    });
    await under.store.multipart!.abort(key, uploadId);
    await expect(under.store.multipart!.listParts(key, uploadId)).rejects.toMatchObject({ status: 404 });
    expect(await under.store.stat(key)).toBeNull();
  });
});

describe('local disk multipart limits', () => {
  let under: Awaited<ReturnType<typeof startLocal>>;
  beforeAll(async () => {
    under = await startLocal();
  });
  afterAll(() => under?.stop());

  test('a part larger than its signed limit is refused with 413 and not listed', async () => {
    const key = 'music-uploads/big.mp3';
    const { uploadId } = await under.store.multipart!.create(key, 'audio/mpeg');
    const url = await under.store.multipart!.signPart(key, uploadId, 1, { maxBytes: 1000 });
    const res = await fetch(under.absolute(url), { method: 'PUT', body: randomBytes(5000) });
    expect(res.status).toBe(413);
    expect(await under.store.multipart!.listParts(key, uploadId)).toEqual([]);
  });

  test('a part URL signed for one upload cannot be reused for another part number', async () => {
    const key = 'music-uploads/reuse.mp3';
    const { uploadId } = await under.store.multipart!.create(key, 'audio/mpeg');
    const url = new URL(under.absolute(await under.store.multipart!.signPart(key, uploadId, 1, { maxBytes: 1000 })));
    url.searchParams.set('part', '2');
    const res = await fetch(url, { method: 'PUT', body: Buffer.from('x') });
    expect(res.status).toBe(403);
  });
});

describe('local disk abandoned uploads', () => {
  let under: Awaited<ReturnType<typeof startLocal>>;
  beforeAll(async () => {
    under = await startLocal();
  });
  afterAll(() => under?.stop());

  test('uploads nobody has added to since the cut-off are removed; recent ones stay and complete', async () => {
    const store = under.store;
    const sendPart = async (key: string, uploadId: string) => {
      const res = await fetch(under.absolute(await store.multipart!.signPart(key, uploadId, 1, { maxBytes: MB })), {
        method: 'PUT',
        body: Buffer.from('part'),
      });
      return res.headers.get('etag')!;
    };
    const old = await store.multipart!.create('music-uploads/left-open.mp3', 'audio/mpeg');
    await sendPart('music-uploads/left-open.mp3', old.uploadId);
    const cutOff = new Date(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const recent = await store.multipart!.create('music-uploads/in-progress.mp3', 'audio/mpeg');
    const etag = await sendPart('music-uploads/in-progress.mp3', recent.uploadId);

    expect(await store.multipart!.removeAbandoned!(cutOff)).toBe(1);
    await expect(store.multipart!.listParts('music-uploads/left-open.mp3', old.uploadId)).rejects.toMatchObject({ status: 404 });
    await store.multipart!.complete('music-uploads/in-progress.mp3', recent.uploadId, [{ PartNumber: 1, ETag: etag }]);
    expect((await text((await store.get('music-uploads/in-progress.mp3'))!.body)).toString()).toBe('part');
    expect(await store.multipart!.removeAbandoned!(new Date())).toBe(0);
  });
});

describe.each([
  ['local disk', startLocal],
  ['S3 (s3rver), through our upload route', startS3],
])('%s: upload URLs', (_name, start) => {
  let under: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    under = await start();
  });
  afterAll(() => under?.stop());

  test('an upload URL takes one PUT: a second one is refused with 409 and the first file stays', async () => {
    const url = under.absolute(await under.store.presignPut('uploads/u1/once.webm', { contentType: 'audio/webm', maxBytes: MB }));
    const put = (body: string) => fetch(url, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body });
    expect((await put('first')).status).toBe(200);
    const again = await put('second');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'UPLOAD_URL_USED', error: 'This upload link has already been used. Please upload again.' });
    expect((await text((await under.store.get('uploads/u1/once.webm'))!.body)).toString()).toBe('first');
    // Still refused once the file was used and removed: the URL does not come back to life.
    await under.store.delete('uploads/u1/once.webm');
    expect((await put('third')).status).toBe(409);
    expect(await under.store.stat('uploads/u1/once.webm')).toBeNull();
  });

  test('a PUT refused part way (too large) leaves the URL usable for a retry', async () => {
    const url = under.absolute(await under.store.presignPut('uploads/u1/retry.webm', { contentType: 'audio/webm', maxBytes: 1000 }));
    const tooLarge = await putChunked(url, 5000, 'audio/webm');
    expect(tooLarge.status).toBe(413);
    const retry = await fetch(url, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: 'fits' });
    expect(retry.status).toBe(200);
  });

  test('a chunked body past the limit is cut off at the limit with 413, long before it ends, and nothing is stored', async () => {
    const url = under.absolute(await under.store.presignPut('uploads/u1/huge.webm', { contentType: 'audio/webm', maxBytes: MB }));
    const answer = await putChunked(url, 200 * MB, 'audio/webm');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: 'The file is too large' });
    // The client had sent a few megabytes (the limit, and what the sockets' buffers hold), not 200.
    expect(answer.sentWhenAnswered).toBeLessThan(20 * MB);
    expect(await under.store.stat('uploads/u1/huge.webm')).toBeNull();
    // No file of it anywhere: on disk in the store's folder, in the bucket's folder on s3rver's disk.
    const folder = 'root' in under ? under.root : under.directory;
    const leftovers = readdirSync(folder, { recursive: true }).filter((f) => String(f).includes('huge.webm'));
    expect(leftovers.filter((f) => !String(f).includes('.upload-urls') && !String(f).endsWith('.put.json'))).toEqual([]);
  });

  test("an upload that would pass the account's quota is cut off with 413 STORAGE_QUOTA_EXCEEDED; what fits is stored", async () => {
    const quota = { prefix: 'uploads/quota-user/', maxBytes: 1500 };
    const sign = (name: string) =>
      under.store.presignPut(`uploads/quota-user/${name}`, { contentType: 'audio/webm', maxBytes: 1000, quota }).then(under.absolute);
    const put = async (name: string, bytes: number) =>
      fetch(await sign(name), { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: Buffer.alloc(bytes, 1) });
    expect((await put('a.webm', 900)).status).toBe(200);
    const declared = await put('b.webm', 900);
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { code: string }).code).toBe('STORAGE_QUOTA_EXCEEDED');
    // Without a declared length the body is cut off where the quota ends.
    const chunked = await putChunked(await sign('c.webm'), 900, 'audio/webm');
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await under.store.usedBytes('uploads/quota-user/')).toBe(900);
    expect((await put('d.webm', 600)).status).toBe(200);
  });

  test('the record of a used URL is removed by the sweep once the URL has expired, and the stored file is not', async () => {
    const url = under.absolute(
      // Ten seconds: a loaded machine can take more than one between signing and the upload.
      await under.store.presignPut('uploads/records/short.webm', { contentType: 'audio/webm', maxBytes: MB, expiresInSeconds: 10 }),
    );
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: 'short' })).status).toBe(200);
    const folder = 'root' in under ? under.root : under.directory;
    const records = () =>
      readdirSync(folder, { recursive: true }).filter((f) => /short\.webm/.test(String(f)) && /\.upload-urls|\.put\.json/.test(String(f)));
    expect(records().length).toBeGreaterThan(0);
    // The sweep eleven seconds later, when the URL has expired.
    expect(await atTime(Date.now() + 11_000, () => under.store.removeUnused('uploads/records/', new Date(0)))).toBe(0);
    expect(records()).toEqual([]);
    expect(await under.store.stat('uploads/records/short.webm')).toEqual({ size: 5, contentType: 'audio/webm' });
  });

  test('two uploads of one account at once share its quota: what the first holds is not offered to the second', async () => {
    const quota = { prefix: 'uploads/pair-user/', maxBytes: 1500 };
    const sign = (name: string) =>
      under.store.presignPut(`uploads/pair-user/${name}`, { contentType: 'audio/webm', maxBytes: 1000, quota }).then(under.absolute);
    const { request } = await import('node:http');
    // The first upload sends 900 bytes and holds its body open; the second comes meanwhile.
    const first = request(await sign('first.webm'), {
      method: 'PUT',
      headers: { 'content-type': 'audio/webm', 'transfer-encoding': 'chunked' },
    });
    const firstAnswer = new Promise<number>((resolve, reject) => {
      first.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      first.on('error', reject);
    });
    first.write(Buffer.alloc(900, 1));
    // Until the store has taken the first upload in (on disk its bytes, on S3 its record), the second would race it.
    const firstTakenIn = () =>
      'root' in under
        ? under.store.usedBytes('uploads/pair-user/').then((bytes) => bytes >= 900)
        : readdirSync(under.directory, { recursive: true }).some((f) => /\.upload-urls.*first\.webm/.test(String(f)));
    await eventually(async () => expect(await firstTakenIn()).toBe(true), 500, 20);
    const second = await putChunked(await sign('second.webm'), 900, 'audio/webm');
    first.end();
    expect(await firstAnswer).toBe(200);
    expect(second.status).toBe(413);
    expect(JSON.parse(second.body).code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(await under.store.usedBytes('uploads/pair-user/')).toBe(900);
  });
});

describe('local disk upload lifecycle', () => {
  let under: Awaited<ReturnType<typeof startLocal>>;
  beforeAll(async () => {
    under = await startLocal();
  });
  afterAll(() => under?.stop());
  const root = () => under.root;

  test('uploads last written before the cut-off are removed, newer ones stay, and emptied folders go', async () => {
    const { utimes } = await import('node:fs/promises');
    await under.store.put('uploads/sweep-a/old.webm', Buffer.from('old'), 'audio/webm');
    await under.store.put('uploads/sweep-b/new.webm', Buffer.from('new'), 'audio/webm');
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000);
    await utimes(join(root(), 'uploads/sweep-a/old.webm'), hourAgo, hourAgo);
    expect(await under.store.removeUnused('uploads/', new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
    expect(await under.store.stat('uploads/sweep-a/old.webm')).toBeNull();
    expect(await under.store.stat('uploads/sweep-b/new.webm')).not.toBeNull();
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(root(), 'uploads/sweep-a'))).toBe(false);
  });

  test(".partial files of a crashed write are removed; another running process's write in progress stays", async () => {
    const { writeFileSync, existsSync } = await import('node:fs');
    const { spawnSync } = await import('node:child_process');
    const { hostname } = await import('node:os');
    const host = hostname().replace(/[^A-Za-z0-9-]/g, '-');
    const gonePid = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!; // exited by now
    const dir = join(root(), 'renders');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const crashed = join(dir, `a.mp3.${host}-${gonePid}.0a0b0c0d.partial`);
    const running = join(dir, `b.mp3.${host}-${process.ppid}.0a0b0c0d.partial`);
    const olderFormat = join(dir, 'c.mp3.123.1700000000000.partial');
    for (const file of [crashed, running, olderFormat]) writeFileSync(file, 'half');
    await under.store.put('renders/kept.mp3', Buffer.from('whole'), 'audio/mpeg');

    expect(await (under.store as LocalDiskStore).removeCrashedWrites()).toBe(2);
    expect([existsSync(crashed), existsSync(running), existsSync(olderFormat)]).toEqual([false, true, false]);
    expect((await text((await under.store.get('renders/kept.mp3'))!.body)).toString()).toBe('whole');
  });

  test("deleting an object also removes the half-written copy a write cut off by a crash left, and no other object's", async () => {
    const dir = join(under.root, 'affirmations', 'someone');
    mkdirSync(dir, { recursive: true });
    // What a process killed in the middle of `put` leaves: the temporary file, never renamed.
    writeFileSync(join(dir, 'cut-off.mp3.4242.1795600000000.partial'), Buffer.from('half an mp3'));
    await under.store.put('affirmations/someone/kept.mp3', Buffer.from('a whole mp3'), 'audio/mpeg');
    writeFileSync(join(dir, 'kept.mp3.4243.1795600000001.partial'), Buffer.from('half a rewrite'));

    await under.store.delete('affirmations/someone/cut-off.mp3');
    expect(readdirSync(dir).sort()).toEqual(['kept.mp3', 'kept.mp3.4243.1795600000001.partial', 'kept.mp3.meta.json']);
    await under.store.delete('affirmations/someone/kept.mp3');
    expect(readdirSync(dir)).toEqual([]);
  });
});
