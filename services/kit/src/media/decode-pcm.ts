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
) {
  try {
    return await runFfmpeg({
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
}): Promise<void> {
  const { bytes, channels, sampleRate, maxSeconds, onData } = options;
  await decode(bytes, 's16le', channels, sampleRate, { maxSeconds }, onData);
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
 * (stereo frames at MIX_SAMPLE_RATE) and its audible level. Measured once, when a track is
 * added, so a render can start encoding while the track is still being decoded. The level is
 * summed as the samples stream past, so measuring holds a pipe's worth of audio, not the
 * track; `maxSeconds` stops ffmpeg there (the caller refuses longer files before this).
 */
export async function measureMusic(
  bytes: Buffer,
  options: { maxSeconds?: number } = {},
): Promise<{ decodedFrames: number; loudness: number }> {
  const level = new AudibleLevel(32768);
  let samples = 0;
  let carry = Buffer.alloc(0);
  await decodePcm16Stream({
    bytes,
    channels: 2,
    sampleRate: MIX_SAMPLE_RATE,
    maxSeconds: options.maxSeconds,
    onData: (chunk) => {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = Buffer.from(data.subarray(whole));
      const pcm = aligned(data.subarray(0, whole), 2);
      level.add(new Int16Array(pcm.buffer, pcm.byteOffset, whole >> 1));
      samples += whole >> 1;
    },
  });
  return { decodedFrames: samples >> 1, loudness: level.value() };
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
