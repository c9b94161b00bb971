import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, ffmpegPath, type measureMusic } from '@innerecho/kit';
import { syntheticSpeech } from '@innerecho/embedded';
import { planAffirmationSessionCycle, ArrivingMusic, renderAffirmationMp3 } from '@innerecho/generation';

const run = promisify(execFile);
const SR = 44100;
const SESSION_SECONDS = 3600;
/** Five affirmations of the lengths a library sentence takes to say. */
const AFFIRMATION_SECONDS = [3.4, 4.1, 5.2, 2.9, 4.6];
const PAUSE_SECONDS = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * An hour-long affirmation session of five affirmations with music, beside a single
 * affirmation's hour with the same music and the naive ffmpeg pipeline rendering the same
 * session (the cycle of the five with their pauses looped under the looped music). Each side
 * decodes the music file during its run, as the service does for a track not yet cached.
 */
export async function affirmationSessionBench(options: {
  dir: string;
  runs: number;
  speech: Float32Array;
  musicBytes: Buffer;
  musicFile: string;
  measured: Awaited<ReturnType<typeof measureMusic>>;
}) {
  const { dir, runs, speech, musicBytes, musicFile, measured } = options;
  console.log(
    `\nAn affirmation session: ${AFFIRMATION_SECONDS.length} affirmations (${AFFIRMATION_SECONDS.join(', ')} s of speech), ${PAUSE_SECONDS} s pauses, ${SESSION_SECONDS} s with music:`,
  );
  const speeches = AFFIRMATION_SECONDS.map((seconds) => syntheticSpeech(seconds));
  const arriving = () => ArrivingMusic.decode(musicBytes, measured.decodedFrames, measured.loudness);

  // The naive pipeline loops one cycle of the five, the pauses as asked.
  const asked = planAffirmationSessionCycle({ speeches, pauseSeconds: PAUSE_SECONDS, musicSamples: 0 });
  const cycleFile = join(dir, 'session-cycle.wav');
  const cycleWav = new Float32Array(Math.round(asked.cycleSamples));
  cycleWav.set(asked.clip);
  writeFileSync(cycleFile, encodeWav(cycleWav, SR));
  const naive = async () => {
    const started = performance.now();
    await run(
      ffmpegPath(),
      [
        ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', cycleFile, '-stream_loop', '-1', '-i', musicFile],
        ...['-filter_complex', '[1:a]volume=0.2[m];[0:a][m]amix=inputs=2:duration=first:dropout_transition=0[a]', '-map', '[a]'],
        ...[
          '-t',
          String(SESSION_SECONDS),
          '-ar',
          '44100',
          '-ac',
          '2',
          '-c:a',
          'libmp3lame',
          '-b:a',
          '128k',
          join(dir, 'naive-session.mp3'),
        ],
      ],
      { maxBuffer: 1 << 26 },
    );
    return performance.now() - started;
  };
  const single = async () => {
    const started = performance.now();
    await renderAffirmationMp3({ speech, music: arriving(), durationSeconds: SESSION_SECONDS });
    return performance.now() - started;
  };
  let detail = '';
  const session = async () => {
    const started = performance.now();
    // What the service does once it has each affirmation's kept speech: the cycle, then the render.
    const cycle = planAffirmationSessionCycle({ speeches, pauseSeconds: PAUSE_SECONDS, musicSamples: measured.decodedFrames });
    const result = await renderAffirmationMp3({
      speech: cycle.clip,
      music: arriving(),
      durationSeconds: SESSION_SECONDS,
      pause: cycle.pause,
    });
    detail =
      `${result.mode}, ${result.encodedFrames} of ${result.frames} frames encoded, pauses ${cycle.pauseSeconds.toFixed(2)} s ` +
      `(asked ${PAUSE_SECONDS} s), ${(result.size / 1e6).toFixed(1)} MB`;
    return performance.now() - started;
  };

  const times = { naive: [] as number[], single: [] as number[], session: [] as number[] };
  for (let i = 0; i < runs; i++) {
    // Interleaved, so background load hits every side alike.
    times.naive.push(await naive());
    times.single.push(await single());
    times.session.push(await session());
  }
  const [naiveS, singleS, sessionS] = [median(times.naive), median(times.single), median(times.session)].map((ms) => ms / 1000);
  console.log(
    `  session ${sessionS.toFixed(2)} s | single affirmation hour ${singleS.toFixed(2)} s | naive ffmpeg session ${naiveS.toFixed(2)} s ` +
      `(${(naiveS / sessionS).toFixed(1)}x) | ${detail}`,
  );
  const ratio = sessionS / singleS;
  console.log(`  ${ratio <= 2 ? 'MET ' : 'MISS'}  the session within 2x of the single-affirmation hour: ${ratio.toFixed(2)}x`);
}
