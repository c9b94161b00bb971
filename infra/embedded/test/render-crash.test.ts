import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { spokenSample, addMusicTrack } from '@innerecho/embedded';
import { createLogger, openDatabase } from '@innerecho/kit';
import {
  eventually,
  freePort,
  newSessionId,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  uploadRecordingThroughApi,
} from '../src';

jest.setTimeout(2_400_000);

/**
 * The product is killed or stopped while it renders: killed (SIGKILL) in the middle of a
 * render, killed while the MP3 is being written to the store, stopped (SIGTERM) with a render
 * still being made and sent at the end of the grace period (its download is cut off: its
 * status went with its first bytes) and another waiting for its turn (answered 503 with
 * Retry-After), and stopped with a render that finishes within it; and killed while a listener's
 * recording is half uploaded. It runs as a child process
 * (`product-process.ts`: the whole product in one process, as `npm start`) on PostgreSQL and
 * a data folder that outlive it, and is started again after each. Afterwards the listener has
 * no half-made item, the store has no file of it (whole or half written), and the seconds the
 * render had reserved count again: at once after a SIGTERM, within the lease (6 s here) after
 * a SIGKILL.
 */
const LEASE_SECONDS = 6;
/** The first render (60 s, made to cache the speech) is saved; each render below asks for the rest of the day's hour. */
const USED_BEFORE = 60;
const RENDER_SECONDS = 3600 - USED_BEFORE;
const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

/** The product as a child process, started again on the same port, database and data. */
class ProductProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  readonly lines: string[] = [];
  info!: { url: string; generation: string; voice: string; admin: { email: string; password: string } | null };

  constructor(private readonly env: Record<string, string>) {}

  /** Starts it; `lifeEnv` is added to the environment for this life only. */
  async start(lifeEnv: Record<string, string> = {}) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'product-process.ts')], {
      cwd: REPOSITORY_ROOT,
      // A process group of its own, as a service under systemd or a process manager has: signals can be sent to the whole group.
      detached: true,
      env: { ...process.env, NATS_URL: '', NODE_ENV: 'production', ...this.env, ...lifeEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const ready = new Promise<void>((resolve, reject) => {
      void this.exited.then(({ code }) =>
        reject(new Error(`the product exited with ${code} while starting:\n${this.lines.slice(-30).join('\n')}`)),
      );
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          const parts = (rest + chunk).split('\n');
          rest = parts.pop() ?? '';
          for (const line of parts) {
            this.lines.push(line);
            if (!line.startsWith('{"productReady"')) continue;
            const info = JSON.parse(line).productReady;
            this.info = { ...info, admin: info.admin ?? this.info?.admin ?? null };
            resolve();
          }
        });
      }
    });
    await ready;
  }

  /** The ffmpeg processes it has running now (its children, from /proc). */
  ffmpegChildren(): number[] {
    const pid = this.child?.pid;
    if (!pid) return [];
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          // "pid (comm) state ppid ...": comm may hold spaces, so read past its closing parenthesis.
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return ppid === pid && comm.startsWith('ffmpeg');
        } catch {
          return false; // it ended while we looked
        }
      })
      .map(Number);
  }

  /** Sends `signal` (to the process, or to its whole process group, children included) and waits for the process to end. */
  async stop(signal: NodeJS.Signals, to: 'process' | 'group' = 'process') {
    if (to === 'group' && this.child?.pid) process.kill(-this.child.pid, signal);
    else this.child?.kill(signal);
    return this.exited;
  }
}

let product: ProductProcess;
let dataDir: string;
let filesRoot: string;
let listener: { client: TestClient; userId: string; sessionId: string };
let transcriptId: string;
let track: { id: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'innerecho-crash-'));
  filesRoot = join(dataDir, 'generation', 'files');
  product = new ProductProcess({
    PORT: String(await freePort()),
    // The operators' metrics port too: another system of the run may hold the default one.
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    // PGlite under DATA_DIR, as `npm start` keeps it (and no share of a busy server's connections).
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    SIGN_IN_RATE_LIMIT: '1000',
    RENDER_RESERVATION_LEASE_SECONDS: String(LEASE_SECONDS),
    // No grace: a SIGTERM cancels a running render however fast this machine renders.
    SHUTDOWN_GRACE_SECONDS: '0',
    // One render at a time on one core: a render over two minutes of music runs for seconds.
    RENDER_CONCURRENCY: '1',
    RENDER_PARALLELISM: '1',
  });
  await product.start();

  const client = new TestClient(product.info.url);
  const email = uniqueEmail('crash');
  const user = await client.signUp(email);
  await subscribeThroughDemoCheckout(product.info.url, { client, email });
  await eventually(async () => expect((await client.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe('active'), 300, 100);
  const sessionId = newSessionId();
  const [cloned, music] = await Promise.all([
    spokenSample().then((sample) => cloneStraightAtVoice(client, new Uint8Array(sample), sessionId)),
    addMusicTrack({ url: product.info.url, admin: product.info.admin! }, 'Two Minutes Of Pad', 120),
  ]);
  expect(cloned.status === 200 ? 200 : cloned.text).toBe(200);
  listener = { client, userId: user.id, sessionId };
  track = music;
  transcriptId = ((await client.api.send('GET /api/transcripts', {})).data as { id: string; content: string }[]).sort(
    (a, b) => a.content.length - b.content.length,
  )[0].id;
  // The speech is made (and cached by the voice service) once, so each render below is mostly encoding.
  const first = await generate(60);
  expect(first.status).toBe(201);
});

