import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { VOICE_CONSENT_VERSION, VOICE_SAMPLE_MAX_BYTES } from '@innerecho/contracts';
import {
  eventually,
  startTestSystem,
  sumOfMetricAt,
  uploadRecordingThroughApi,
  type TestSystem,
  silentFlac,
  putChunked,
  signedUpSubscriber,
  TestClient,
  uniqueEmail,
} from '@innerecho/embedded';

jest.setTimeout(240_000);

const MB = 1024 * 1024;
/** Each account's unused uploads: two recordings at the largest size. */
const QUOTA = 2 * VOICE_SAMPLE_MAX_BYTES;
const consent = { accepted: true, textVersion: VOICE_CONSENT_VERSION };
const FOUR_HOURS = 4 * 3600;

let system: TestSystem;
let bomb: Buffer;
let streamedBomb: Buffer;
beforeAll(async () => {
  [system, bomb, streamedBomb] = await Promise.all([
    startTestSystem(),
    silentFlac(FOUR_HOURS),
    silentFlac(FOUR_HOURS, { statesLength: false }),
  ]);
});
afterAll(() => system?.stop());

const subscriber = (target = system) => signedUpSubscriber(target, 'abuse');

/** The object key behind a local upload URL (`/api/files/voice/<key>?…`). */
const keyOf = (uploadURL: string) => decodeURIComponent(new URL(uploadURL, 'http://x').pathname.replace('/api/files/voice/', ''));

describe('a decode bomb (4 hours of silent FLAC, labelled audio/webm)', () => {
  test('as a voice sample it is refused as too long, and the uploaded file is removed at once', async () => {
    const { client, sessionId } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, bomb);
    expect(await system.services.voice.context.files.stat(keyOf(uploadURL))).not.toBeNull();

    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect({ status: res.status, body: res.data }).toEqual({
      status: 400,
      body: { code: 'SAMPLE_TOO_LONG', error: 'Recording too long: please keep it under 5 minutes' },
    });
    expect(await system.services.voice.context.files.stat(keyOf(uploadURL))).toBeNull();
    const again = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(again.data.code).toBe('SAMPLE_NOT_FOUND');
    expect((await client.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })).data.isCloned).toBe(false);
  });

  test('one whose header does not state its length is refused as too long too (its packets are counted, nothing is decoded)', async () => {
    const { client, sessionId } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, streamedBomb);
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('SAMPLE_TOO_LONG');
    expect(await system.services.voice.context.files.stat(keyOf(uploadURL))).toBeNull();
  });
});

describe('upload URLs', () => {
  test('take one PUT: a second PUT to the same URL is refused with 409 and the first recording stays', async () => {
    const { client } = await subscriber();
    const uploadURL = await uploadRecordingThroughApi(client, Buffer.from('first take'));
    const second = await fetch(new URL(uploadURL, system.url), {
      method: 'PUT',
      headers: { 'content-type': 'audio/webm' },
      body: Buffer.from('second take'),
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ code: 'UPLOAD_URL_USED', error: 'This upload link has already been used. Please upload again.' });
    const stored = await system.services.voice.context.files.get(keyOf(uploadURL));
    expect(Buffer.concat(await stored!.body.toArray()).toString()).toBe('first take');
  });

  test('a chunked body past the 25 MB limit is cut off with 413 long before its 200 MB are sent, and nothing is stored', async () => {
    const { client, user } = await subscriber();
    const { uploadURL } = (await client.api.send('POST /api/voice-profile/upload', {})).data;
    const answer = await putChunked(new URL(uploadURL, system.url).toString(), 200 * MB, 'audio/webm');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: 'The file is too large' });
    // The limit and what the sockets between hold, not the whole body.
    expect(answer.sentWhenAnswered).toBeLessThan(VOICE_SAMPLE_MAX_BYTES + 20 * MB);
    expect(await system.services.voice.context.files.usedBytes(`uploads/${user.id}/`)).toBe(0);
  });

  test("each account's unused uploads are limited to 50 MB: past it, a new upload URL is refused with 409", async () => {
    const { client } = await subscriber();
    const full = Buffer.alloc(VOICE_SAMPLE_MAX_BYTES, 3);
    await uploadRecordingThroughApi(client, full);
    await uploadRecordingThroughApi(client, full);
    const refused = await client.api.send('POST /api/voice-profile/upload', {});
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      error:
        'Your recordings waiting to be used take up your 50 MB of storage. Please try again in an hour, once unused recordings are removed.',
    });
    // Another account is not affected.
    const other = await subscriber();
    expect((await other.client.api.send('POST /api/voice-profile/upload', {})).status).toBe(200);
  });
});

