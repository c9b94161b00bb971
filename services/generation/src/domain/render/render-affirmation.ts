import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { musicForMix, renderSignal, type SignalSources } from './affirmation-signal';
import { ArrivingMusic } from './arriving-music';
import { buildInfoFrame } from './info-tag';
import { encodeMp3, resolveMp3Encoder, type Mp3EncoderChoice } from './mp3-encoder';
import { splitFrames, type Mp3FrameHeader } from './mp3-frames';
import { cbrFramesBytes } from './frame-bytes';
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
   * The file as runs of bytes in order: the Info frame, the head, the period's pieces once per
   * repetition (the same bytes referenced, not copied), the tail. An hour's MP3 is never held
   * whole: it is written run by run, as made, to the object store and to the listener.
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
 * Its steps: `prepareRender` mixes and plans, then `streamRender` encodes the plan's way.
 *
 * Periodic mode encodes one period (split over the cores, each piece with warm-up frames)
 * plus a short head and the fade-out tail, then builds the file by copying frames. Outputs
 * no longer than a period are encoded straight through, streamed, split over the cores the
 * same way.
 */
export async function renderAffirmationMp3(input: RenderInput, options: RenderOptions = {}): Promise<RenderResult> {
  return (await streamAffirmationMp3(input, options)).finished;
}

/**
 * The same render as `renderAffirmationMp3`, answered as soon as its length is known (the
 * head and the tail encoded, the kept period looked up): its bytes then come in order as the
 * pieces are encoded, so a listener hears the start while the rest is made.
 */
export async function streamAffirmationMp3(input: RenderInput, options: RenderOptions = {}): Promise<RenderStream> {
  const prepared = await prepareRender(input, options.encoder);
  const parallelism = Math.max(1, options.parallelism ?? availableParallelism());
  return streamRender(prepared, { pieces: SEAMLESS_PIECES, parallelism, signal: options.signal }, options.periods);
}

/**
 * A render whose length is known and whose bytes come in order as they are made: the Info
 * frame and the head first, then each piece of the period as it is encoded and the period's
 * copies, the tail last. Several readers (the object store, the listener) read `runs` at their
 * own pace; each run is checked against the length promised before it is given out.
 */
