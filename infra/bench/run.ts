/**
 * npm run bench: InnerEcho's render against the naive ffmpeg pipeline, on the same inputs,
 * for 180, 900 and 3600 s, with and without music (median of N runs, default 3), then the
 * engine-call check: a second generation of the same text with another duration makes no
 * engine call.
 *
 *   npm run bench                       # everything
 *   npm run bench -- --runs 5           # more runs
 *   npm run bench -- --durations 180,900 --skip-system
 *   npm run bench -- --periods-only --skip-system   # only the reuse of kept periods
 *   npm run bench -- --durations 180,3600 --music-only --skip-periods   # what the new-listener figures need
 *   npm run bench -- --session-only --skip-system   # only the affirmation session beside a single hour
 *   npm run bench -- --short-only --runs 3          # only 180 and 600 s with music beside LAME alone, first bytes at 180, 600 and 3600 s, and an uploaded track beside a starter one
 *   npm run bench -- --uploaded-only --runs 3       # only a 600 s render with an uploaded track beside a starter one
 *
 * With the system (unless --skip-system): click to playable for a new listener, through the
 * real API of the embedded form: the voice cloned, then the first render with music of a new
 * speech and music pair (180 s for one listener, 3600 s for another), beside the naive pipeline's
 * time for the same length in this run.
 */
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createLogger, createObjectStore, decodeToPcm16, encodeWav, ffmpegPath, measureMusic, ZBaseServiceEnv } from '@innerecho/kit';
import {
  objectStorePeriods,
  ArrivingMusic,
  renderAffirmationMp3,
  closeMp3Encoders,
  resolveMp3Encoder,
  DEFAULT_PAUSE,
} from '@innerecho/generation';
import { syntheticMusic, syntheticSpeech } from '@innerecho/embedded';
import { affirmationSessionBench } from './affirmation-session';
import { firstBytesBench, shortRendersBench, uploadedMusicBench } from './short-renders';

const run = promisify(execFile);
const SR = 44100;
const SPEECH_SECONDS = 15.5;
const MUSIC_SECONDS = 300;

function arg(name: string, fallback: string) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const RUNS = Math.max(1, Number(arg('runs', '3')));
// The hour first: it is the figure that matters most, and the slowest to measure.
const DURATIONS = arg('durations', '3600,180,900').split(',').map(Number);
const SKIP_SYSTEM = process.argv.includes('--skip-system');
/** Only the period-reuse figures (a new length of a pair rendered before). */
const PERIODS_ONLY = process.argv.includes('--periods-only');
/** Only the renders with music (the new-listener figures compare those). */
const MUSIC_ONLY = process.argv.includes('--music-only');
const SKIP_PERIODS = process.argv.includes('--skip-periods');
/** Only the affirmation session (five affirmations, an hour with music) beside a single affirmation's hour. */
const SESSION_ONLY = process.argv.includes('--session-only');
/** Only the short renders with music and the uploaded track beside a starter one. */
const SHORT_ONLY = process.argv.includes('--short-only');
/** Only the 600 s render with an uploaded track beside a starter one. */
const UPLOADED_ONLY = process.argv.includes('--uploaded-only');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'innerecho-bench-'));
  try {
    await printHeader();
    const inputs = await benchInputs(dir);
    const rows = SHORT_ONLY || UPLOADED_ONLY || PERIODS_ONLY || SESSION_ONLY ? [] : await renderRows(inputs);
    if (rows.length) printTargets(rows);
    const { speech, musicBytes, musicFile, measured, decodedMusic, naive } = inputs;
    if (!PERIODS_ONLY && !SESSION_ONLY) {
      const shortInputs = { runs: RUNS, cores: availableParallelism(), speech, musicBytes, measured, decodedMusic, naive };
      if (!UPLOADED_ONLY) {
        await shortRendersBench(shortInputs);
        await firstBytesBench(shortInputs);
      }
      await uploadedMusicBench({ ...shortInputs, dir });
    }
    if (SHORT_ONLY || UPLOADED_ONLY) return;

    if (!PERIODS_ONLY) await affirmationSessionBench({ dir, runs: RUNS, speech, musicBytes, musicFile, measured });

    if (!SKIP_PERIODS && !SESSION_ONLY) await periodReuse({ dir, speech, musicBytes, decodedMusic, measured });

    if (!SKIP_SYSTEM) {
      await newListenerClickToPlayable((seconds) => rows.find((r) => r.seconds === seconds && r.music)?.naive);
      await engineCallCheck();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await closeMp3Encoders();
  }
}

