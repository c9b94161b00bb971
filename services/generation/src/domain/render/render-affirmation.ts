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
  /** The music's audible level when already known (measured by the library on upload); measured here otherwise. */
  musicLevel?: number;
  /** How far the music sits below the voice, in dB (the listener's balance); 16 by default. */
  musicBelowVoiceDb?: number;
}

/**
 * Where encoded periods are stored between renders (the generation stores them in its object
 * store for a day or two). Keys are hashes of everything the period's bytes depend on.
 */
export interface PeriodStore {
  get(key: string): Promise<Buffer | null>;
  put(key: string, mp3Frames: Buffer): Promise<void>;
}

export interface RenderOptions {
  /** Pieces encoded at once; defaults to the machine's cores. */
  parallelism?: number;
  /** Which LAME build encodes (default 'auto': node-av's when it loads here). */
  encoder?: Mp3EncoderChoice;
  /** Encoded periods stored between renders: a new length of the same speech and music copies the stored one. */
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
   * The file as runs of bytes in order: the Info frame, the head, the stored period once per
   * repetition (the same bytes referenced, not copied), the tail. An hour's MP3 is never
   * held whole: it is written run by run to the object store and to the listener.
   */
  runs: Uint8Array[];
  /** The file's length in bytes (the runs' total). */
  size: number;
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
  /** 'reused': the period's frames came from the period store; 'encoded': made here (and stored); 'none': no period (straight). */
  period: 'reused' | 'encoded' | 'none';
}

/** The rendered file in one buffer (a preview; an hour costs its whole size in memory). */
export const wholeMp3 = (result: Pick<RenderResult, 'runs' | 'size'>): Buffer => Buffer.concat(result.runs, result.size);

/** Changes whenever the way a period is encoded changes, so older stored periods are never used. */
const PERIOD_FORMAT_VERSION = 1;

const STREAM_CHUNK_SAMPLES = 5 * SAMPLE_RATE;
/**
 * Frames per encoded piece (about 20 s): small enough that the cores finish together (LAME's
 * speed varies with the music), large enough that each piece's warm-up costs about 1%.
 */
const PIECE_FRAMES = 768;

/**
 * Renders the affirmation to a CBR MP3 of exactly `durationSeconds`: the speech repeated
 * with a short pause, over the looped music set below the voice, fading out at the end.
 * Its steps: `prepareRender` mixes and plans, then `encodeRender` encodes the plan's way.
 *
 * Periodic mode encodes one period (split over the cores, each piece with warm-up frames)
 * plus a short head and the fade-out tail, then builds the file by copying frames. Outputs
 * no longer than a period are encoded straight through, streamed, split over the cores the
 * same way.
 */
export async function renderAffirmationMp3(input: RenderInput, options: RenderOptions = {}): Promise<RenderResult> {
  const prepared = await prepareRender(input, options.encoder);
  const parallelism = Math.max(1, options.parallelism ?? availableParallelism());
  return encodeRender(prepared, { pieces: SEAMLESS_PIECES, parallelism, signal: options.signal }, options.periods);
}

/** What a render encodes: the signal's sources, the plan of its frames, the output format and the encoder. */
export interface PreparedRender {
  input: RenderInput;
  arriving: ArrivingMusic | null;
  hasMusic: boolean;
  format: OutputFormat;
  mix: ReturnType<typeof musicForMix> | { music: Int16Array; musicGain: number; musicFadeIn: number; musicFadeOut: number };
  plan: RenderPlan;
  sources: SignalSources;
  encoder: 'libav' | 'ffmpeg';
}

/** How the pieces are encoded and how many at once. */
export interface PieceWork {
  pieces: PieceEncoding;
  parallelism: number;
  signal?: AbortSignal;
}

/** The first step: the music set below the voice, the plan of the output's frames, and the encoder. */
export async function prepareRender(input: RenderInput, encoderChoice?: Mp3EncoderChoice): Promise<PreparedRender> {
  const arriving = input.music instanceof ArrivingMusic ? input.music : null;
  const decoded = arriving ? null : (input.music as Float32Array | Int16Array | null);
  const hasMusic = arriving ? arriving.frames > 0 : !!decoded && decoded.length >= 2;
  const format = outputFormatFor(hasMusic);
  const mix = !hasMusic
    ? { music: new Int16Array(0), musicGain: 0, musicFadeIn: 0, musicFadeOut: 0 }
    : arriving
      ? musicForMix(arriving.samples, input.speech, SAMPLE_RATE, arriving.level, input.musicBelowVoiceDb)
      : musicForMix(decoded!, input.speech, SAMPLE_RATE, input.musicLevel, input.musicBelowVoiceDb);
  const plan = planRender({
    durationSeconds: input.durationSeconds,
    voiceSamples: input.speech.length,
    musicSamples: mix.music.length / 2,
    sampleRate: SAMPLE_RATE,
    frameSamples: FRAME_SAMPLES,
    pause: input.pause,
  });
  const sources: SignalSources = { voice: input.speech, ...mix, channels: format.channels };
  const { encoder } = await resolveMp3Encoder(encoderChoice);
  return { input, arriving, hasMusic, format, mix, plan, sources, encoder };
}

