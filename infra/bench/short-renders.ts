import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { audibleLevel, decodeToPcm16 } from '@innerecho/kit';
import { syntheticMusic } from '@innerecho/embedded';
import {
  encodeMp3,
  MUSIC_LOOP_MAX_SECONDS,
  outputFormatFor,
  prepareRender,
  renderAffirmationMp3,
  renderSignal,
  streamAffirmationMp3,
  type RenderResult,
} from '@innerecho/generation';

const SR = 44100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * LAME alone on the samples of a render: the render's own mix (made before the clock starts),
 * cut in one half per core and encoded at once by the product's encoder (node-av's LAME in
 * worker threads), at the render's format, with the bit reservoir on as LAME has it by default.
 */
async function lameAlone(samples: Int16Array, cores: number): Promise<number> {
  const format = outputFormatFor(true);
  const frames = samples.length / 2;
  const per = Math.ceil(frames / cores);
  const halves = Array.from({ length: cores }, (_, i) => samples.subarray(i * per * 2, Math.min(frames, (i + 1) * per) * 2));
  return (await timed(() => Promise.all(halves.map((half) => encodeMp3(half, format, { reservoir: true }))))).ms;
}

export interface ShortRenderInputs {
  runs: number;
  cores: number;
  speech: Float32Array;
  /** The bench's music file (compressed, as an admin uploads it), its measure, and its PCM as the library stores it. */
  musicBytes: Buffer;
  measured: { decodedFrames: number; loudness: number };
  decodedMusic: Int16Array;
  naive: (seconds: number, withMusic: boolean, firstBytesOnly?: boolean) => Promise<{ ms: number; firstMs: number }>;
}

/**
 * Short renders with music (issue 34.1): where the time goes (music decoding per render,
 * the render's preparation, mixing, the encoder, the warm-up frames of the pieces' split),
 * then the render whole beside LAME alone on the same samples and the naive pipeline, in the
 * same run. The render reads the music as the library stores it since tracks are decoded on
 * upload (16-bit PCM at the mix's rate), so no decoding is in it; decoding is printed for what
 * it cost before.
 */
export async function shortRendersBench(inputs: ShortRenderInputs, durations = [180, 600]) {
  const { runs, cores, speech, musicBytes, decodedMusic, naive } = inputs;
  console.log('\nShort renders with music: where the time goes, and the render beside LAME alone (issue 34.1):');
  for (const seconds of durations) {
    const music = () => decodedMusic.subarray(0, Math.min(decodedMusic.length, seconds * SR * 2));
    const input = () => ({ speech, music: music(), durationSeconds: seconds, musicLevel: inputs.measured.loudness });
    const prepared = await prepareRender(input());
    const { plan, sources } = prepared;
    const all = renderSignal(plan, sources, 0, plan.totalSamples);
    const figures = {
      naive: [] as number[],
      decode: [] as number[],
      prepare: [] as number[],
      mix: [] as number[],
      lame: [] as number[],
      ours: [] as number[],
    };
    let result: RenderResult | null = null;
    for (let i = 0; i < runs; i++) {
      figures.naive.push((await naive(seconds, true)).ms);
      figures.decode.push((await timed(() => decodeToPcm16(musicBytes, 2, SR, { maxSeconds: seconds }))).ms);
      figures.prepare.push((await timed(() => prepareRender(input()))).ms);
      figures.mix.push((await timed(() => renderSignal(plan, sources, 0, plan.totalSamples))).ms);
      figures.lame.push(await lameAlone(all, cores));
      const r = await timed(() => renderAffirmationMp3(input()));
      figures.ours.push(r.ms);
      result = r.value;
    }
    const m = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, median(v)])) as Record<keyof typeof figures, number>;
    const r = result!;
    // Straight: every frame encoded once, plus each later piece's warm-up. Periodic: one period
    // (with its pieces' warm-up), a head and the tail encoded, the rest copied.
    const work =
      r.mode === 'straight'
        ? `warm-up frames +${(((r.encodedFrames - r.frames) / r.frames) * 100).toFixed(1)}% of the encoder's work`
        : `the period encoded once and copied: ${((r.encodedFrames / r.frames) * 100).toFixed(0)}% of the frames encoded, warm-up included`;
    console.log(
      `  ${seconds} s (${r.mode}, ${r.seamFrames.length + 1} pieces, ${r.encodedFrames} frames encoded for ${r.frames}): ` +
        `music decoding per render (before 35.8) ${s(m.decode)} | preparation ${s(m.prepare)} | mixing all samples on one core ${s(m.mix)} | ` +
        work,
    );
    const ratio = m.ours / m.lame;
    console.log(
      `  ${seconds} s whole: InnerEcho ${s(m.ours)} | LAME alone on the same samples, one half per core ${s(m.lame)} | naive ffmpeg ${s(m.naive)} | ` +
        `${ratio.toFixed(2)}x LAME alone  ${ratio <= 1.25 ? 'MET ' : 'MISS'} (at most 1.25x)`,
    );
  }
}