async function printHeader() {
  console.log(`InnerEcho render benchmark: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ffmpeg ${ffmpegPath()}`);
  console.log(
    `Inputs: ${SPEECH_SECONDS} s synthetic speech clip, ${MUSIC_SECONDS} s music file (MP3 made here), ${RUNS} runs each, median wall seconds.`,
  );
  console.log(
    'Output: with music 44.1 kHz joint stereo CBR 128k; voice only 44.1 kHz mono CBR 64k; LAME at its default quality everywhere.',
  );
  const { encoder, note } = await resolveMp3Encoder('auto');
  console.log(
    `InnerEcho encodes with ${encoder === 'libav' ? "LAME in node-av's FFmpeg libraries, in worker threads" : 'the ffmpeg binary'}${note ? ` (${note})` : ''};`,
  );
  console.log(
    'InnerEcho decodes the music file during each run, mixing and encoding while it decodes (its length and level are measured once, when the track is added, as the library does);',
  );
  console.log("'music already decoded' is the same render once the track is in the service's cache;");
  console.log(
    "the ratios in brackets compare InnerEcho's render on the naive pipeline's own encoder (the ffmpeg binary), so they measure the method, not the LAME build.\n",
  );
}

type Inputs = Awaited<ReturnType<typeof benchInputs>>;
type Row = Awaited<ReturnType<typeof renderRows>>[number];

/** The speech, the music file (MP3 made here), its measure and PCM, and the two renders being compared. */
async function benchInputs(dir: string) {
  const speech = syntheticSpeech(SPEECH_SECONDS);
  // The naive pipeline loops the clip with the same nominal pause after it.
  const speechWithPause = new Float32Array(speech.length + Math.round(DEFAULT_PAUSE.nominalSeconds * SR));
  speechWithPause.set(speech);
  const speechFile = join(dir, 'speech.wav');
  writeFileSync(speechFile, encodeWav(speechWithPause, SR));
  const musicWav = join(dir, 'music.wav');
  writeFileSync(musicWav, encodeWav(syntheticMusic(MUSIC_SECONDS), SR, 2));
  const musicFile = join(dir, 'music.mp3');
  await run(ffmpegPath(), ['-v', 'error', '-y', '-i', musicWav, '-c:a', 'libmp3lame', '-b:a', '192k', musicFile]);
  rmSync(musicWav);
  const musicBytes = readFileSync(musicFile);

  const naive = async (seconds: number, withMusic: boolean, firstBytesOnly = false) => {
    const out = join(dir, 'naive.mp3');
    const args = ['-v', 'error', '-y', '-stream_loop', '-1', '-i', speechFile];
    if (withMusic) {
      args.push(
        '-stream_loop',
        '-1',
        '-i',
        musicFile,
        '-filter_complex',
        '[1:a]volume=0.2[m];[0:a][m]amix=inputs=2:duration=first:dropout_transition=0[a]',
        '-map',
        '[a]',
      );
      args.push('-t', String(seconds), '-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k');
    } else {
      args.push('-t', String(seconds), '-ar', '44100', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k');
    }
    // Its MP3 through a pipe into the file, so its first bytes are timed as a listener would get them.
    args.push('-f', 'mp3', 'pipe:1');
    const started = performance.now();
    let firstMs = 0;
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'inherit'] });
    if (firstBytesOnly) {
      // Only its first bytes: the rest of a long encode is not waited for.
      const closed = new Promise((resolve) => child.once('close', resolve));
      firstMs = await new Promise<number>((resolve, reject) => {
        child.stdout.once('data', () => resolve(performance.now() - started));
        child.once('error', reject);
      });
      child.stdout.resume();
      child.kill('SIGKILL');
      await closed;
      return { ms: NaN, firstMs, bytes: 0 };
    }
    child.stdout.once('data', () => (firstMs = performance.now() - started));
    const exited = new Promise<void>((resolve, reject) =>
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`naive ffmpeg exited with ${code}`)))),
    );
    await Promise.all([pipeline(child.stdout, createWriteStream(out)), exited]);
    const ms = performance.now() - started;
    return { ms, firstMs, bytes: statSync(out).size };
  };

  // What the library measures when a track is added (its decoded length and level).
  const measured = await measureMusic(musicBytes);
  // The service keeps decoded tracks between renders (DecodedMusicCache): the warm case.
  const decodedMusic = await decodeToPcm16(musicBytes, 2, SR);
  const ours = async (seconds: number, withMusic: boolean, encoder: 'libav' | 'ffmpeg', warm = false, musicBelowVoiceDb?: number) => {
    const started = performance.now();
    // The whole job: decode the music file (unless warm; the render starts while it decodes), mix, encode, assemble.
    const music = !withMusic
      ? null
      : warm
        ? decodedMusic.subarray(0, seconds * SR * 2)
        : ArrivingMusic.decode(musicBytes, measured.decodedFrames, measured.loudness);
    const result = await renderAffirmationMp3({ speech, music, durationSeconds: seconds, musicBelowVoiceDb }, { encoder });
    const ms = performance.now() - started;
    return { ms, bytes: result.size, mode: result.mode, encodedFrames: result.encodedFrames, frames: result.frames };
  };
  return { speech, speechFile, musicFile, musicBytes, measured, decodedMusic, naive, ours };
}