/** The second step: encodes the prepared render the way its plan says (periodic or straight). */
export function encodeRender(prepared: PreparedRender, work: PieceWork, periods?: PeriodStore): Promise<RenderResult> {
  if (prepared.plan.mode === 'straight') {
    const totalFrames = Math.floor(prepared.plan.totalSamples / prepared.plan.frameSamples);
    return encodeStraight(prepared, work, pieceCount(totalFrames, work.parallelism));
  }
  return encodePeriodic(prepared, work, periods);
}

/** How many pieces `frames` frames are split into: at least one a core, about PIECE_FRAMES each, none under 64 frames. */
const pieceCount = (frames: number, parallelism: number) =>
  Math.max(1, Math.min(Math.floor(frames / 64), Math.max(parallelism, Math.ceil(frames / PIECE_FRAMES))));

/** A piece's own frames (its warm-up dropped), the first frame's header, and how many frames were encoded. */
type EncodedPiece = { ownFrames: Uint8Array[]; header: Mp3FrameHeader; encoded: number };

/** Encodes the prepared render's frames piece by piece, at most `parallelism` at once; results come back in order. */
function pieceEncoder({ plan, sources, format, arriving, encoder }: PreparedRender, work: PieceWork) {
  const fs = plan.frameSamples;
  const { reservoir } = work.pieces;
  const limit = pLimit(work.parallelism);
  /** Encodes global frames [from, to) with `warm` frames of preceding signal; keeps only [from, to). */
  return (from: number, to: number | null, warm: number, withFade: boolean): Promise<EncodedPiece> =>
    limit(async () => {
      const startSample = (from - warm) * fs;
      const endSample = to === null ? plan.totalSamples : Math.min(plan.totalSamples, (to + LOOKAHEAD_FRAMES) * fs);
      const signal = streamSignal(plan, sources, startSample, endSample, withFade, arriving, work.signal);
      const { frames, header } = splitFrames(await encodeMp3(signal, format, { reservoir, encoder }));
      const ownFrames = frames.slice(warm, to === null ? undefined : warm + (to - from));
      if (to !== null && ownFrames.length !== to - from)
        throw new Error(`Encoder returned ${frames.length} frames, expected ${warm + to - from}+`);
      return { ownFrames, header, encoded: frames.length };
    });
}

/**
 * Encodes every frame, split into `pieces` pieces, each later piece with warm-up frames
 * (the same seams as the periodic render). One piece is a single continuous encode.
 */
export async function encodeStraight(prepared: PreparedRender, work: PieceWork, pieces: number): Promise<RenderResult> {
  const { plan, format, encoder } = prepared;
  const encodePiece = pieceEncoder(prepared, work);
  const totalFrames = Math.floor(plan.totalSamples / plan.frameSamples);
  const starts = Array.from({ length: pieces }, (_, c) => Math.floor((totalFrames * c) / pieces));
  const encoded = await Promise.all(
    starts.map((a, c) => encodePiece(a, c === pieces - 1 ? null : starts[c + 1], a === 0 ? 0 : work.pieces.warmupFrames, true)),
  );
  const frameCount = encoded.reduce((sum, e) => sum + e.ownFrames.length, 0);
  return {
    ...assemble(
      encoded[0].header,
      encoded.map((e) => joinFrames(e.ownFrames)),
      frameCount,
      plan,
    ),
    plan,
    format,
    mode: 'straight',
    encoder,
    frames: frameCount,
    encodedFrames: encoded.reduce((sum, e) => sum + e.encoded, 0),
    seamFrames: starts.slice(1),
    period: 'none',
  };
}

/** Where the repeating block's pieces start and end, in frames. */
function blockPieceBounds(headFrames: number, blockFrames: number, count: number): [number, number][] {
  const bounds: [number, number][] = [];
  for (let c = 0; c < count; c++) {
    const a = headFrames + Math.floor((blockFrames * c) / count);
    const b = headFrames + Math.floor((blockFrames * (c + 1)) / count);
    bounds.push([a, b]);
  }
  return bounds;
}

