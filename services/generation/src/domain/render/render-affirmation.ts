import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { musicForMix, renderSignal, type SignalSources } from './affirmation-signal';
import { ArrivingMusic } from './arriving-music';
import { buildInfoFrame } from './info-tag';
import { encodeMp3, resolveMp3Encoder, type Mp3EncoderChoice } from './mp3-encoder';
import { splitFrames, type Mp3FrameHeader } from './mp3-frames';
import { ENCODER_DELAY, FRAME_SAMPLES, outputFormatFor, SAMPLE_RATE, type OutputFormat } from './output-format';
import { frameLayout, LOOKAHEAD_FRAMES, planRender, WARMUP_FRAMES, type PauseBounds, type RenderPlan } from './periodic-plan';

export interface RenderInput {
  /** Mono speech at 44.1 kHz, -1..1. */
  speech: Float32Array;
  /**
   * Interleaved stereo music at 44.1 kHz (16-bit as decoded, or floats in -1..1), or null for
   * voice only. Never modified: decoded music is shared between renders.
   */
  music: Float32Array | Int16Array | ArrivingMusic | null;
  durationSeconds: number;
  pause?: PauseBounds;
  /**
   * What names the music for the period store: a track's id (tracks never change once
   * added). Without it a render with music encodes its period afresh.
   */
  musicId?: string;
  /** How far the music sits below the voice, in dB (the listener's balance); 16 by default. */
  musicBelowVoiceDb?: number;
}

/**
 * Where encoded periods are kept between renders (the generation keeps them in its object
 * store for a day or two). Keys are hashes of everything the period's bytes depend on.
 */
export interface PeriodStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, mp3Frames: Buffer): Promise<void>;
}

export interface RenderOptions {
  /** Pieces encoded at once; defaults to the machine's cores. */
  parallelism?: number;
  /** Encode every sample in one pass, one encoder (the reference the seam test compares with). */
  straight?: boolean;
  /** Which LAME build encodes (default 'auto': node-av's when it loads here). */
  encoder?: Mp3EncoderChoice;
  /** How each piece is encoded (default SEAMLESS_PIECES, what makes the joins inaudible). */
  pieces?: PieceEncoding;
  /** Encoded periods kept between renders: a new length of the same speech and music copies the kept one. */
  periods?: PeriodStore;
  /** Ends the render (the listener went away): no piece starts and no more signal is encoded after it fires. */
  signal?: AbortSignal;
}

/** How the separately encoded pieces of a render are made so that they join without a seam. */
export interface PieceEncoding {
  /**
   * LAME's bit reservoir. With it on, a frame may borrow bytes from the frame before it,
   * which is not there once frames are copied or pieces joined.
   */
  reservoir: boolean;
  /** Frames of preceding signal each piece after the first is encoded with, then dropped. */
  warmupFrames: number;
}

export const SEAMLESS_PIECES: PieceEncoding = { reservoir: false, warmupFrames: WARMUP_FRAMES };

export interface RenderResult {
  /**
   * The file as runs of bytes in order: the Info frame, the head, the kept period once per
   * repetition (the same bytes referenced, not copied), the tail. An hour's MP3 is never
   * held whole: it is written run by run to the object store and to the listener.
   */
  runs: Uint8Array[];
  /** The file's length in bytes (the runs' total). */
  size: number;
  /** The runs joined into one buffer (previews, tests and benchmarks; an hour costs its size). */
  readonly mp3: Buffer;
  plan: RenderPlan;
  format: OutputFormat;
  mode: 'periodic' | 'straight';
  encoder: 'libav' | 'ffmpeg';
  /** Audio frames in the file (the Info frame not counted). */
  frames: number;
  /** Frames the encoder actually produced (warm-up included): the work done. */
  encodedFrames: number;
  /** Frame indices where a piece from another encode starts. */
  seamFrames: number[];
  /** 'reused': the period's frames came from the period store; 'encoded': made here (and kept); 'none': no period (straight). */
  period: 'reused' | 'encoded' | 'none';
}

