import { existsSync, mkdirSync, readdirSync, watch } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { eventually, newSessionId, TestClient, uniqueEmail, uploadRecordingThroughApi } from '@innerecho/embedded';
import { spokenSample } from '@innerecho/voice/test/voice-samples';
import { addMusicTrack } from '@innerecho/generation/test/library-setup';
import { attachToDistributedSystem, startDistributedTestSystem, type DistributedTestSystem } from '../src';
import type { ServiceProcess } from '../src/service-process';

jest.setTimeout(900_000);

/**
 * The generation service's process dies or is stopped while it renders: killed (SIGKILL) in
 * the middle of a render, killed while the finished MP3 is being written to the store, and
 * stopped (SIGTERM) with a render still running at the end of the grace period. Afterwards
 * the listener has no half-made item, the store has no file of it (whole or half written),
 * and the seconds the render had reserved count again: at once after a SIGTERM, within the
 * lease (6 s here) after a SIGKILL.
 */
const LEASE_SECONDS = 6;
let system: DistributedTestSystem;
let database: pg.Pool;
let generation: ServiceProcess;
let filesRoot: string;
let listener: { client: TestClient; userId: string; sessionId: string };
let transcriptId: string;
let track: { id: string };

beforeAll(async () => {
  system = await startDistributedTestSystem({
    serviceEnv: {
      RENDER_RESERVATION_LEASE_SECONDS: String(LEASE_SECONDS),
      SHUTDOWN_GRACE_SECONDS: '2',
      // One render at a time on one core: a render over five minutes of music runs for seconds.
      RENDER_CONCURRENCY: '1',
      RENDER_PARALLELISM: '1',
    },
  });
  database = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
  generation = system.system.services.generation.instances[0];
  filesRoot = join(dirname(system.logDir), 'data', 'generation', 'files');

  const client = new TestClient(system.url);
  const user = await client.signUp(uniqueEmail('crash'));
  const attached = await attachToDistributedSystem(system);
  await attached.grantSubscription(user.id).finally(() => attached.close());
  const sessionId = newSessionId();
  const [cloned, music] = await Promise.all([
    spokenSample().then((sample) => cloneStraightAtVoice(client, new Uint8Array(sample), sessionId)),
    addMusicTrack(system, 'Five Minutes Of Pad', 300),
  ]);
  expect(cloned.status === 200 ? 200 : await cloned.text()).toBe(200);
  listener = { client, userId: user.id, sessionId };
  track = music;
  transcriptId = ((await client.get('/api/transcripts')).data as { id: string; content: string }[]).sort(
    (a, b) => a.content.length - b.content.length,
  )[0].id;
  // The speech is made (and cached by the voice service) once, so each render below is mostly encoding.
  const first = await generate(60);
  expect(first.status).toBe(201);
  await database.query('delete from generation.daily_usage where user_id = $1', [listener.userId]);
});

afterAll(async () => {
  await database?.end();
  await system?.stop();
});

/**
 * Clones the listener's voice at the voice service itself: setup here (the API's own tests
 * cover the route), and on a busy machine a clone can outlast the gateway's proxy timeout.
 */
async function cloneStraightAtVoice(client: TestClient, sample: Uint8Array, sessionId: string) {
  const uploadURL = await uploadRecordingThroughApi(client, sample);
  return fetch(`${system.services.voice}/api/voice-profile/clone`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.cookies.get('ie_session')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } }),
  });
}

/** Asks for a render and reads the whole answer (a connection cut by a dead process is status 0). */
async function generate(seconds: number, musicBelowVoiceDb?: number) {
  const cookie = [...listener.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  try {
    const res = await fetch(`${system.url}/api/generate-audio`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionId: listener.sessionId,
        voiceSpeed: '1.0',
        audioDuration: String(seconds),
        transcriptId,
        ...(musicBelowVoiceDb ? { backgroundMusicId: track.id, musicBelowVoiceDb } : {}),
      }),
    });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body };
  } catch {
    return { status: 0, body: Buffer.alloc(0) };
  }
}

const allowanceUsed = async () => (await listener.client.get('/api/generate-audio/allowance')).data.secondsUsed as number;
const savedCount = async () => ((await listener.client.get(`/api/saved-affirmations/${listener.sessionId}`)).data as unknown[]).length;
const reservationRows = async () =>
  Number(
    (await database.query('select count(*) as n from generation.render_reservations where user_id = $1', [listener.userId])).rows[0].n,
  );