export interface RenderStream {
  /** The file's length in bytes, stated before its frames are made (Content-Length, the Info tag). */
  size: number;
  mode: RenderResult['mode'];
  period: RenderResult['period'];
  /** The file's runs in order, each settling once made; a render that fails or is cancelled rejects those not made. */
  runs: Promise<Uint8Array>[];
  /** The whole result once every run is made (and a newly encoded period kept). */
  finished: Promise<RenderResult>;
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

/** The second step, whole: encodes the prepared render the way its plan says (periodic or straight). */
export async function encodeRender(prepared: PreparedRender, work: PieceWork, periods?: PeriodStore): Promise<RenderResult> {
  return (await streamRender(prepared, work, periods)).finished;
}

/** The second step as a stream: answers once the render's length is known, its bytes following as they are made. */
function streamRender(prepared: PreparedRender, work: PieceWork, periods?: PeriodStore): Promise<RenderStream> {
  if (prepared.plan.mode === 'straight') {
    const totalFrames = Math.floor(prepared.plan.totalSamples / prepared.plan.frameSamples);
    return streamStraight(prepared, work, pieceCount(totalFrames, work.parallelism));
  }
  return streamPeriodic(prepared, work, periods);
}

/** How many pieces `frames` frames are split into: at least one a core, about PIECE_FRAMES each, none under 64 frames. */
const pieceCount = (frames: number, parallelism: number) =>
  Math.max(1, Math.min(Math.floor(frames / 64), Math.max(parallelism, Math.ceil(frames / PIECE_FRAMES))));

/** A piece's own frames (its warm-up dropped), the first frame's header, and how many frames were encoded. */
type EncodedPiece = { ownFrames: Uint8Array[]; header: Mp3FrameHeader; encoded: number };

/** Encodes the prepared render's frames piece by piece, at most `parallelism` at once, started in the order asked. */
function pieceEncoder({ plan, sources, format, arriving, encoder }: PreparedRender, work: PieceWork) {
  const fs = plan.frameSamples;
  const { reservoir } = work.pieces;
  const limit = pLimit(work.parallelism);
  /** Encodes global frames [from, to) with `warm` frames of preceding signal; keeps only [from, to). */
  return (from: number, to: number | null, warm: number, withFade: boolean): Promise<EncodedPiece> =>
    quietly(
      limit(async () => {
        const startSample = (from - warm) * fs;
        const endSample = to === null ? plan.totalSamples : Math.min(plan.totalSamples, (to + LOOKAHEAD_FRAMES) * fs);
        const signal = streamSignal(plan, sources, startSample, endSample, withFade, arriving, work.signal);
        const { frames, header } = splitFrames(await encodeMp3(signal, format, { reservoir, encoder }));
        const ownFrames = frames.slice(warm, to === null ? undefined : warm + (to - from));
        if (to !== null && ownFrames.length !== to - from)
          throw new Error(`Encoder returned ${frames.length} frames, expected ${warm + to - from}+`);
        return { ownFrames, header, encoded: frames.length };
      }),
    );
}

/**
 * A rejection nobody may be waiting for yet is not an unhandled one: a failed render rejects
 * all its later runs, and the reader that stopped at the first one never awaits the others.
 */
function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A piece's frames as one run, refused unless their bytes are the `promised` ones the render's length counted. */
const promisedRun = (piece: Promise<EncodedPiece>, promised: number): Promise<Uint8Array> =>
  quietly(
    piece.then((p) => {
      const run = joinFrames(p.ownFrames);
      if (run.length !== promised) throw new Error(`An encode made ${run.length} bytes where the render's length counted ${promised}`);
      return run;
    }),
  );

/** Frames of the head, encoded first on its own: the listener's first bytes come from it. */
const HEAD_FRAMES = 2 * WARMUP_FRAMES;
/** Frames of a straight render's last piece: small, so the frame count the Info frame states is known at once. */
const STRAIGHT_TAIL_FRAMES = 64;

/** Where a straight render's pieces start and end: the head, `pieces` even pieces, and a short last piece to the end. */
function straightPieceBounds(totalFrames: number, pieces: number): [number, number | null][] {
  if (pieces === 1) return [[0, null]];
  const tailStart = totalFrames - STRAIGHT_TAIL_FRAMES;
  const middle = tailStart - HEAD_FRAMES;
  const bounds: [number, number | null][] = [[0, HEAD_FRAMES]];
  for (let c = 0; c < pieces; c++) {
    bounds.push([HEAD_FRAMES + Math.floor((middle * c) / pieces), HEAD_FRAMES + Math.floor((middle * (c + 1)) / pieces)]);
  }
  bounds.push([tailStart, null]);
  return bounds;
}

/**
 * Encodes every frame in pieces, each piece after the first with warm-up frames (the same
 * seams as the periodic render): the head and the short last piece first, so the length is
 * known at once, then the rest in order. One piece is a single continuous encode.
 */
async function streamStraight(prepared: PreparedRender, work: PieceWork, pieces: number): Promise<RenderStream> {
  const { plan, format, encoder } = prepared;
  const encodePiece = pieceEncoder(prepared, work);
  const totalFrames = Math.floor(plan.totalSamples / plan.frameSamples);
  const bounds = straightPieceBounds(totalFrames, pieces);
  const warmup = work.pieces.warmupFrames;
  const headPiece = encodePiece(0, bounds[0][1], 0, true);
  const [tailFrom] = bounds[bounds.length - 1];
  const tailPiece = bounds.length > 1 ? encodePiece(tailFrom, null, warmup, true) : headPiece;
  const middle = bounds.slice(1, -1).map(([a, b]) => ({ frames: b! - a, piece: encodePiece(a, b, warmup, true) }));
  const [head, tail] = await Promise.all([headPiece, tailPiece]);

  const headRun = bounds.length > 1 ? promisedRun(headPiece, cbrFramesBytes(format, 0, HEAD_FRAMES)) : joinFrames(head.ownFrames);
  const middleRuns = middle.map(({ frames, piece }) => promisedRun(piece, cbrFramesBytes(format, warmup, warmup + frames)));
  const tailRun = bounds.length > 1 ? joinFrames(tail.ownFrames) : null;
  const frameCount =
    bounds.length > 1 ? HEAD_FRAMES + middle.reduce((sum, m) => sum + m.frames, 0) + tail.ownFrames.length : head.ownFrames.length;
  const audioBytes =
    (bounds.length > 1 ? cbrFramesBytes(format, 0, HEAD_FRAMES) : (headRun as Uint8Array).length) +
    middle.reduce((sum, m) => sum + cbrFramesBytes(format, warmup, warmup + m.frames), 0) +
    (tailRun?.length ?? 0);
  const info = infoFrameFor(head.header, frameCount, audioBytes, plan);
  const runs = [info, headRun, ...middleRuns, ...(tailRun ? [tailRun] : [])].map((run) => quietly(Promise.resolve(run)));
  const size = info.length + audioBytes;
  const finished = quietly(
    (async (): Promise<RenderResult> => {
      const made = await madeWhole(runs, size);
      const encoded = await Promise.all([...middle.map((m) => m.piece)]);
      return {
        runs: made,
        size,
        plan,
        format,
        mode: 'straight',
        encoder,
        frames: frameCount,
        encodedFrames: head.encoded + (bounds.length > 1 ? tail.encoded : 0) + encoded.reduce((sum, e) => sum + e.encoded, 0),
        seamFrames: bounds.slice(1).map(([a]) => a),
        period: 'none',
      };
    })(),
  );
  return { size, mode: 'straight', period: 'none', runs, finished };
}

/** A straight render whole (`pieces` 1: one continuous encode, the reference the seams are measured against). */
export async function encodeStraight(prepared: PreparedRender, work: PieceWork, pieces: number): Promise<RenderResult> {
  return (await streamStraight(prepared, work, pieces)).finished;
}

/** Every run made, and together the `size` bytes promised; the empty ones left out. */
async function madeWhole(runs: Promise<Uint8Array>[], size: number): Promise<Uint8Array[]> {
  const made = await Promise.all(runs);
  const total = made.reduce((sum, run) => sum + run.length, 0);
  if (total !== size) throw new Error(`The render made ${total} bytes where its length said ${size}`);
  return made.filter((run) => run.length > 0);
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
 * One run of the repeating block: a piece of the period as encoded (or the whole period as
 * stored), with the bytes of its first frames, so a partial copy of the period is cut without
 * waiting for the rest of it.
 */
type BlockRun = { run: Promise<Uint8Array>; frames: number; bytesOfFirst: (frames: number) => number };

/**
 * Encodes the head, the fade-out tail and one period (or takes it from the period store),
 * then lays the period's runs down as many times as the length needs. The head goes first
 * and the tail next: with the period looked up, they fix the file's length; the period's
 * pieces follow in order, each given out as soon as it is encoded.
 */
async function streamPeriodic(prepared: PreparedRender, work: PieceWork, periods: PeriodStore | undefined): Promise<RenderStream> {
  const { plan, format, encoder } = prepared;
  const encodePiece = pieceEncoder(prepared, work);
  const warmup = work.pieces.warmupFrames;
  const { headFrames, blockFrames, tailStartFrame } = frameLayout(plan);
  const chunkCount = pieceCount(blockFrames, work.parallelism);
  const chunkBounds = blockPieceBounds(headFrames, blockFrames, chunkCount);

  const headPiece = encodePiece(0, headFrames, 0, true);
  const tailPiece = encodePiece(tailStartFrame, null, warmup, true);
  const periodKey = periodKeyOf(prepared, work, chunkBounds, periods);
  const stored = periodKey ? await periods!.get(periodKey).catch(() => null) : null;
  const storedFrames = stored ? framesOrNull(stored) : null;
  const reused = storedFrames !== null && storedFrames.length === blockFrames;
  const chunks = reused ? [] : chunkBounds.map(([a, b]) => encodePiece(a, b, warmup, false));
  const [head, tail] = await Promise.all([headPiece, tailPiece]);

  const block: BlockRun[] = reused ? [storedBlockRun(stored!, storedFrames!)] : encodedBlockRuns(chunks, chunkBounds, format, warmup);
  const blockBytes = block.reduce((sum, piece) => sum + piece.bytesOfFirst(piece.frames), 0);
  const copiedFrames = tailStartFrame - headFrames;
  const wholeBlocks = Math.floor(copiedFrames / blockFrames);
  const partial = copiedFrames - wholeBlocks * blockFrames;
  const copies: Promise<Uint8Array>[] = [];
  for (let b = 0; b < wholeBlocks; b++) copies.push(...block.map((piece) => piece.run));
  copies.push(...firstFramesOf(block, partial));

  const headRun = promisedRun(headPiece, cbrFramesBytes(format, 0, headFrames));
  const tailRun = joinFrames(tail.ownFrames);
  const frameCount = headFrames + copiedFrames + tail.ownFrames.length;
  const audioBytes = cbrFramesBytes(format, 0, headFrames) + wholeBlocks * blockBytes + partialBytes(block, partial) + tailRun.length;
  const info = infoFrameFor(head.header, frameCount, audioBytes, plan);
  const runs = [quietly(Promise.resolve(info)), headRun, ...copies, quietly(Promise.resolve(tailRun))];
  const size = info.length + audioBytes;
  const period = periodKey ? (reused ? 'reused' : 'encoded') : 'none';
  const finished = quietly(
    (async (): Promise<RenderResult> => {
      const made = await madeWhole(runs, size);
      const encodedChunks = await Promise.all(chunks);
      if (periodKey && !reused) {
        // Stored for the next length of the same speech and music; a store that fails costs only that.
        const whole = Buffer.concat(await Promise.all(block.map((piece) => piece.run)));
        await periods!.put(periodKey, whole).catch(() => undefined);
      }
      return {
        runs: made,
        size,
        plan,
        format,
        mode: 'periodic',
        encoder,
        frames: frameCount,
        encodedFrames: head.encoded + tail.encoded + encodedChunks.reduce((sum, c) => sum + c.encoded, 0),
        seamFrames: periodSeams({ headFrames, blockFrames, tailStartFrame, chunkBounds, wholeBlocks, partial }).filter(
          (g) => g < frameCount,
        ),
        period,
      };
    })(),
  );
  return { size, mode: 'periodic', period, runs, finished };
}

/** The period as stored: one run, whose frames' offsets are read from it. */
function storedBlockRun(stored: Buffer, frames: Uint8Array[]): BlockRun {
  const offsets = [0];
  for (const frame of frames) offsets.push(offsets[offsets.length - 1] + frame.length);
  return { run: Promise.resolve(stored), frames: frames.length, bytesOfFirst: (n) => offsets[n] };
}

/** The period as encoded here: one run per piece, each checked against the bytes its frames must take. */
function encodedBlockRuns(chunks: Promise<EncodedPiece>[], bounds: [number, number][], format: OutputFormat, warmup: number): BlockRun[] {
  return chunks.map((piece, c) => {
    const frames = bounds[c][1] - bounds[c][0];
    const bytesOfFirst = (n: number) => cbrFramesBytes(format, warmup, warmup + n);
    return { run: promisedRun(piece, bytesOfFirst(frames)), frames, bytesOfFirst };
  });
}

/** The runs of the block's first `frames` frames: whole pieces, then the start of the next. */
function firstFramesOf(block: BlockRun[], frames: number): Promise<Uint8Array>[] {
  const runs: Promise<Uint8Array>[] = [];
  let left = frames;
  for (const piece of block) {
    if (left <= 0) break;
    if (left >= piece.frames) runs.push(piece.run);
    else {
      const bytes = piece.bytesOfFirst(left);
      runs.push(quietly(piece.run.then((run) => run.subarray(0, bytes))));
    }
    left -= piece.frames;
  }
  return runs;
}

/** Bytes of the block's first `frames` frames. */
function partialBytes(block: BlockRun[], frames: number): number {
  let left = frames;
  let bytes = 0;
  for (const piece of block) {
    if (left <= 0) break;
    bytes += piece.bytesOfFirst(Math.min(left, piece.frames));
    left -= piece.frames;
  }
  return bytes;
}

/** The frames where runs from different encodes meet in a periodic render. */
function periodSeams(layout: {
  headFrames: number;
  blockFrames: number;
  tailStartFrame: number;
  chunkBounds: [number, number][];
  wholeBlocks: number;
  partial: number;
}): number[] {
  const { headFrames, blockFrames, tailStartFrame, chunkBounds, wholeBlocks, partial } = layout;
  const seams = [headFrames, ...chunkBounds.slice(1).map(([a]) => a)];
  for (let b = 1; b < wholeBlocks; b++) seams.push(headFrames + b * blockFrames);
  if (partial > 0 && wholeBlocks > 0) seams.push(headFrames + wholeBlocks * blockFrames);
  seams.push(tailStartFrame);
  return [...new Set(seams)].sort((x, y) => x - y);
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

/** The Info/LAME tag at the front of a file of `frames` audio frames taking `audioBytes` bytes. */
function infoFrameFor(header: Mp3FrameHeader, frames: number, audioBytes: number, plan: RenderPlan): Uint8Array {
  return buildInfoFrame({ header, audioFrames: frames, audioBytes, encoderDelay: ENCODER_DELAY, signalSamples: plan.totalSamples });
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