afterAll(async () => {
  await product?.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Clones the listener's voice at the voice service itself: setup here (the API's own tests
 * cover the route), and on a busy machine a clone can outlast the gateway's proxy timeout.
 */
async function cloneStraightAtVoice(client: TestClient, sample: Uint8Array, sessionId: string) {
  const uploadURL = await uploadRecordingThroughApi(client, sample);
  return new TestClient(product.info.voice).api.send(
    'POST /api/voice-profile/clone',
    { body: { sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } } },
    { headers: { authorization: `Bearer ${client.cookies.get('ie_session')}` } },
  );
}

/** Asks for a render; resolves with its answer's status and headers as soon as they come. */
function askForRender(seconds: number, musicBelowVoiceDb?: number) {
  const cookie = [...listener.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(`${product.info.url}/api/generate-audio`, {
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
}

/** Asks for a render and reads the whole answer (a connection cut by a dead process, or an answer cut off, is status 0). */
async function generate(seconds: number, musicBelowVoiceDb?: number) {
  try {
    const res = await askForRender(seconds, musicBelowVoiceDb);
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      body,
      declaredLength: Number(res.headers.get('content-length')),
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return { status: 0, body: Buffer.alloc(0), declaredLength: NaN, retryAfter: null };
  }
}

/**
 * A render whose MP3 has started to arrive (201 and its first bytes: it is being made and
 * sent), and then whether its download completed.
 */
async function renderBeingSent(seconds: number, musicBelowVoiceDb: number) {
  const res = await askForRender(seconds, musicBelowVoiceDb);
  expect(res.status).toBe(201);
  const reader = res.body!.getReader();
  expect((await reader.read()).value?.length).toBeGreaterThan(0);
  const completed = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    return true;
  })().catch(() => false);
  return { completed };
}

const renderWaiting = async () => (await listener.client.api.send('GET /api/generate-audio/queue', {})).data.waiting === 1;

const allowanceUsed = async () => (await listener.client.api.send('GET /api/generate-audio/allowance', {})).data.secondsUsed as number;
const savedCount = async () =>
  (
    (await listener.client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId: listener.sessionId } }))
      .data as unknown[]
  ).length;
/** The listener's reservations as generation's database has them (read while the product is stopped: PGlite is one process's). */
async function reservationRowsWhileStopped() {
  const database = await openDatabase({
    schemaName: 'generation',
    migrationsFolder: join(REPOSITORY_ROOT, 'services', 'generation', 'src', 'data-access', 'migrations'),
    dataDir: join(dataDir, 'generation', 'pg'),
    logger: createLogger('test', 'silent'),
  });
  try {
    const result: any = await database.db.execute(
      sql`select count(*)::int as n from generation.render_reservations where user_id = ${listener.userId}`,
    );
    return (result.rows ?? result)[0].n as number;
  } finally {
    await database.close();
  }
}
/** Every file under the listener's folder of saved MP3s, whole or half written. */
const listenerFiles = () => {
  const dir = join(filesRoot, 'affirmations', listener.userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const renderRunning = async () => (await listener.client.api.send('GET /api/generate-audio/queue', {})).data.running === 1;

/** What a crash left, once the service is back: the listener's items, files and seconds. */
async function leftovers(savedBefore: number, filesBefore: string[]) {
  return {
    newItems: (await savedCount()) - savedBefore,
    orphanFiles: listenerFiles().filter((f) => !filesBefore.includes(f)),
  };
}

test('killed mid-render: after a restart nothing of the render is kept and its seconds count again within the lease', async () => {
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const answer = generate(RENDER_SECONDS, 22);
  await eventually(async () => expect(await renderRunning()).toBe(true), 600, 50);
  expect(await allowanceUsed()).toBe(USED_BEFORE + RENDER_SECONDS);
  expect((await product.stop('SIGKILL')).signal).toBe('SIGKILL');
  const killedAt = Date.now();
  expect((await answer).status).not.toBe(201);

  await product.start();
  await eventually(async () => expect(await allowanceUsed()).toBe(USED_BEFORE), 600, 100);
  const secondsBackAfterMs = Date.now() - killedAt;
  // The sweep removes the dead render's reservation and what it wrote.
  await eventually(async () => expect((await leftovers(savedBefore, filesBefore)).orphanFiles).toEqual([]), 600, 100);
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
      void product.stop('SIGKILL').then(() => resolve());
      watcher.close();
    });
  });
  const answer = generate(RENDER_SECONDS, 19);
  await killed;
  const killedAt = Date.now();
  expect((await answer).status).not.toBe(201);
  // The kill came while the file was half written: the half is still there until the sweep.
  expect(listenerFiles()).toContain(halfWritten);

  await product.start();
  await eventually(async () => expect(await allowanceUsed()).toBe(USED_BEFORE), 600, 100);
  const secondsBackAfterMs = Date.now() - killedAt;
  // The sweep removes the dead render's reservation and what it wrote.
  await eventually(async () => expect((await leftovers(savedBefore, filesBefore)).orphanFiles).toEqual([]), 600, 100);
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGKILL mid-store (${halfWritten} half written): seconds back ${(secondsBackAfterMs / 1000).toFixed(1)} s after the kill, ` +
      `partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
  );
  expect(left).toEqual({ newItems: 0, orphanFiles: [] });
});

