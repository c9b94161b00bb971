import { FfmpegError, runFfmpeg, type FfmpegJob } from './ffmpeg';

/**
 * Decoding with ffmpeg to interleaved PCM: 16-bit for music (half the bytes of float through
 * the pipe, and the resolution of everything InnerEcho writes), float for speech analysis.
 * Also the level measure that sets music under a voice, shared so that the library's measure
 * at upload and the generation's render agree to the sample.
 */
export interface DecodeOptions {
  /** Read at most this many seconds. */
  maxSeconds?: number;
  /** An audio filter graph applied while decoding (ffmpeg's -af). */
  filters?: string;
  /** The bytes are a container that may need seeking (webm, mp4): read them from a temporary file. */
  seekable?: boolean;
}

async function decode(
  bytes: Buffer,
  format: 's16le' | 'f32le',
  channels: 1 | 2,
  sampleRate: number,
  options: DecodeOptions,
  onData?: FfmpegJob['onData'],
  signal?: AbortSignal,
) {
  try {
    return await runFfmpeg({
      signal,
      input: bytes,
      seekable: options.seekable,
      maxSeconds: options.maxSeconds,
      // -flush_packets 0: ffmpeg fills its buffer before each write (fewer, larger reads here).
      output: { format, channels, sampleRate, filters: options.filters, options: ['-flush_packets', '0'] },
      onData,
    });
  } catch (error) {
    throw error instanceof FfmpegError ? new FfmpegError(`ffmpeg could not decode the audio: ${error.message}`) : error;
  }
}

/**
 * Decodes `bytes` and hands each piece of 16-bit PCM to `onData` as it comes (a slow `onData`
 * would fill the pipe and stall ffmpeg: keep it to copying).
 */
export async function decodePcm16Stream(options: {
  bytes: Buffer;
  channels: 1 | 2;
  sampleRate: number;
  maxSeconds?: number;
  onData: (chunk: Buffer) => void;
  /** Aborting stops ffmpeg; the decode then rejects with the signal's reason. */
  signal?: AbortSignal;
}): Promise<void> {
  const { bytes, channels, sampleRate, maxSeconds, onData, signal } = options;
  await decode(bytes, 's16le', channels, sampleRate, { maxSeconds }, onData, signal);
}

/** Decodes any audio file ffmpeg reads to interleaved 16-bit PCM. */
export async function decodeToPcm16(bytes: Buffer, channels: 1 | 2, sampleRate: number, options: DecodeOptions = {}): Promise<Int16Array> {
  const pcm = aligned(await decode(bytes, 's16le', channels, sampleRate, options), 2);
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1);
}

/** Decodes any audio file ffmpeg reads to interleaved float samples in -1..1. */
export async function decodeToFloat(
  bytes: Buffer,
  channels: 1 | 2,
  sampleRate: number,
  options: DecodeOptions = {},
): Promise<Float32Array> {
  const pcm = aligned(await decode(bytes, 'f32le', channels, sampleRate, options), 4);
  return new Float32Array(pcm.buffer, pcm.byteOffset, pcm.length >> 2);
}

/** Typed arrays need their element size's alignment; a small Buffer may sit anywhere in Node's pool. */
const aligned = (bytes: Buffer, size: number): Uint8Array => (bytes.byteOffset % size === 0 ? bytes : new Uint8Array(bytes));

/** The rate and layout music is mixed at (and measured at, by the library). */
export const MIX_SAMPLE_RATE = 44100;

/**
 * What the generation needs to know of a music file before mixing it: its length as decoded
 * (stereo frames at MIX_SAMPLE_RATE), its audible level, and how much of it is near-silent.
 * Measured once, when a track is added. The level is summed as the samples stream past, so
 * measuring holds a pipe's worth of audio, not the track; `maxSeconds` stops ffmpeg there
 * (the caller refuses longer files before this). `onPcm` receives the decoded 16-bit stereo
 * PCM as it comes (the library stores it so that renders never decode the track again).
 * With `maxSilentSeconds`, decoding stops as soon as the near-silence passes it (the answer's
 * `silentSeconds` is then over it, and the other figures cover only what was decoded).
 */
