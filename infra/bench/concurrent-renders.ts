/**
 * npm run bench:concurrent: eight listeners each generate an hour with music at once, through
 * the gateway of the distributed form (every service in its own process, on PostgreSQL and
 * NATS, files on local disk); then the same eight renders one at a time for eight other
 * listeners (the baseline, same run, same machine). Each listener has their own text and their
 * own reading of it (no voice clone, no engine), so no render reuses another's period. Prints
 * each render's outcome, wall time, throughput (audio hours rendered per minute) and the peak
 * resident memory of the generation service's own process.
 *
 *   npm run bench:concurrent
 *   BENCH_LISTENERS=8 BENCH_SECONDS=3600 BENCH_MUSIC_SECONDS=240 npm run bench:concurrent
 *
 * Uses the PostgreSQL and NATS named by DATABASE_URL and NATS_URL (default: both on 127.0.0.1).
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { attachToDistributedSystem, startDistributedTestSystem } from '@innerecho/distributed';
import { newSessionId, TestClient, uniqueEmail, addMusicTrack, spokenSample } from '@innerecho/embedded';
import { ffprobePath } from '@innerecho/kit';

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3600);
const MUSIC_SECONDS = Number(process.env.BENCH_MUSIC_SECONDS ?? 240);
const MB = 1024 * 1024;

/** A kB figure from /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in bytes. */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** The highest resident memory of `pid` while `work` runs (sampled every 50 ms). */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = procStatus(pid, 'VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, procStatus(pid, 'VmRSS'))), 50);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, procStatus(pid, 'VmRSS')) };
  } finally {
    clearInterval(timer);
  }
}

interface Listener {
  client: TestClient;
  sessionId: string;
  customAffirmationId: string;
}

interface Outcome {
  ok: boolean;
  detail: string;
  ms: number;
}