/** The render being sent takes all but a minute of what is left of the hour; the one waiting behind it, that minute. */
const SENT_SECONDS = RENDER_SECONDS - 60;

test('SIGTERM with renders that cannot finish within the grace: cancelled at the deadline without a native crash; the one being sent is cut off, the waiting one told to retry; seconds released at once, nothing kept', async () => {
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const sent = await renderBeingSent(SENT_SECONDS, 13);
  const waiting = generate(60);
  await eventually(async () => expect(await renderWaiting()).toBe(true), 600, 50);
  const linesBefore = product.lines.length;
  const stopping = Date.now();
  const { code: exitCode } = await product.stop('SIGTERM');
  const stopMs = Date.now() - stopping;
  const output = product.lines.slice(linesBefore).join('\n');
  const [completed, { status, body, retryAfter }] = [await sent.completed, await waiting];
  // Released by the stop itself, not by the lease: no reservation is left behind.
  const rowsAfterStop = await reservationRowsWhileStopped();

  await product.start();
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGTERM mid-render (grace 0 s): the render being sent ${completed ? 'completed' : 'cut off'}, the waiting one answered ${status} ` +
      `with Retry-After ${retryAfter}, exited with ${exitCode} after ${(stopMs / 1000).toFixed(1)} s, ` +
      `reservations left ${rowsAfterStop}, partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
  );
  // Its status was sent with its first bytes: the download fails rather than ending as a whole-looking file.
  expect(completed).toBe(false);
  expect({ status, code: JSON.parse(body.toString() || '{}').code }).toEqual({ status: 503, code: 'RESTARTING' });
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(exitCode).toBe(0);
  expect(output).not.toMatch(/FATAL ERROR|napi_throw|core dumped/);
  expect(rowsAfterStop).toBe(0);
  expect(await allowanceUsed()).toBe(USED_BEFORE);
  expect(left).toEqual({ newItems: 0, orphanFiles: [] });
});

// Both at the one balance not used above: a render cancelled before its end stores no period to reuse.
test.each([
  ['SIGTERM', 10],
  ['SIGINT', 10],
] as const)(
  '%s to the whole process group (systemd, a process manager, Ctrl-C) reaches the service, not its ffmpeg: the renders are cancelled at the grace deadline, the one being sent cut off and the waiting one answered 503 with Retry-After, their seconds released before exit',
  async (signal, musicBelowVoiceDb) => {
    await product.stop('SIGTERM');
    // The encoder as a child process (the ffmpeg binary), and a grace shorter than the render.
    await product.start({ RENDER_ENCODER: 'ffmpeg', SHUTDOWN_GRACE_SECONDS: '1' });
    const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
    const sent = await renderBeingSent(SENT_SECONDS, musicBelowVoiceDb);
    const waiting = generate(60);
    await eventually(async () => expect(await renderWaiting()).toBe(true), 600, 50);
    // The signal comes while an ffmpeg of the render runs: it is in the group the signal reaches.
    await eventually(async () => expect(product.ffmpegChildren().length).toBeGreaterThan(0), 600, 20);
    const signalled = Date.now();
    const answered = waiting.then((a) => ({ ...a, afterMs: Date.now() - signalled }));
    const { code: exitCode } = await product.stop(signal, 'group');
    const completed = await sent.completed;
    const { status, body, retryAfter, afterMs: answeredAfterMs } = await answered;
    const rowsAfterStop = await reservationRowsWhileStopped();

    await product.start();
    const left = await leftovers(savedBefore, filesBefore);
    console.log(
      `${signal} to the process group mid-render (grace 1 s, ffmpeg encoder): the render being sent ${completed ? 'completed' : 'cut off'}, ` +
        `the waiting one answered ${status} ${JSON.parse(body.toString() || '{}').code} with Retry-After ${retryAfter} ` +
        `${(answeredAfterMs / 1000).toFixed(1)} s after the signal, exited ${exitCode}, reservations left ${rowsAfterStop}, ` +
        `partial items ${left.newItems}, orphan files ${left.orphanFiles.length}`,
    );
    expect(completed).toBe(false);
    expect({ status, code: JSON.parse(body.toString() || '{}').code }).toEqual({ status: 503, code: 'RESTARTING' });
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(rowsAfterStop).toBe(0);
    expect(await allowanceUsed()).toBe(USED_BEFORE);
    expect(left).toEqual({ newItems: 0, orphanFiles: [] });
  },
);

