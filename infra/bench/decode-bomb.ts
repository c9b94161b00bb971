/**
 * npm run bench:bomb: what a decode bomb costs the service. A 4-hour silent FLAC (a few
 * kilobytes, labelled audio/webm) is sent as a voice sample (POST /api/voice-profile/clone)
 * and as an own recording (PUT /api/own-recordings/…), once alone and then four at once while
 * a listener reads the music list; prints each answer's time and code, the process's peak
 * memory above what it held before, and the listener's read times. Then leaves uploads unused
 * and prints how many the sweeper removed.
 *
 *   npm run bench:bomb                     # PGlite in memory, or PostgreSQL when DATABASE_URL is set
 *   BOMB_SAMPLE_RATE=44100 npm run bench:bomb   # the bomb at CD rate (151 KB, slower to make)
 *
 * The system runs in this process, so the peak is this process's (Linux VmHWM, reset before
 * each step through /proc/self/clear_refs); ffprobe and ffmpeg run as their own processes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { ffmpegPath } from '@innerecho/kit';
import {
  eventually,
  startTestSystem,
  sumOfMetricAt,
  TestClient,
  uploadRecordingThroughApi,
  type TestSystem,
  signedUpSubscriber,
} from '@innerecho/embedded';

const HOURS = 4;
const SAMPLE_RATE = Number(process.env.BOMB_SAMPLE_RATE ?? 8000);
const UNUSED_AFTER_SECONDS = 20;
const UNUSED_UPLOADS = 5;

/** Silence as FLAC in the largest frames; `statesLength: false` writes it as a stream would, with no total in its header. */
async function silentFlac(seconds: number, sampleRate: number, statesLength = true): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bomb-'));
  try {
    const out = join(dir, 'bomb.flac');
    const { stdout } = await promisify(execFile)(
      ffmpegPath(),
      [
        ...['-v', 'error', '-f', 'lavfi', '-i', `anullsrc=r=${sampleRate}:cl=mono`, '-t', String(seconds)],
        ...['-c:a', 'flac', '-frame_size', '65535', '-f', 'flac', statesLength ? out : 'pipe:1'],
      ],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    return statesLength ? readFileSync(out) : stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The process's resident and peak resident memory in MB (Linux). */
function memory() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
/** Starts a new peak: VmHWM falls back to the current resident size. */
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

interface Listener {
  client: TestClient;
  sessionId: string;
}

const listener = (system: TestSystem): Promise<Listener> => signedUpSubscriber(system, 'bomb');

const asSample = async (system: TestSystem, bomb: Buffer) => {
  const { client, sessionId } = await listener(system);
  const uploadURL = await uploadRecordingThroughApi(client, bomb);
  return () =>
    client.postJson('/api/voice-profile/clone', { sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } });
};

const asReading = async (system: TestSystem, bomb: Buffer) => {
  const { client, sessionId } = await listener(system);
  const created = await client.postJson('/api/custom-affirmations', {
    sessionId,
    title: 'Four Hours',
    content: 'I am calm and I am grounded.',
    category: 'Other',
  });
  const uploadURL = await uploadRecordingThroughApi(client, bomb);
  return () => client.request('PUT', `/api/own-recordings/${sessionId}/custom-${created.data.id}`, { json: { uploadURL } });
};

async function timed(send: () => Promise<{ status: number; data: { code?: string } }>) {
  const started = performance.now();
  const res = await send();
  return { ms: performance.now() - started, status: res.status, code: res.data?.code };
}

const round = (n: number) => Math.round(n);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function main() {
  console.log(`making a ${HOURS}-hour silent FLAC at ${SAMPLE_RATE} Hz…`);
  const [system, bomb, unstated] = await Promise.all([
    startTestSystem({ env: { ...process.env, UNUSED_UPLOAD_MAX_AGE_SECONDS: String(UNUSED_AFTER_SECONDS), API_RATE_LIMIT: '100000' } }),
    silentFlac(HOURS * 3600, SAMPLE_RATE),
    silentFlac(HOURS * 3600, SAMPLE_RATE, false),
  ]);
  try {
    console.log(
      `bomb: ${(bomb.length / 1024).toFixed(0)} KB (${(unstated.length / 1024).toFixed(0)} KB written as a stream, no length in its header), labelled audio/webm`,
    );
    const load = () =>
      loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(`load average before: ${load()} (1, 5, 15 minutes)\n`);
    const reader = await listener(system);
    const read = () => timed(() => reader.client.get('/api/background-music'));
    for (let i = 0; i < 20; i++) await read(); // warm
    const idleReads: number[] = [];
    for (let i = 0; i < 40; i++) idleReads.push((await read()).ms);

    // The same route refused with no audio work at all (an upload that is not there): what the
    // gateway, the session and subscription checks cost on this machine right now.
    const baseline: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { client, sessionId } = await listener(system);
      const { uploadURL } = (await client.postJson('/api/voice-profile/upload', {})).data;
      const consent = { accepted: true, textVersion: VOICE_CONSENT_VERSION };
      baseline.push((await timed(() => client.postJson('/api/voice-profile/clone', { sessionId, uploadURL, consent }))).ms);
    }
    console.log(`the clone route refused with no audio work (SAMPLE_NOT_FOUND): ${baseline.map(round).join(', ')} ms\n`);

    console.log('one at a time              answer     code              ms   peak MB above before');
    for (const [name, prepare, file] of [
      ['voice sample', asSample, bomb],
      ['own recording', asReading, bomb],
      // No length in the header: the packets are counted (ffprobe's demuxer, no decoding), up to the limit.
      ['sample, length unstated', asSample, unstated],
      ['recording, len. unstated', asReading, unstated],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const send = await prepare(system, file);
        global.gc?.();
        const before = memory().rss;
        resetPeak();
        const answer = await timed(send);
        const above = memory().peak - before;
        console.log(
          `  ${name.padEnd(22)} ${String(answer.status).padEnd(10)} ${String(answer.code).padEnd(17)} ${round(answer.ms).toString().padStart(4)}   ${above.toFixed(1)}`,
        );
      }
    }

    // Four bombs at once (each route, with and without a stated length) while a listener keeps reading.
    const sends = [
      await asSample(system, bomb),
      await asSample(system, unstated),
      await asReading(system, bomb),
      await asReading(system, unstated),
    ];
    global.gc?.();
    const before = memory().rss;
    resetPeak();
    const busyReads: number[] = [];
    let bombing = true;
    const reading = (async () => {
      while (bombing) busyReads.push((await read()).ms);
    })();
    const started = performance.now();
    const answers = await Promise.all(sends.map((send) => timed(send)));
    const allAnswered = performance.now() - started;
    bombing = false;
    await reading;
    console.log(
      `\nfour at once: all answered in ${round(allAnswered)} ms (${answers.map((a) => `${a.status} ${a.code}`).join(', ')}); ` +
        `peak ${(memory().peak - before).toFixed(1)} MB above before`,
    );
    console.log(
      `listener's reads (GET /api/background-music): idle p50 ${percentile(idleReads, 0.5).toFixed(1)} ms, max ${Math.max(...idleReads).toFixed(1)} ms; ` +
        `during the bombs p50 ${percentile(busyReads, 0.5).toFixed(1)} ms, max ${Math.max(...busyReads).toFixed(1)} ms (${busyReads.length} reads)`,
    );

    // Uploads nobody uses: the sweeper removes them once they are older than the limit.
    const idle = await listener(system);
    for (let i = 0; i < UNUSED_UPLOADS; i++) await uploadRecordingThroughApi(idle.client, bomb);
    const voiceUrl = system.gateway.metricsUrl!;
    const removedBefore = await sumOfMetricAt([voiceUrl], 'innerecho_unused_uploads_removed_total');
    const waitStarted = performance.now();
    const removed = await eventually(
      async () => {
        const count = (await sumOfMetricAt([voiceUrl], 'innerecho_unused_uploads_removed_total')) - removedBefore;
        if (count < UNUSED_UPLOADS) throw new Error(`${count} removed so far`);
        return count;
      },
      600,
      100,
    );
    console.log(
      `\nunused uploads: ${UNUSED_UPLOADS} left unused, ${removed} removed by the sweeper ` +
        `${((performance.now() - waitStarted) / 1000).toFixed(1)} s after the last (limit ${UNUSED_AFTER_SECONDS} s here, an hour by default)`,
    );
    console.log(`load average after: ${load()}`);
  } finally {
    await system.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