/** Changes whenever the way a period is encoded changes, so older kept periods are never used. */
const PERIOD_FORMAT_VERSION = 1;

const STREAM_CHUNK_SAMPLES = 5 * SAMPLE_RATE;
/**
 * Frames per encoded piece (about 20 s): small enough that the cores finish together (LAME's
 * speed varies with the music), large enough that each piece's warm-up costs about 1%.
 */
const PIECE_FRAMES = 768;

/**
 * Renders the affirmation to a CBR MP3 of exactly `durationSeconds`: the speech repeated
 * with a short pause, over the looped music kept below the voice, fading out at the end.
 *
 * Periodic mode encodes one period (split over the cores, each piece with warm-up frames)
 * plus a short head and the fade-out tail, then builds the file by copying frames. Outputs
 * no longer than a period are encoded straight through, streamed, split over the cores the
 * same way.
 */
export async function renderAffirmationMp3(input: RenderInput, options: RenderOptions = {}): Promise<RenderResult> {
  const arriving = input.music instanceof ArrivingMusic ? input.music : null;
  const decoded = arriving ? null : (input.music as Float32Array | Int16Array | null);
  const hasMusic = arriving ? arriving.frames > 0 : !!decoded && decoded.length >= 2;
  const format = outputFormatFor(hasMusic);
  const mix = !hasMusic
    ? { music: new Int16Array(0), musicGain: 0, musicFadeIn: 0, musicFadeOut: 0 }
    : arriving
      ? musicForMix(arriving.samples, input.speech, SAMPLE_RATE, arriving.level, input.musicBelowVoiceDb)
      : musicForMix(decoded!, input.speech, SAMPLE_RATE, undefined, input.musicBelowVoiceDb);
  const plan = planRender({
    durationSeconds: input.durationSeconds,
    voiceSamples: input.speech.length,
    musicSamples: mix.music.length / 2,
    sampleRate: SAMPLE_RATE,
    frameSamples: FRAME_SAMPLES,
    pause: input.pause,
  });
  const sources: SignalSources = { voice: input.speech, ...mix, channels: format.channels };
  const { reservoir, warmupFrames: warmup } = options.pieces ?? SEAMLESS_PIECES;
  const { encoder } = await resolveMp3Encoder(options.encoder);

  const fs = plan.frameSamples;
  const parallelism = Math.max(1, options.parallelism ?? availableParallelism());
  // Pieces start in order, at most one per core at once; results come back in order.
  const limit = pLimit(parallelism);
  const pieceCount = (frames: number) =>
    Math.max(1, Math.min(Math.floor(frames / 64), Math.max(parallelism, Math.ceil(frames / PIECE_FRAMES))));

  /** Encodes global frames [from, to) with `warm` frames of preceding signal; keeps only [from, to). */
  const encodePiece = async (from: number, to: number | null, warm: number, withFade: boolean) => {
    const startSample = (from - warm) * fs;
    const endSample = to === null ? plan.totalSamples : Math.min(plan.totalSamples, (to + LOOKAHEAD_FRAMES) * fs);
    const signal = streamSignal(plan, sources, startSample, endSample, withFade, arriving, options.signal);
    const { frames, header } = splitFrames(await encodeMp3(signal, format, { reservoir, encoder }));
    const kept = frames.slice(warm, to === null ? undefined : warm + (to - from));
    if (to !== null && kept.length !== to - from)
      throw new Error(`Encoder returned ${frames.length} frames, expected ${warm + to - from}+`);
    return { kept, header, encoded: frames.length };
  };

  if (options.straight || plan.mode === 'straight') {
    // Nothing repeats: every frame is encoded, but split over the cores, each later piece
    // with warm-up frames (the same seams as the periodic render). The reference for the
    // seam test (`straight`) is one single pass.
    const totalFrames = Math.floor(plan.totalSamples / fs);
    const pieces = options.straight ? 1 : pieceCount(totalFrames);
    const starts = Array.from({ length: pieces }, (_, c) => Math.floor((totalFrames * c) / pieces));
    const encoded = await Promise.all(
      starts.map((a, c) => limit(() => encodePiece(a, c === pieces - 1 ? null : starts[c + 1], a === 0 ? 0 : warmup, true))),
    );
    const frameCount = encoded.reduce((sum, e) => sum + e.kept.length, 0);
    return asResult(
      assemble(
        encoded[0].header,
        encoded.map((e) => joinFrames(e.kept)),
        frameCount,
        plan,
      ),
      {
        plan,
        format,
        mode: 'straight',
        encoder,
        frames: frameCount,
        encodedFrames: encoded.reduce((sum, e) => sum + e.encoded, 0),
        seamFrames: starts.slice(1),
        period: 'none',
      },
    );
  }

  const layout = frameLayout(plan);
  const { headFrames, blockFrames, tailStartFrame } = layout;
  const chunkCount = pieceCount(blockFrames);

  const chunkBounds: [number, number][] = [];
  for (let c = 0; c < chunkCount; c++) {
    const a = headFrames + Math.floor((blockFrames * c) / chunkCount);
    const b = headFrames + Math.floor((blockFrames * (c + 1)) / chunkCount);
    chunkBounds.push([a, b]);
  }
  // The period's frames depend on these and on nothing else: the same key, the same bytes.
  const periodKey =
    options.periods && blockFrames === layout.periodFrames && (!hasMusic || input.musicId)
      ? createHash('sha256')
          .update(
            JSON.stringify({
              version: PERIOD_FORMAT_VERSION,
              musicId: hasMusic ? input.musicId : null,
              musicGain: mix.musicGain,
              musicFadeIn: mix.musicFadeIn,
              musicFadeOut: mix.musicFadeOut,
              plan: [plan.sampleRate, plan.frameSamples, plan.voiceSamples, plan.voicePeriod, plan.voicesPerPeriod],
              music: [plan.musicSamples, plan.musicLoops, plan.musicPeriod],
              headFrames,
              blockFrames,
              chunkBounds,
              format,
              encoder,
              reservoir,
              warmup,
            }),
          )
          .update(new Uint8Array(input.speech.buffer, input.speech.byteOffset, input.speech.byteLength))
          .digest('hex')
      : null;
  const kept = periodKey ? await options.periods!.get(periodKey).catch(() => null) : null;
  const keptFrames = kept ? framesOrNull(kept) : null;
  const reused = keptFrames !== null && keptFrames.length === blockFrames;

  // The small head and tail last: they fill in while the last chunks finish.
  const pieces = await Promise.all([
    ...(reused ? [] : chunkBounds.map(([a, b]) => limit(() => encodePiece(a, b, warmup, false)))),
    limit(() => encodePiece(tailStartFrame, null, warmup, true)),
    limit(() => encodePiece(0, headFrames, 0, true)),
  ]);
  const chunks = reused ? [] : pieces.slice(0, chunkCount);
  const [tail, head] = pieces.slice(reused ? 0 : chunkCount);
  const block = reused ? keptFrames! : chunks.flatMap((c) => c.kept);
  const blockBytes = reused ? kept! : joinFrames(block);
  if (periodKey && !reused) {
    // Kept for the next length of the same speech and music; a store that fails costs only that.
    await options
      .periods!.put(periodKey, Buffer.from(blockBytes.buffer, blockBytes.byteOffset, blockBytes.byteLength))
      .catch(() => undefined);
  }
  // Byte offset of each frame in the block, to cut the last, partial repetition.
  const blockOffsets = [0];
  for (const frame of block) blockOffsets.push(blockOffsets[blockOffsets.length - 1] + frame.length);

  const segments: Uint8Array[] = [joinFrames(head.kept)];
  const seamFrames = [headFrames, ...chunkBounds.slice(1).map(([a]) => a)];
  const copiedFrames = tailStartFrame - headFrames;
  const wholeBlocks = Math.floor(copiedFrames / blockFrames);
  for (let b = 0; b < wholeBlocks; b++) {
    if (b > 0) seamFrames.push(headFrames + b * blockFrames);
    segments.push(blockBytes);
  }
  const partial = copiedFrames - wholeBlocks * blockFrames;
  if (partial > 0) {
    if (wholeBlocks > 0) seamFrames.push(headFrames + wholeBlocks * blockFrames);
    segments.push(blockBytes.subarray(0, blockOffsets[partial]));
  }
  seamFrames.push(tailStartFrame);
  segments.push(joinFrames(tail.kept));
  const frameCount = headFrames + copiedFrames + tail.kept.length;
  return asResult(assemble(head.header, segments, frameCount, plan), {
    plan,
    format,
    mode: 'periodic',
    encoder,
    frames: frameCount,
    encodedFrames: head.encoded + tail.encoded + chunks.reduce((sum, c) => sum + c.encoded, 0),
    seamFrames: [...new Set(seamFrames)].filter((g) => g < frameCount).sort((x, y) => x - y),
    period: periodKey ? (reused ? 'reused' : 'encoded') : 'none',
  });
}

