import { availableParallelism } from 'node:os';
import { renderSignal, prepareMusic, type SignalSources } from './affirmation-signal';
import { buildInfoFrame } from './info-tag';
import { encodeMp3 } from './mp3-encoder';
import { splitFrames, type Mp3FrameHeader } from './mp3-frames';
import { ENCODER_DELAY, FRAME_SAMPLES, outputFormatFor, SAMPLE_RATE, type OutputFormat } from './output-format';
import { frameLayout, LOOKAHEAD_FRAMES, planRender, WARMUP_FRAMES, type PauseBounds, type RenderPlan } from './periodic-plan';

export interface RenderInput {
  /** Mono speech at 44.1 kHz, -1..1. */
  speech: Float32Array;
  /** Interleaved stereo music at 44.1 kHz, -1..1, or null for voice only. Modified in place (level, loop fades). */
  music: Float32Array | null;
  durationSeconds: number;
  pause?: PauseBounds;
}

export interface RenderOptions {
  /** Encoders to run at once for the repeating block; defaults to the machine's cores. */
  parallelism?: number;
  /** Encode every sample in one pass, one encoder (the reference the seam test compares with). */
  straight?: boolean;
  /** For the seam test only: the broken variants it must catch. */
  brokenReservoir?: boolean;
  brokenNoWarmup?: boolean;
}

export interface RenderResult {
  mp3: Buffer;
  plan: RenderPlan;
  format: OutputFormat;
  mode: 'periodic' | 'straight';
  /** Audio frames in the file (the Info frame not counted). */
  frames: number;
  /** Frames the encoder actually produced (warm-up included): the work done. */
  encodedFrames: number;
  /** Frame indices where a piece from another encode starts. */
  seamFrames: number[];
}

const STREAM_CHUNK_SAMPLES = 5 * SAMPLE_RATE;

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
  const hasMusic = !!input.music && input.music.length >= 2;
  const format = outputFormatFor(hasMusic);
  const music = hasMusic ? prepareMusic(input.music!, input.speech, SAMPLE_RATE) : new Float32Array(0);
  const plan = planRender({
    durationSeconds: input.durationSeconds,
    voiceSamples: input.speech.length,
    musicSamples: music.length / 2,
    sampleRate: SAMPLE_RATE,
    frameSamples: FRAME_SAMPLES,
    pause: input.pause,
  });
  const sources: SignalSources = { voice: input.speech, music, channels: format.channels };
  const reservoir = !!options.brokenReservoir;

  const fs = plan.frameSamples;
  const warmup = options.brokenNoWarmup ? 0 : WARMUP_FRAMES;
  const parallelism = Math.max(1, options.parallelism ?? availableParallelism());

  /** Encodes global frames [from, to) with `warm` frames of preceding signal; keeps only [from, to). */
  const encodePiece = async (from: number, to: number | null, warm: number, withFade: boolean) => {
    const startSample = (from - warm) * fs;
    const endSample = to === null ? plan.totalSamples : Math.min(plan.totalSamples, (to + LOOKAHEAD_FRAMES) * fs);
    const { frames, header } = splitFrames(await encodeMp3(streamSignal(plan, sources, startSample, endSample, withFade), format, { reservoir }));
    const kept = frames.slice(warm, to === null ? undefined : warm + (to - from));
    if (to !== null && kept.length !== to - from) throw new Error(`Encoder returned ${frames.length} frames, expected ${warm + to - from}+`);
    return { kept, header, encoded: frames.length };
  };

  if (options.straight || plan.mode === 'straight') {
    // Nothing repeats: every frame is encoded, but split over the cores, each later piece
    // with warm-up frames (the same seams as the periodic render). The reference for the
    // seam test (`straight`) is one single pass.
    const totalFrames = Math.floor(plan.totalSamples / fs);
    const pieces = options.straight ? 1 : Math.max(1, Math.min(parallelism, Math.floor(totalFrames / 256)));
    const starts = Array.from({ length: pieces }, (_, c) => Math.floor((totalFrames * c) / pieces));
    const encoded = await Promise.all(starts.map((a, c) => encodePiece(a, c === pieces - 1 ? null : starts[c + 1], a === 0 ? 0 : warmup, true)));
    const frames = encoded.flatMap((e) => e.kept);
    return {
      mp3: assemble(encoded[0].header, frames, plan),
      plan,
      format,
      mode: 'straight',
      frames: frames.length,
      encodedFrames: encoded.reduce((sum, e) => sum + e.encoded, 0),
      seamFrames: starts.slice(1),
    };
  }

  const layout = frameLayout(plan);
  const { headFrames, blockFrames, tailStartFrame } = layout;
  const chunkCount = Math.max(1, Math.min(parallelism, Math.floor(blockFrames / 64)));

  const chunkBounds: [number, number][] = [];
  for (let c = 0; c < chunkCount; c++) {
    const a = headFrames + Math.floor((blockFrames * c) / chunkCount);
    const b = headFrames + Math.floor((blockFrames * (c + 1)) / chunkCount);
    chunkBounds.push([a, b]);
  }
  const [head, tail, ...chunks] = await Promise.all([
    encodePiece(0, headFrames, 0, true),
    encodePiece(tailStartFrame, null, warmup, true),
    ...chunkBounds.map(([a, b]) => encodePiece(a, b, warmup, false)),
  ]);
  const block = chunks.flatMap((c) => c.kept);

  const frames: Uint8Array[] = [...head.kept];
  const seamFrames = [headFrames, ...chunkBounds.slice(1).map(([a]) => a)];
  for (let g = headFrames; g < tailStartFrame; g++) {
    const index = (g - headFrames) % blockFrames;
    if (index === 0 && g > headFrames) seamFrames.push(g);
    frames.push(block[index]);
  }
  seamFrames.push(tailStartFrame);
  frames.push(...tail.kept);
  return {
    mp3: assemble(head.header, frames, plan),
    plan,
    format,
    mode: 'periodic',
    frames: frames.length,
    encodedFrames: head.encoded + tail.encoded + chunks.reduce((sum, c) => sum + c.encoded, 0),
    seamFrames: [...new Set(seamFrames)].filter((g) => g < frames.length).sort((x, y) => x - y),
  };
}

async function* streamSignal(plan: RenderPlan, sources: SignalSources, start: number, end: number, withFade: boolean) {
  for (let t = start; t < end; t += STREAM_CHUNK_SAMPLES) {
    yield renderSignal(plan, sources, t, Math.min(end, t + STREAM_CHUNK_SAMPLES), withFade);
  }
}

/** One Info/LAME tag at the front, then the audio frames. */
function assemble(header: Mp3FrameHeader, frames: Uint8Array[], plan: RenderPlan): Buffer {
  const audioBytes = frames.reduce((sum, f) => sum + f.length, 0);
  const info = buildInfoFrame({ header, audioFrames: frames.length, audioBytes, encoderDelay: ENCODER_DELAY, signalSamples: plan.totalSamples });
  const out = Buffer.allocUnsafe(info.length + audioBytes);
  out.set(info, 0);
  let offset = info.length;
  for (const frame of frames) {
    out.set(frame, offset);
    offset += frame.length;
  }
  return out;
}