export async function measureMusic(
  bytes: Buffer,
  options: { maxSeconds?: number; maxSilentSeconds?: number; onPcm?: (pcm: Buffer) => void } = {},
): Promise<{ decodedFrames: number; loudness: number; silentSeconds: number }> {
  const level = new AudibleLevel(32768);
  const silence = new NearSilence(MIX_SAMPLE_RATE);
  const tooSilent = new AbortController();
  let samples = 0;
  let carry = Buffer.alloc(0);
  const decoding = decodePcm16Stream({
    bytes,
    channels: 2,
    sampleRate: MIX_SAMPLE_RATE,
    maxSeconds: options.maxSeconds,
    signal: tooSilent.signal,
    onData: (chunk) => {
      if (tooSilent.signal.aborted) return;
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 4);
      carry = Buffer.from(data.subarray(whole));
      const pcm = aligned(data.subarray(0, whole), 2);
      const view = new Int16Array(pcm.buffer, pcm.byteOffset, whole >> 1);
      level.add(view);
      silence.add(view);
      options.onPcm?.(data.subarray(0, whole));
      samples += whole >> 1;
      if (options.maxSilentSeconds !== undefined && silence.seconds() > options.maxSilentSeconds) tooSilent.abort(STOPPED_SILENT);
    },
  });
  await decoding.catch((error: unknown) => {
    if (error !== STOPPED_SILENT) throw error;
  });
  return { decodedFrames: samples >> 1, loudness: level.value(), silentSeconds: silence.seconds() };
}

const STOPPED_SILENT = new Error('stopped: near-silence over the limit');

/**
 * Near-silence in stereo 16-bit PCM: the audio is cut into windows of 100 ms, and a window is
 * near-silent when the RMS of its samples (both channels) is below AUDIBLE_FLOOR (about
 * -50 dBFS). `seconds()` is the total length of the near-silent windows, wherever they are (a
 * last partial window counts for its own length).
 */
export class NearSilence {
  private readonly windowSamples: number;
  private sum = 0;
  private inWindow = 0;
  private silentSamples = 0;
  private readonly floorSquared = (AUDIBLE_FLOOR * 32768) ** 2;

  constructor(private readonly sampleRate: number) {
    this.windowSamples = Math.round(sampleRate / 10) * 2;
  }

  add(samples: Int16Array) {
    const n = samples.length;
    let sum = this.sum;
    let inWindow = this.inWindow;
    for (let i = 0; i < n; i++) {
      sum += samples[i] * samples[i];
      if (++inWindow === this.windowSamples) {
        if (sum / inWindow < this.floorSquared) this.silentSamples += inWindow;
        sum = 0;
        inWindow = 0;
      }
    }
    this.sum = sum;
    this.inWindow = inWindow;
  }

  seconds() {
    const partial = this.inWindow > 0 && this.sum / this.inWindow < this.floorSquared ? this.inWindow : 0;
    return (this.silentSamples + partial) / 2 / this.sampleRate;
  }
}

/** Below this (about -50 dBFS) a sample counts as silence when measuring a level. */
export const AUDIBLE_FLOOR = 0.003;

/**
 * RMS (0..1 of full scale) of the audible samples only: pauses would make quiet speech look
 * quieter. Takes floats in -1..1 or 16-bit samples.
 */
export function audibleLevel(samples: Float32Array | Int16Array): number {
  const level = new AudibleLevel(samples instanceof Int16Array ? 32768 : 1);
  level.add(samples);
  return level.value();
}

/** audibleLevel summed piece by piece, for audio that streams past. */
class AudibleLevel {
  private sum = 0;
  private count = 0;
  private readonly floorSquared: number;

  constructor(private readonly scale: number) {
    this.floorSquared = (AUDIBLE_FLOOR * scale) ** 2;
  }

  add(samples: Float32Array | Int16Array) {
    const floorSquared = this.floorSquared;
    let sum = 0;
    let count = 0;
    for (let i = 0; i < samples.length; i++) {
      const squared = samples[i] * samples[i];
      const audible = squared > floorSquared ? 1 : 0; // branch-free: music crosses the floor at random
      sum += squared * audible;
      count += audible;
    }
    this.sum += sum;
    this.count += count;
  }

  value() {
    return this.count ? Math.sqrt(this.sum / this.count) / this.scale : 0;
  }
}
