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
 * added, so a render can start encoding while the track is still being decoded.
 */
export async function measureMusic(bytes: Buffer): Promise<{ decodedFrames: number; loudness: number }> {
  const samples = await decodeToPcm16(bytes, 2, MIX_SAMPLE_RATE);
  return { decodedFrames: samples.length >> 1, loudness: audibleLevel(samples) };
}

/** Below this (about -50 dBFS) a sample counts as silence when measuring a level. */
export const AUDIBLE_FLOOR = 0.003;

/**
 * RMS (0..1 of full scale) of the audible samples only: pauses would make quiet speech look
 * quieter. Takes floats in -1..1 or 16-bit samples.
 */
export function audibleLevel(samples: Float32Array | Int16Array): number {
  const scale = samples instanceof Int16Array ? 32768 : 1;
  const floorSquared = (AUDIBLE_FLOOR * scale) ** 2;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < samples.length; i++) {
    const squared = samples[i] * samples[i];
    const audible = squared > floorSquared ? 1 : 0; // branch-free: music crosses the floor at random
    sum += squared * audible;
    count += audible;
  }
  return count ? Math.sqrt(sum / count) / scale : 0;
}