async function main() {
  const distributed = await startDistributedTestSystem({ logLevel: 'warn' });
  const attached = await attachToDistributedSystem(distributed);
  const dir = mkdtempSync(join(tmpdir(), 'innerecho-bench-concurrent-'));
  try {
    const { url, admin } = distributed;
    const pid = distributed.system.services.generation.instances[0].pid!;
    process.stdout.write(
      `distributed system up (generation pid ${pid}); adding a ${MUSIC_SECONDS} s track and ${2 * LISTENERS} listeners\n`,
    );
    const track = await addMusicTrack({ url, admin }, 'Bench Pad', MUSIC_SECONDS);
    const grant = (userId: string) => attached.grantSubscription(userId);

    // Listener i reads the first 3 + (i % 8) sample sentences: a different text and speech each.
    const readings = new Map<number, Buffer>();
    const listener = async (i: number): Promise<Listener> => {
      const sentences = 3 + (i % 8);
      const client = new TestClient(url);
      const user = await client.signUp(uniqueEmail('bench'));
      await grant(user.id);
      const sessionId = newSessionId();
      const created = await client.postJson('/api/custom-affirmations', {
        sessionId,
        title: `Bench ${i}`,
        content: VOICE_SAMPLE_SENTENCES.slice(0, sentences).join(' '),
        category: 'Other',
      });
      if (created.status !== 201) throw new Error(`custom affirmation refused: ${created.status} ${created.text}`);
      const upload = await client.postJson('/api/voice-profile/upload', {});
      const put = await fetch(url + upload.data.uploadURL, {
        method: 'PUT',
        headers: { 'content-type': 'audio/webm' }, // the type the upload URL is signed for; the voice service reads any audio
        body: new Uint8Array(readings.get(sentences)!),
      });
      if (!put.ok) throw new Error(`reading upload refused: ${put.status}`);
      const kept = await client.request('PUT', `/api/own-recordings/${sessionId}/custom-${created.data.id}`, {
        json: { uploadURL: upload.data.uploadURL },
      });
      if (kept.status !== 200) throw new Error(`own reading refused: ${kept.status} ${kept.text}`);
      return { client, sessionId, customAffirmationId: created.data.id };
    };
    for (let sentences = 3; sentences < 11; sentences++) readings.set(sentences, await spokenSample({ sentences, format: 'wav' }));
    const all = await Promise.all(Array.from({ length: 2 * LISTENERS }, (_, i) => listener(i)));

    /** One hour with music, streamed to a file (never held here), checked with ffprobe. */
    const render = async (who: Listener, n: number, balance: number): Promise<Outcome> => {
      const started = performance.now();
      try {
        return await renderOnce(who, n, balance, started);
      } catch (error) {
        return { ok: false, detail: String((error as Error).cause ?? error), ms: performance.now() - started };
      }
    };
    const renderOnce = async (who: Listener, n: number, balance: number, started: number): Promise<Outcome> => {
      // Through the gateway, as the browser does.
      const res = await fetch(`${url}/api/generate-audio`, {
        method: 'POST',
        headers: { cookie: `ie_session=${who.client.cookies.get('ie_session')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionId: who.sessionId,
          voiceSpeed: '1.0',
          audioDuration: String(SECONDS),
          customAffirmationId: who.customAffirmationId,
          backgroundMusicId: track.id,
          musicBelowVoiceDb: balance,
        }),
      });
      if (res.status !== 201) return { ok: false, detail: `${res.status} ${await res.text()}`, ms: performance.now() - started };
      const file = join(dir, `render-${n}.mp3`);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
      const ms = performance.now() - started;
      const probe = await promisify(execFile)(ffprobePath(), ['-v', 'error', '-show_entries', 'format=duration,size', '-of', 'json', file]);
      rmSync(file);
      const format = JSON.parse(probe.stdout).format;
      const ok = Math.abs(Number(format.duration) - SECONDS) < 0.1 && Number(format.size) === Number(res.headers.get('content-length'));
      return { ok, detail: `${(Number(format.size) / 1e6).toFixed(1)} MB, ${Number(format.duration).toFixed(2)} s`, ms };
    };

    const hours = (LISTENERS * SECONDS) / 3600;
    const report = (name: string, run: { result: { outcomes: Outcome[]; ms: number }; peak: number }) => {
      const failed = run.result.outcomes.filter((o) => !o.ok).length;
      return [
        `${name}: ${LISTENERS - failed} of ${LISTENERS} succeeded, wall ${(run.result.ms / 1000).toFixed(1)} s, ` +
          `${(hours / (run.result.ms / 60_000)).toFixed(2)} audio hours per minute, peak RSS ${(run.peak / MB).toFixed(0)} MB`,
        ...run.result.outcomes.map((o, i) => `  render ${i + 1}: ${o.ok ? 'ok' : 'FAILED'} in ${(o.ms / 1000).toFixed(1)} s (${o.detail})`),
      ].join('\n');
    };
    const startHwm = procStatus(pid, 'VmHWM');
    const idleRss = procStatus(pid, 'VmRSS');
    // Baseline first (its own listeners, balance 22): the same renders one at a time.
    const sequential = await peakRssDuring(pid, async () => {
      const started = performance.now();
      const outcomes: Outcome[] = [];
      for (let i = 0; i < LISTENERS; i++) outcomes.push(await render(all[LISTENERS + i], LISTENERS + i, 22));
      return { outcomes, ms: performance.now() - started };
    });
    process.stdout.write(`${report('one at a time (baseline)', sequential)}\n`);
    const concurrent = await peakRssDuring(pid, async () => {
      const started = performance.now();
      const outcomes = await Promise.all(all.slice(0, LISTENERS).map((who, i) => render(who, i, 16)));
      return { outcomes, ms: performance.now() - started };
    });
    const hwm = procStatus(pid, 'VmHWM');

    process.stdout.write(
      [
        '',
        `${LISTENERS} listeners x ${SECONDS} s with music (a ${MUSIC_SECONDS} s track), own text and reading each, ${cpus().length} cores`,
        report('all at once', concurrent),
        `generation service process: RSS ${(idleRss / MB).toFixed(0)} MB just before the renders ` +
          `(VmHWM ${(startHwm / MB).toFixed(0)} MB, from setting up the listeners), VmHWM ${(hwm / MB).toFixed(0)} MB after`,
        `load average at the end: ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')}`,
        '',
      ].join('\n'),
    );
    if ([...sequential.result.outcomes, ...concurrent.result.outcomes].some((o) => !o.ok)) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await attached.close();
    await distributed.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