/** Every file under the listener's folder of saved MP3s, whole or half written. */
const listenerFiles = () => {
  const dir = join(filesRoot, 'affirmations', listener.userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const renderRunning = async () => (await listener.client.get('/api/generate-audio/queue')).data.running === 1;

/** What a crash left, once the service is back: the listener's items, files and seconds. */
async function leftovers(savedBefore: number, filesBefore: string[]) {
  return {
    newItems: (await savedCount()) - savedBefore,
    orphanFiles: listenerFiles().filter((f) => !filesBefore.includes(f)),
  };
}

test('killed mid-render: after a restart nothing of the render is kept and its seconds count again within the lease', async () => {
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const answer = generate(3600, 22);
  await eventually(async () => expect(await renderRunning()).toBe(true), 600, 50);
  expect(await allowanceUsed()).toBe(3600);
  expect(await generation.stop('SIGKILL')).toBeNull();
  const killedAt = Date.now();
  expect((await answer).status).not.toBe(201);

  await generation.start();
  await eventually(async () => expect(await allowanceUsed()).toBe(0), 600, 100);
  const secondsBackAfterMs = Date.now() - killedAt;
  await eventually(async () => expect(await reservationRows()).toBe(0), 600, 100);
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGKILL mid-render: seconds back ${(secondsBackAfterMs / 1000).toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s, ` +
      `restart included), partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
  );
  expect(left).toEqual({ newItems: 0, orphanFiles: [] });
});

test('killed while the MP3 is being written to the store: no item, no file, whole or half, and the seconds come back', async () => {
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const dir = join(filesRoot, 'affirmations', listener.userId);
  mkdirSync(dir, { recursive: true });
  // The store writes `<id>.mp3.<pid>.<time>.partial` and renames it when whole: kill as it appears.
  let halfWritten: string | null = null;
  const killed = new Promise<void>((resolve) => {
    const watcher = watch(dir, (_event, name) => {
      if (!name?.endsWith('.partial') || halfWritten) return;
      halfWritten = name;
      void generation.stop('SIGKILL').then(() => resolve());
      watcher.close();
    });
  });
  const answer = generate(3600, 19);
  await killed;
  const killedAt = Date.now();
  expect((await answer).status).not.toBe(201);
  // The kill came while the file was half written: the half is still there until the sweep.
  expect(listenerFiles()).toContain(halfWritten);

  await generation.start();
  await eventually(async () => expect(await allowanceUsed()).toBe(0), 600, 100);
  const secondsBackAfterMs = Date.now() - killedAt;
  await eventually(async () => expect(await reservationRows()).toBe(0), 600, 100);
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGKILL mid-store (${halfWritten} half written): seconds back ${(secondsBackAfterMs / 1000).toFixed(1)} s after the kill, ` +
      `partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
  );
  expect(left).toEqual({ newItems: 0, orphanFiles: [] });
});

test('SIGTERM during a render: cancelled at the end of the grace period without a native crash, seconds released at once, nothing kept', async () => {
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const answer = generate(3600, 13);
  await eventually(async () => expect(await renderRunning()).toBe(true), 600, 50);
  const linesBefore = generation.logLines().length;
  const stopping = Date.now();
  const exitCode = await generation.stop('SIGTERM');
  const stopMs = Date.now() - stopping;
  const output = generation.logLines().slice(linesBefore).join('\n');
  expect((await answer).status).not.toBe(201);
  // Released by the stop itself, not by the lease: no reservation is left behind.
  const rowsAfterStop = await reservationRows();

  await generation.start();
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGTERM mid-render (grace 2 s): exited with ${exitCode} after ${(stopMs / 1000).toFixed(1)} s, reservations left ${rowsAfterStop}, ` +
      `partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
  );
  expect(exitCode).toBe(0);
  expect(output).not.toMatch(/FATAL ERROR|napi_throw|core dumped/);
  expect(output).toContain('cancelled renders still running at the end of the grace period');
  expect(rowsAfterStop).toBe(0);
  expect(await allowanceUsed()).toBe(0);
  expect(left).toEqual({ newItems: 0, orphanFiles: [] });
});