/** The render beside the naive pipeline for each duration, with and without music. */
async function renderRows({ naive, ours }: Inputs) {
  const rows: {
    seconds: number;
    music: boolean;
    naive: number;
    ours: number;
    warm: number;
    voiceForward: number;
    sameEncoder: number;
    ratio: number;
    mode: string;
  }[] = [];
  for (const seconds of PERIODS_ONLY || SESSION_ONLY ? [] : DURATIONS) {
    for (const withMusic of MUSIC_ONLY ? [true] : [true, false]) {
      const naiveTimes: number[] = [];
      const ourTimes: number[] = [];
      const sameEncoderTimes: number[] = [];
      const warmTimes: number[] = [];
      // The listener's balance only changes a gain: "voice forward" must cost what the default costs.
      const voiceForwardTimes: number[] = [];
      let mode = '';
      let detail = '';
      for (let i = 0; i < RUNS; i++) {
        // Interleaved, so background load hits every side alike.
        naiveTimes.push((await naive(seconds, withMusic)).ms);
        const r = await ours(seconds, withMusic, 'libav');
        ourTimes.push(r.ms);
        sameEncoderTimes.push((await ours(seconds, withMusic, 'ffmpeg')).ms);
        if (withMusic) warmTimes.push((await ours(seconds, withMusic, 'libav', true)).ms);
        if (withMusic) voiceForwardTimes.push((await ours(seconds, withMusic, 'libav', false, 22)).ms);
        mode = r.mode;
        detail = `${r.encodedFrames} of ${r.frames} frames encoded, ${(r.bytes / 1e6).toFixed(1)} MB`;
      }
      const row = {
        seconds,
        music: withMusic,
        naive: median(naiveTimes) / 1000,
        ours: median(ourTimes) / 1000,
        warm: withMusic ? median(warmTimes) / 1000 : NaN,
        voiceForward: withMusic ? median(voiceForwardTimes) / 1000 : NaN,
        sameEncoder: median(sameEncoderTimes) / 1000,
        // The algorithm's gain: InnerEcho's render with the naive pipeline's own LAME build.
        ratio: median(naiveTimes) / median(sameEncoderTimes),
        mode,
      };
      rows.push(row);
      console.log(
        `${String(seconds).padStart(5)} s ${withMusic ? 'with music' : 'voice only'}: naive ${row.naive.toFixed(2)} s | InnerEcho ${row.ours.toFixed(2)} s ` +
          `(${(row.naive / row.ours).toFixed(1)}x)${withMusic ? `, music already decoded ${row.warm.toFixed(2)} s, at "voice forward" ${row.voiceForward.toFixed(2)} s` : ''} | ` +
          `InnerEcho on the naive pipeline's encoder ${row.sameEncoder.toFixed(2)} s (${row.ratio.toFixed(1)}x) | ${mode}; ${detail}`,
      );
    }
  }
  return rows;
}