describe('upload links hold their room from the moment they are granted', () => {
  test('a new account asking for eight links and sending eight 20 MB uploads at once stores at most its 50 MB', async () => {
    const client = new TestClient(system.url);
    const { id } = await client.signUp(uniqueEmail('parallel'));
    const asked = await Promise.all(Array.from({ length: 8 }, () => client.api.send('POST /api/voice-profile/upload', {})));
    const links = asked.filter((a) => a.status === 200).map((a) => a.data.uploadURL as string);
    const refusals = asked.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.data.code}`);
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(links.length).toBe(2);
    expect(new Set(refusals)).toEqual(new Set(['409 STORAGE_QUOTA_EXCEEDED']));

    const body = Buffer.alloc(20 * MB, 7);
    const sent = await Promise.all(
      links.map((link) => fetch(new URL(link, system.url), { method: 'PUT', body, headers: { 'content-type': 'audio/webm' } })),
    );
    const stored = await system.services.voice.context.files.usedBytes(`uploads/${id}/`);
    expect(stored).toBeLessThanOrEqual(QUOTA);
    // Every granted link took its upload whole: the room was held for it.
    expect(sent.map((answer) => answer.status)).toEqual(links.map(() => 200));
    expect(stored).toBe(links.length * 20 * MB);
    console.info(
      `8 links asked at once: ${links.length} granted, ${refusals.length} refused (${[...new Set(refusals)].join(', ')}); ` +
        `${links.length} × 20 MB sent at once, ${(stored / MB).toFixed(1)} MB stored against a ${QUOTA / MB} MB quota`,
    );

    // The next link offers only the room left, and a body past it is cut off.
    const next = await client.api.send('POST /api/voice-profile/upload', {});
    expect(next.status).toBe(200);
    const over = await fetch(new URL(next.data.uploadURL, system.url), { method: 'PUT', body, headers: { 'content-type': 'audio/webm' } });
    expect(over.status).toBe(413);
    expect(await system.services.voice.context.files.usedBytes(`uploads/${id}/`)).toBe(stored);
  });

  test('an account holds at most two links open at once, and a used link frees its place', async () => {
    const { client, sessionId } = await subscriber();
    const opened = [];
    for (let i = 0; i < 3; i++) opened.push(await client.api.send('POST /api/voice-profile/upload', {}));
    // Each open link holds a 25 MB recording's room.
    expect(opened.map((a) => a.status)).toEqual([200, 200, 409]);
    // Using one (a refused recording counts: it is removed at once) gives its room back.
    await fetch(new URL(opened[0].data.uploadURL, system.url), { method: 'PUT', body: bomb, headers: { 'content-type': 'audio/webm' } });
    expect(
      (await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL: opened[0].data.uploadURL, consent } }))
        .status,
    ).toBe(400);
    expect((await client.api.send('POST /api/voice-profile/upload', {})).status).toBe(200);
  });
});

describe('on a system that removes unused uploads after 2 seconds', () => {
  let sweeping: TestSystem;
  let dataDir: string;
  let crashedWrite: string;
  beforeAll(async () => {
    // What a write killed part way leaves: a .partial file whose process is gone.
    dataDir = mkdtempSync(join(tmpdir(), 'voice-restart-'));
    const folder = join(dataDir, 'voice', 'files', 'uploads', 'someone');
    mkdirSync(folder, { recursive: true });
    const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
    crashedWrite = join(folder, `take.webm.${hostname().replace(/[^A-Za-z0-9-]/g, '-')}-${gonePid}.00ff00ff.partial`);
    writeFileSync(crashedWrite, Buffer.alloc(4096));
    sweeping = await startTestSystem({ dataDir, env: { ...process.env, UNUSED_UPLOAD_MAX_AGE_SECONDS: '2' } });
  });
  afterAll(async () => {
    await sweeping?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the .partial file a crashed write left was removed when the service started', () => {
    expect(existsSync(crashedWrite)).toBe(false);
  });

  test('an upload never used is removed by the sweeper, counted in the metrics, and can no longer be cloned', async () => {
    const { client, sessionId } = await subscriber(sweeping);
    const uploadURL = await uploadRecordingThroughApi(client, bomb);
    const files = sweeping.services.voice.context.files;
    await eventually(
      async () => {
        expect(await files.stat(keyOf(uploadURL))).toBeNull();
        expect(await sumOfMetricAt([sweeping.gateway.metricsUrl!], 'innerecho_unused_uploads_removed_total')).toBeGreaterThanOrEqual(1);
      },
      100,
      200,
    );
    const res = await client.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL, consent } });
    expect(res.data.code).toBe('SAMPLE_NOT_FOUND');
  });
});