/**
 * The listener's first bytes (issue 34.1), with music: the render's Info frame and head, which
 * the generation's route sends as soon as they are made (the rest follows as the pieces are
 * encoded), beside the naive pipeline's first bytes piped out of ffmpeg, in the same run. The
 * music as the library stores it (decoded on upload), as in the short renders above.
 */
export async function firstBytesBench(inputs: ShortRenderInputs, durations = [180, 600, 3600]) {
  const { runs, speech, decodedMusic, naive, measured } = inputs;
  console.log('\nFirst bytes to the listener, with music (issue 34.1): the render sends its head while the rest is made:');
  for (const seconds of durations) {
    const music = decodedMusic.subarray(0, Math.min(decodedMusic.length, seconds * SR * 2));
    const figures = { ours: [] as number[], whole: [] as number[], naive: [] as number[] };
    for (let i = 0; i < runs; i++) {
      figures.naive.push((await naive(seconds, true, true)).firstMs);
      const started = performance.now();
      const stream = await streamAffirmationMp3({ speech, music, durationSeconds: seconds, musicLevel: measured.loudness });
      // The Info frame and the head: the first bytes the route writes.
      await Promise.all(stream.runs.slice(0, 2));
      figures.ours.push(performance.now() - started);
      await stream.finished;
      figures.whole.push(performance.now() - started);
    }
    const m = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, median(v)])) as Record<keyof typeof figures, number>;
    console.log(
      `  ${String(seconds).padStart(4)} s: InnerEcho first bytes ${s(m.ours)} (whole ${s(m.whole)}) | naive ffmpeg piping its MP3, first bytes ${s(m.naive)}  ` +
        `${m.ours <= 500 ? 'MET ' : 'MISS'} (within 0.5 s)`,
    );
  }
}

/**
 * Music as the library keeps it since tracks are decoded on upload (issue 35.8): a 600 s render
 * with an uploaded track longer than the render (its stored PCM read from disk, as much as the
 * render loops, inside the timing) beside one with a starter-length track (200 s, already in
 * the generation's cache), in the same run. Renders loop at most a track's first
 * MUSIC_LOOP_MAX_SECONDS, so both encode one loop and copy it.
 */
export async function uploadedMusicBench(inputs: ShortRenderInputs & { dir: string }) {
  const { runs, speech, decodedMusic, dir, measured } = inputs;
  const seconds = 600;
  const starterSeconds = 200;
  console.log('\nA 600 s render with an uploaded track (stored decoded on upload) beside a starter track (issue 35.8):');
  const longSeconds = 660;
  const floats = syntheticMusic(longSeconds);
  const pcm = new Int16Array(floats.length);
  for (let i = 0; i < floats.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(floats[i] * 32767)));
  const pcmFile = join(dir, 'uploaded.s16le');
  await writeFile(pcmFile, pcm);
  // Measured once, as the library does on upload.
  const level = audibleLevel(pcm);
  const starter = decodedMusic.subarray(0, Math.min(decodedMusic.length, starterSeconds * SR * 2));
  const readBytes = Math.min(pcm.byteLength, MUSIC_LOOP_MAX_SECONDS * SR * 4);
  const figures = { uploaded: [] as number[], starter: [] as number[] };
  const modes = { uploaded: '', starter: '' };
  for (let i = 0; i < runs; i++) {
    const up = await timed(async () => {
      const file = await open(pcmFile, 'r');
      try {
        const bytes = Buffer.alloc(readBytes);
        await file.read(bytes, 0, readBytes, 0);
        const music = new Int16Array(bytes.buffer, bytes.byteOffset, readBytes >> 1);
        return await renderAffirmationMp3({ speech, music, durationSeconds: seconds, musicLevel: level });
      } finally {
        await file.close();
      }
    });
    figures.uploaded.push(up.ms);
    modes.uploaded = `${up.value.mode}, ${up.value.encodedFrames} of ${up.value.frames} frames encoded`;
    const st = await timed(() => renderAffirmationMp3({ speech, music: starter, durationSeconds: seconds, musicLevel: measured.loudness }));
    figures.starter.push(st.ms);
    modes.starter = `${st.value.mode}, ${st.value.encodedFrames} of ${st.value.frames} frames encoded`;
  }
  const up = median(figures.uploaded);
  const st = median(figures.starter);
  console.log(`  uploaded ${longSeconds} s track, its looped PCM read per render: ${s(up)} (${modes.uploaded})`);
  console.log(`  starter ${starterSeconds} s track, cached:                         ${s(st)} (${modes.starter})`);
  console.log(`  uploaded / starter: ${(up / st).toFixed(2)}x  ${up / st <= 1.25 ? 'MET ' : 'MISS'} (about the same: at most 1.25x)`);
}