/** The older targets (issue 4), from the rows. */
function printTargets(rows: Row[]) {
  console.log('\nTargets (issue 4, on a 2-core machine):');
  const find = (seconds: number, music: boolean) => rows.find((r) => r.seconds === seconds && r.music === music);
  const check = (label: string, ok: boolean | undefined, figure: string) =>
    console.log(`  ${ok === undefined ? 'SKIP' : ok ? 'MET ' : 'MISS'}  ${label}: ${figure}`);
  const m3600 = find(3600, true);
  check(
    '3600 s with music at least 10x faster than naive (same encoder)',
    m3600 && m3600.ratio >= 10,
    m3600 ? `${m3600.ratio.toFixed(1)}x` : 'not run',
  );
  check(
    '3600 s with music under 3 s, music file decoded during the run',
    m3600 && m3600.ours < 3,
    m3600 ? `${m3600.ours.toFixed(2)} s` : 'not run',
  );
  check(
    '3600 s with music under 3 s, music already decoded (the service keeps tracks decoded)',
    m3600 && m3600.warm < 3,
    m3600 ? `${m3600.warm.toFixed(2)} s` : 'not run',
  );
  const v3600 = find(3600, false);
  check(
    '3600 s voice only at least 30x faster (same encoder)',
    v3600 && v3600.ratio >= 30,
    v3600 ? `${v3600.ratio.toFixed(1)}x` : 'not run',
  );
  for (const music of [true, false]) {
    const r = find(180, music);
    check(
      `180 s ${music ? 'with music' : 'voice only'} no slower than naive (same encoder)`,
      r && r.sameEncoder <= r.naive * 1.05,
      r ? `${r.sameEncoder.toFixed(2)} s vs ${r.naive.toFixed(2)} s (InnerEcho as shipped ${r.ours.toFixed(2)} s)` : 'not run',
    );
  }
  console.log(
    `  (machine: ${availableParallelism()} cores; load average ${loadavg()
      .map((x: number) => x.toFixed(1))
      .join(' ')})`,
  );
}

/**
 * A new length of a pair rendered before: the period comes from the period store (the
 * generation's, on a local-disk object store here, as in the embedded form) instead of the
 * encoder. Compared with the same render without the store, in the same run.
 */
async function periodReuse(options: {
  dir: string;
  speech: Float32Array;
  musicBytes: Buffer;
  decodedMusic: Int16Array;
  measured: { decodedFrames: number; loudness: number };
}) {
  const { dir, speech, musicBytes, decodedMusic, measured } = options;
  console.log('\nA new length of the same speech and music (the kept period copied; an hour, with music):');
  const config = ZBaseServiceEnv.parse({ DATA_DIR: join(dir, 'store') });
  const periods = objectStorePeriods(createObjectStore(config, 'generation').store, createLogger('bench', 'silent'));
  const render = async (seconds: number, warm: boolean, withStore: boolean) => {
    const started = performance.now();
    const music = warm
      ? decodedMusic.subarray(0, seconds * SR * 2)
      : ArrivingMusic.decode(musicBytes, measured.decodedFrames, measured.loudness);
    const result = await renderAffirmationMp3(
      { speech, music, durationSeconds: seconds, musicId: 'bench-track' },
      withStore ? { periods } : {},
    );
    return { ms: performance.now() - started, result };
  };
  // The first render of the pair encodes the period and keeps it.
  const first = await render(1800, true, true);
  console.log(`  first render of the pair (1800 s): ${(first.ms / 1000).toFixed(2)} s, period ${first.result.period}`);
  for (const warm of [true, false]) {
    const fresh: number[] = [];
    const reused: number[] = [];
    let detail = '';
    for (let i = 0; i < RUNS; i++) {
      fresh.push((await render(3600, warm, false)).ms);
      const r = await render(3600, warm, true);
      reused.push(r.ms);
      if (r.result.period !== 'reused') throw new Error(`the kept period was not reused (${r.result.period})`);
      detail = `${r.result.encodedFrames} of ${r.result.frames} frames encoded, ${(r.result.size / 1e6).toFixed(1)} MB`;
    }
    const label = warm ? 'music already decoded' : 'music decoded during the run';
    const ok = !warm || median(reused) <= 300;
    console.log(
      `  3600 s, ${label}: period reused ${(median(reused) / 1000).toFixed(2)} s vs encoded ${(median(fresh) / 1000).toFixed(2)} s ` +
        `(${(median(fresh) / median(reused)).toFixed(1)}x); ${detail}${warm ? `  ${ok ? 'MET' : 'MISS'} (at most 0.3 s)` : ''}`,
    );
  }
}

/**
 * A new listener, through the real API of the embedded form (local voice engine): signs up
 * with a plan, records and clones their voice, then generates their first affirmation with
 * music, a pair of speech and music never rendered before (so nothing of it is kept yet). Times
 * the clone, and the render until the first bytes and until the whole MP3 (when the player can
 * play it). One listener for 180 s, another for 3600 s (the daily allowance is an hour).
 */