async function* streamSignal(
  plan: RenderPlan,
  sources: SignalSources,
  start: number,
  end: number,
  withFade: boolean,
  arriving: ArrivingMusic | null,
  abort?: AbortSignal,
) {
  for (let t = start; t < end; t += STREAM_CHUNK_SAMPLES) {
    abort?.throwIfAborted();
    const until = Math.min(end, t + STREAM_CHUNK_SAMPLES);
    if (arriving) await arriving.waitFor(musicFramesNeeded(plan, t, until));
    yield renderSignal(plan, sources, t, until, withFade);
  }
}

/** How much of the track (from its start) output samples [start, end) mix: all of it when they cross a loop point. */
function musicFramesNeeded(plan: RenderPlan, start: number, end: number): number {
  const M = plan.musicSamples;
  if (M <= 0) return 0;
  const from = start % plan.musicPeriod;
  const to = from + (end - start);
  return from < M && to <= M ? to : M;
}

/** The frames of a kept period, or null when what was kept is not whole MP3 frames. */
function framesOrNull(bytes: Buffer): Uint8Array[] | null {
  try {
    return splitFrames(bytes).frames;
  } catch {
    return null;
  }
}

/** One Info/LAME tag at the front, then the audio frames (given as runs of whole frames), as runs. */
function assemble(header: Mp3FrameHeader, segments: Uint8Array[], frameCount: number, plan: RenderPlan) {
  const audioBytes = segments.reduce((sum, segment) => sum + segment.length, 0);
  const info = buildInfoFrame({
    header,
    audioFrames: frameCount,
    audioBytes,
    encoderDelay: ENCODER_DELAY,
    signalSamples: plan.totalSamples,
  });
  return { runs: [info, ...segments.filter((segment) => segment.length > 0)], size: info.length + audioBytes };
}

/** The result with the file as runs; `mp3` joins them only when read (never spread the result). */
function asResult(file: { runs: Uint8Array[]; size: number }, rest: Omit<RenderResult, 'runs' | 'size' | 'mp3'>): RenderResult {
  return {
    ...rest,
    ...file,
    get mp3() {
      return Buffer.concat(file.runs, file.size);
    },
  };
}

/** Frames as one run of bytes: a view when they already lie back to back (as one encode's do). */
function joinFrames(frames: Uint8Array[]): Uint8Array {
  if (frames.length === 0) return new Uint8Array(0);
  const first = frames[0];
  let end = first.byteOffset;
  const contiguous = frames.every((f) => {
    const ok = f.buffer === first.buffer && f.byteOffset === end;
    end += f.length;
    return ok;
  });
  return contiguous ? new Uint8Array(first.buffer, first.byteOffset, end - first.byteOffset) : Buffer.concat(frames);
}
