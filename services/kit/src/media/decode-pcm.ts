import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-paths';

/**
 * Decoding with ffmpeg to interleaved 16-bit PCM (half the bytes of float through the pipe,
 * and the resolution of everything InnerEcho writes), and the level measure that sets music
 * under a voice. Shared so that the library's measure at upload and the generation's render
 * agree to the sample.
 */
function decodeArgs(channels: 1 | 2, sampleRate: number, maxSeconds?: number) {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', 'pipe:0'];
  if (maxSeconds) args.push('-t', String(maxSeconds));
  // -flush_packets 0: ffmpeg fills its buffer before each write (fewer, larger reads here).
  args.push('-vn', '-flush_packets', '0', '-f', 's16le', '-ac', String(channels), '-ar', String(sampleRate), 'pipe:1');
  return args;
}

/**
 * Runs ffmpeg on `bytes` and hands each piece of decoded PCM to `onData` as it comes (a slow
 * `onData` would fill the pipe and stall ffmpeg: keep it to copying).
 */
export function decodePcm16Stream(options: {
  bytes: Buffer;
  channels: 1 | 2;
  sampleRate: number;
  maxSeconds?: number;
  onData: (chunk: Buffer) => void;
}): Promise<void> {
  const { bytes, channels, sampleRate, maxSeconds, onData } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), decodeArgs(channels, sampleRate, maxSeconds), { stdio: ['pipe', 'pipe', 'pipe'] });
    const errors: Buffer[] = [];
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg could not decode the audio: ${Buffer.concat(errors).toString().trim().slice(0, 300)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(bytes);
  });
}

/** Decodes any audio file ffmpeg reads, at most `maxSeconds` of it, to interleaved 16-bit PCM. */
export async function decodeToPcm16(bytes: Buffer, channels: 1 | 2, sampleRate: number, maxSeconds?: number): Promise<Int16Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  await decodePcm16Stream({
    bytes,
    channels,
    sampleRate,
    maxSeconds,
    onData: (chunk) => {
      chunks.push(chunk);
      total += chunk.length;
    },
  });
  const samples = new Int16Array(total >> 1);
  const target = new Uint8Array(samples.buffer);
  let offset = 0;
  for (const chunk of chunks) {
    const take = Math.min(chunk.length, target.length - offset);
    target.set(chunk.subarray(0, take), offset);
    offset += take;
  }
  return samples;
}

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