async function newListenerClickToPlayable(naiveSeconds: (seconds: number) => number | undefined) {
  console.log('\nClick to playable for a new listener (real services, embedded, local voice engine, a new speech and music pair):');
  const { startTestSystem, TestClient, uniqueEmail, newSessionId, uploadRecordingThroughApi, spokenSample } = await import(
    '@innerecho/embedded'
  );
  const { VOICE_CONSENT_VERSION } = await import('@innerecho/contracts');
  const system = await startTestSystem({ databaseUrl: '', natsUrl: '' });
  try {
    const sample = new Uint8Array(await spokenSample());
    for (const [i, seconds] of [180, 3600].entries()) {
      const client = new TestClient(system.url);
      const user = await client.signUp(uniqueEmail('bench-new-listener'));
      await system.grantSubscription(user.id);
      const sessionId = newSessionId();
      const cloneStarted = performance.now();
      const clone = await client.postJson('/api/voice-profile/clone', {
        sessionId,
        uploadURL: await uploadRecordingThroughApi(client, sample),
        consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION },
      });
      if (clone.status !== 200) throw new Error(`clone failed: ${clone.status} ${clone.text}`);
      const cloneSeconds = (performance.now() - cloneStarted) / 1000;
      // Each listener a text and a track of their own: the pair is new, its period not kept.
      const transcript = ((await client.get('/api/transcripts')).data as { id: string }[])[i];
      const track = ((await client.get('/api/background-music')).data as { id: string }[])[i];
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const renderStarted = performance.now();
      const res = await fetch(`${system.url}/api/generate-audio`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          sessionId,
          voiceSpeed: '1.0',
          audioDuration: String(seconds),
          transcriptId: transcript.id,
          backgroundMusicId: track.id,
        }),
      });
      if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${await res.text()}`);
      const reader = res.body!.getReader();
      let firstBytes = NaN;
      let bytes = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        if (Number.isNaN(firstBytes)) firstBytes = (performance.now() - renderStarted) / 1000;
        bytes += chunk.value.length;
      }
      const renderSeconds = (performance.now() - renderStarted) / 1000;
      const naive = naiveSeconds(seconds);
      console.log(
        `  ${String(seconds).padStart(4)} s with music: clone ${cloneSeconds.toFixed(2)} s, render first bytes ${firstBytes.toFixed(2)} s, ` +
          `playable (${(bytes / 1e6).toFixed(1)} MB) ${renderSeconds.toFixed(2)} s, period ${res.headers.get('x-render-period')}; ` +
          `click to playable ${(cloneSeconds + renderSeconds).toFixed(2)} s` +
          (naive
            ? ` | the naive pipeline's render of the same length in this run ${naive.toFixed(2)} s (${(naive / renderSeconds).toFixed(1)}x)`
            : ''),
      );
    }
  } finally {
    await system.stop();
  }
}

/** Through the real API: clone a voice, generate, then generate the same text at another length. */
async function engineCallCheck() {
  console.log('\nEngine calls on regeneration (real services, embedded, local voice engine):');
  const { startTestSystem, TestClient, uniqueEmail, newSessionId, sumOfMetricAt, spokenSample } = await import('@innerecho/embedded');
  const { VOICE_CONSENT_VERSION } = await import('@innerecho/contracts');
  const system = await startTestSystem({ databaseUrl: '', natsUrl: '' });
  try {
    const client = new TestClient(system.url);
    const user = await client.signUp(uniqueEmail('bench'));
    await system.grantSubscription(user.id);
    const sessionId = newSessionId();
    const upload = await client.postJson('/api/voice-profile/upload', {});
    await fetch(system.url + upload.data.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'audio/webm' },
      body: new Uint8Array(await spokenSample()),
    });
    const clone = await client.postJson('/api/voice-profile/clone', {
      sessionId,
      uploadURL: upload.data.uploadURL,
      consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION },
    });
    if (clone.status !== 200) throw new Error(`clone failed: ${clone.status} ${clone.text}`);
    const transcript = (await client.get('/api/transcripts')).data[0];
    const stats = () => sumOfMetricAt([system.gateway.metricsUrl!], 'innerecho_voice_engine_calls_total', { operation: 'speak' });
    const generate = async (audioDuration: string) => {
      const started = performance.now();
      const res = await client.postJson('/api/generate-audio', {
        sessionId,
        voiceSpeed: '1.0',
        audioDuration,
        transcriptId: transcript.id,
      });
      if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${res.text}`);
      return performance.now() - started;
    };
    const before = await stats();
    const first = await generate('180');
    const afterFirst = await stats();
    const second = await generate('600');
    const afterSecond = await stats();
    console.log(`  first generation (180 s):  ${afterFirst - before} engine call(s), ${(first / 1000).toFixed(2)} s`);
    console.log(
      `  second generation (600 s): ${afterSecond - afterFirst} engine call(s), ${(second / 1000).toFixed(2)} s  ${afterSecond === afterFirst ? 'MET' : 'MISS'}`,
    );
  } finally {
    await system.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