test('SIGTERM with a render that finishes within the grace: the listener gets the whole MP3 and it is saved', async () => {
  await product.stop('SIGTERM');
  await product.start({ SHUTDOWN_GRACE_SECONDS: '120' });
  const [savedBefore, filesBefore] = [await savedCount(), listenerFiles()];
  const answer = generate(RENDER_SECONDS, 16);
  await eventually(async () => expect(await renderRunning()).toBe(true), 600, 50);
  const { code: exitCode } = await product.stop('SIGTERM');
  const { status, body, declaredLength } = await answer;
  const rowsAfterStop = await reservationRowsWhileStopped();

  await product.start();
  const left = await leftovers(savedBefore, filesBefore);
  console.log(
    `SIGTERM mid-render (grace 120 s): answered ${status} with ${(body.length / 1e6).toFixed(1)} MB, exited with ${exitCode}, ` +
      `reservations left ${rowsAfterStop}, items saved ${left.newItems}, new files ${left.orphanFiles.join(' ')}`,
  );
  expect(status).toBe(201);
  // The whole file, not an answer cut by the stop.
  expect(body.length).toBe(declaredLength);
  expect(body.length).toBeGreaterThan(RENDER_SECONDS * 1_000);
  expect(exitCode).toBe(0);
  expect(rowsAfterStop).toBe(0);
  expect(await allowanceUsed()).toBe(USED_BEFORE + RENDER_SECONDS);
  expect(left.newItems).toBe(1);
  // Its MP3 (beside the store's note of its type), whole: nothing half written.
  expect(left.orphanFiles.filter((f) => f.endsWith('.mp3'))).toHaveLength(1);
  expect(left.orphanFiles.filter((f) => f.endsWith('.partial'))).toEqual([]);
});

test('killed mid-upload: after a restart nothing of the half-sent recording is left, and the listener uploads again', async () => {
  const uploads = join(dataDir, 'voice', 'files', 'uploads', listener.userId);
  const filesOfUploads = () => (existsSync(uploads) ? readdirSync(uploads) : []);
  const link = await listener.client.api.send('POST /api/voice-profile/upload', {});
  expect(link.status).toBe(200);
  // Half a recording sent, the body still open (a slow connection), when the product dies.
  const put = request(new URL(link.data.uploadURL, product.info.url), {
    method: 'PUT',
    headers: { 'content-type': 'audio/webm', 'transfer-encoding': 'chunked', origin: product.info.url },
  });
  put.on('error', () => undefined); // the connection dies with the product: that is the point
  put.write(Buffer.alloc(512 * 1024, 1));
  await eventually(async () => expect(filesOfUploads().some((f) => f.endsWith('.partial'))).toBe(true), 600, 50);
  expect((await product.stop('SIGKILL')).signal).toBe('SIGKILL');
  put.destroy();
  const halfWritten = filesOfUploads().filter((f) => f.endsWith('.partial'));
  expect(halfWritten).toHaveLength(1);

  await product.start();
  // Only the record that the link was used may stay (until the link expires); no file, whole or half.
  const left = filesOfUploads().filter((f) => !f.endsWith('.put.json'));
  console.log(`SIGKILL mid-upload (${halfWritten[0]} half written): files left after the restart ${left.length}`);
  expect(left).toEqual([]);
  const again = await uploadRecordingThroughApi(listener.client, Buffer.alloc(4096, 1));
  expect(again).toMatch(/^\/api\/files\/voice\/uploads\//);
});