/**
 * The key of the period's encoded frames in the period store: they depend on these and on
 * nothing else, so the same key means the same bytes. Null when the period cannot be stored
 * (no store, a block shorter than the period, or music without an id).
 */
function periodKeyOf(prepared: PreparedRender, work: PieceWork, chunkBounds: [number, number][], periods: PeriodStore | undefined) {
  const { input, hasMusic, mix, plan, format, encoder } = prepared;
  const { headFrames, blockFrames, periodFrames } = frameLayout(plan);
  if (!periods || blockFrames !== periodFrames || (hasMusic && !input.musicId)) return null;
  return createHash('sha256')
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
        reservoir: work.pieces.reservoir,
        warmup: work.pieces.warmupFrames,
      }),
    )
    .update(new Uint8Array(input.speech.buffer, input.speech.byteOffset, input.speech.byteLength))
    .digest('hex');
}

/**
 * Encodes the head, one period (or takes it from the period store) and the fade-out tail,
 * then lays the period's frames down as many times as the length needs.
 */
async function encodePeriodic(prepared: PreparedRender, work: PieceWork, periods: PeriodStore | undefined): Promise<RenderResult> {
  const { plan, format, encoder } = prepared;
  const encodePiece = pieceEncoder(prepared, work);
  const warmup = work.pieces.warmupFrames;
  const { headFrames, blockFrames, tailStartFrame } = frameLayout(plan);
  const chunkCount = pieceCount(blockFrames, work.parallelism);
  const chunkBounds = blockPieceBounds(headFrames, blockFrames, chunkCount);

  const periodKey = periodKeyOf(prepared, work, chunkBounds, periods);
  const stored = periodKey ? await periods!.get(periodKey).catch(() => null) : null;
  const storedFrames = stored ? framesOrNull(stored) : null;
  const reused = storedFrames !== null && storedFrames.length === blockFrames;

  // The small head and tail last: they fill in while the last chunks finish.
  const pieces = await Promise.all([
    ...(reused ? [] : chunkBounds.map(([a, b]) => encodePiece(a, b, warmup, false))),
    encodePiece(tailStartFrame, null, warmup, true),
    encodePiece(0, headFrames, 0, true),
  ]);
  const chunks = reused ? [] : pieces.slice(0, chunkCount);
  const [tail, head] = pieces.slice(reused ? 0 : chunkCount);
  const block = reused ? storedFrames! : chunks.flatMap((c) => c.ownFrames);
  const blockBytes = reused ? stored! : joinFrames(block);
  if (periodKey && !reused) {
    // Stored for the next length of the same speech and music; a store that fails costs only that.
    await periods!.put(periodKey, Buffer.from(blockBytes.buffer, blockBytes.byteOffset, blockBytes.byteLength)).catch(() => undefined);
  }

  const { segments, seamFrames, copiedFrames } = layPeriods({
    plan,
    headFrames,
    blockFrames,
    tailStartFrame,
    chunkBounds,
    block,
    blockBytes,
  });
  const frameCount = headFrames + copiedFrames + tail.ownFrames.length;
  return {
    ...assemble(head.header, [joinFrames(head.ownFrames), ...segments, joinFrames(tail.ownFrames)], frameCount, plan),
    plan,
    format,
    mode: 'periodic',
    encoder,
    frames: frameCount,
    encodedFrames: head.encoded + tail.encoded + chunks.reduce((sum, c) => sum + c.encoded, 0),
    seamFrames: [...new Set(seamFrames)].filter((g) => g < frameCount).sort((x, y) => x - y),
    period: periodKey ? (reused ? 'reused' : 'encoded') : 'none',
  };
}

/**
 * The period's bytes once per whole repetition between the head and the tail, then the
 * part of it the last repetition needs; and the frames where pieces meet.
 */
function layPeriods(layout: {
  plan: RenderPlan;
  headFrames: number;
  blockFrames: number;
  tailStartFrame: number;
  chunkBounds: [number, number][];
  block: Uint8Array[];
  blockBytes: Uint8Array;
}) {
  const { headFrames, blockFrames, tailStartFrame, chunkBounds, block, blockBytes } = layout;
  // Byte offset of each frame in the block, to cut the last, partial repetition.
  const blockOffsets = [0];
  for (const frame of block) blockOffsets.push(blockOffsets[blockOffsets.length - 1] + frame.length);

  const segments: Uint8Array[] = [];
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
  return { segments, seamFrames, copiedFrames };
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

/** The frames of a stored period, or null when what was stored is not whole MP3 frames. */
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
