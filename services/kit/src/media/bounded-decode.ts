import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FfmpegError, OWN_PROCESS_GROUP, runFfmpeg } from './ffmpeg';
import { ffprobePath } from './ffmpeg-paths';

/**
 * Decoding audio that came from outside (a listener's recording, an admin's music file) with
 * bounds that hold whatever the file claims: a compressed file of a few hundred kilobytes can
 * hold hours of audio (silence compresses to almost nothing), and decoding all of it would
 * take gigabytes and seconds of CPU. So the length is read from the container first, and the
 * decode that follows stops at a hard cap in samples.
 */

/** The audio is longer than the caller takes; `seconds` is the length the container gave, if it gave one. */
export class AudioTooLongError extends Error {
  constructor(
    readonly limitSeconds: number,
    readonly seconds: number | null,
  ) {
    super(seconds === null ? `The audio runs past ${limitSeconds} s` : `The audio lasts ${seconds} s, more than ${limitSeconds} s`);
  }
}

/** A probe reads at most this much of a file to find its streams (ffprobe's own default is 5 MB). */
const PROBE_BYTES = 2_000_000;
/** A probe that has not answered by then counts as unreadable: a header is read in milliseconds. */
const PROBE_TIMEOUT_MS = 5000;

export interface ProbedAudio {
  /** Seconds, as the container states them; null when it does not (a webm recorded live by a browser). */
  durationSeconds: number | null;
  codec: string;
}

/**
 * What the container says of a file: its first audio stream's codec and its length, read by
 * ffprobe from the headers only (bounded in bytes read and in time, so a hostile file cannot
 * make the probe itself expensive). Throws FfmpegError when there is no audio stream.
 */
export async function probeAudioFile(path: string, options: { timeoutMs?: number } = {}): Promise<ProbedAudio> {
  const args = [
    '-v',
    'error',
    '-probesize',
    String(PROBE_BYTES),
    '-analyzeduration',
    '2000000',
    '-select_streams',
    'a:0',
    '-show_entries',
    'format=duration:stream=codec_name,codec_type,duration',
    '-of',
    'json',
    path,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      ffprobePath(),
      args,
      { ...OWN_PROCESS_GROUP, timeout: options.timeoutMs ?? PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, stdout) => {
        if (error) reject(new FfmpegError(`ffprobe could not read the file: ${String(error.message).slice(0, 300)}`));
        else resolve(stdout);
      },
    );
  });
  let parsed: { streams?: { codec_type?: string; codec_name?: string; duration?: string }[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(output);
  } catch {
    throw new FfmpegError('ffprobe answered something unreadable');
  }
  const stream = parsed.streams?.find((s) => s.codec_type === 'audio');
  // Images can come as "streams" too; only a real audio codec counts.
  if (!stream?.codec_name || /^(png|mjpeg|bmp|gif|webp)$/.test(stream.codec_name)) throw new FfmpegError('No audio stream');
  const stated = [parsed.format?.duration, stream.duration].map(Number).filter((d) => Number.isFinite(d) && d > 0);
  return { codec: stream.codec_name, durationSeconds: stated.length ? Math.max(...stated) : null };
}

/** Runs `work` on the bytes written to a temporary file (some containers need seeking), removed after. */
async function withTemporaryFile<T>(bytes: Buffer, work: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'innerecho-probe-'));
  try {
    const path = join(dir, `in-${randomBytes(4).toString('hex')}`);
    await writeFile(path, bytes);
    return await work(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** probeAudioFile for bytes in memory. */
export function probeAudioBytes(bytes: Buffer, options: { timeoutMs?: number } = {}): Promise<ProbedAudio> {
  return withTemporaryFile(bytes, (path) => probeAudioFile(path, options));
}

/**
 * The length a FLAC file states in its first 42 bytes (STREAMINFO: the sample rate and the
 * total samples), or null when it is not FLAC or does not say (a streamed one). FLAC is how
 * hours of silence fit in a few kilobytes, so its claim is read in place, with no process
 * to start.
 */
export function flacStatedSeconds(bytes: Buffer): number | null {
  // 'fLaC', then the first metadata block's header: type 0 (STREAMINFO), 34 bytes long.
  if (bytes.length < 42 || bytes.toString('latin1', 0, 4) !== 'fLaC' || (bytes[4] & 0x7f) !== 0) return null;
  const info = 8;
  // After the block and frame sizes (10 bytes): rate (20 bits), channels (3), depth (5), total samples (36).
  const rate = (bytes[info + 10] << 12) | (bytes[info + 11] << 4) | (bytes[info + 12] >> 4);
  const total = (bytes[info + 13] & 0x0f) * 2 ** 32 + bytes.readUInt32BE(info + 14);
  return rate > 0 && total > 0 ? total / rate : null;
}

/** A packet scan that has not finished by then counts as telling nothing: the capped decode bounds the rest. */
const PACKET_SCAN_TIMEOUT_MS = 5000;

/**
 * How far the packets of a file's first audio stream reach, in seconds, read by ffprobe's
 * demuxer without decoding anything (each packet's time and length, one line each). For a
 * container that does not state its length: a FLAC written as a stream, a browser's live
 * webm. The scan stops as soon as a packet ends past `stopPastSeconds`, so its work is bounded
 * by the limit as well as by the file's size and PACKET_SCAN_TIMEOUT_MS; answers null when it
 * ran out of time or found no packet times.
 */
export function packetSeconds(path: string, stopPastSeconds: number, options: { timeoutMs?: number } = {}): Promise<number | null> {
  const args = ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path];
  return new Promise((resolve, reject) => {
    const probe = spawn(ffprobePath(), args, { ...OWN_PROCESS_GROUP, stdio: ['ignore', 'pipe', 'ignore'] });
    let reach: number | null = null;
    let summed = 0;
    let pending = '';
    let settled = false;
    const finish = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      probe.kill('SIGKILL');
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), options.timeoutMs ?? PACKET_SCAN_TIMEOUT_MS);
    probe.stdout.setEncoding('latin1');
    probe.stdout.on('data', (text: string) => {
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [pts, duration] = line.split(',').map(Number);
        const length = Number.isFinite(duration) && duration > 0 ? duration : 0;
        summed += length;
        // A packet without a time follows the one before it.
        const end = Number.isFinite(pts) ? pts + length : summed;
        if (reach === null || end > reach) reach = end;
        if (reach > stopPastSeconds) return finish(reach);
      }
    });
    probe.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new FfmpegError(`ffprobe could not start: ${error.message}`));
    });
    probe.on('close', () => finish(reach));
  });
}

/**
 * Refuses audio longer than `maxSeconds` before any decoding: from the length its container
 * states, or, when it states none, from how far its packets reach (a demuxer's scan, no
 * decoding). Answers the probe (null duration: the packets told nothing, and the capped
 * decode decides).
 */
export async function refuseLongAudio(bytes: Buffer, maxSeconds: number): Promise<ProbedAudio> {
  const flacSeconds = flacStatedSeconds(bytes);
  if (flacSeconds !== null && flacSeconds > maxSeconds) throw new AudioTooLongError(maxSeconds, flacSeconds);
  return withTemporaryFile(bytes, async (path) => {
    const probed = await probeAudioFile(path);
    const seconds = probed.durationSeconds ?? (await packetSeconds(path, maxSeconds));
    if (seconds !== null && seconds > maxSeconds) throw new AudioTooLongError(maxSeconds, seconds);
    return probed;
  });
}

/** The first allocation of a capped decode: about 10 s of mono speech at 16 kHz. */
const FIRST_CAPACITY = 160_000;

/**
 * Decodes any audio file ffmpeg reads to interleaved float samples in -1..1, holding at most
 * `maxSeconds` of them: ffmpeg is told to stop there, and should more arrive anyway the
 * decode is killed. Audio that runs past the cap is refused with AudioTooLongError, not cut
 * short, so no caller mistakes the first minutes of a long file for the whole of it. The
 * samples grow into one array (no copy of every chunk kept beside it), so memory stays
 * within twice the cap's bytes.
 */
export async function decodeToFloatCapped(
  bytes: Buffer,
  options: { channels: 1 | 2; sampleRate: number; maxSeconds: number; filters?: string; seekable?: boolean },
): Promise<Float32Array> {
  const { channels, sampleRate, maxSeconds } = options;
  const cap = Math.ceil(maxSeconds * sampleRate) * channels;
  let samples = new Float32Array(Math.min(cap, FIRST_CAPACITY));
  let length = 0;
  // Chunks may split a 4-byte sample; the rest waits for the next chunk.
  let carry = Buffer.alloc(0);
  let overCap = false;
  const stop = new AbortController();
  const tooLong = new AudioTooLongError(maxSeconds, null);
  try {
    await runFfmpeg({
      input: bytes,
      seekable: options.seekable,
      // A little past the cap, so that audio running past it is seen to, and refused.
      maxSeconds: maxSeconds + 0.5,
      output: { format: 'f32le', channels, sampleRate, filters: options.filters, options: ['-flush_packets', '0'] },
      signal: stop.signal,
      onData: (chunk) => {
        if (overCap) return;
        const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        const whole = data.length - (data.length % 4);
        carry = Buffer.from(data.subarray(whole));
        const count = whole / 4;
        if (length + count > cap) {
          overCap = true;
          stop.abort(tooLong);
          return;
        }
        if (length + count > samples.length) {
          const grown = new Float32Array(Math.min(cap, Math.max(length + count, samples.length * 2)));
          grown.set(samples.subarray(0, length));
          samples = grown;
        }
        // ffmpeg writes little-endian floats, the byte order of every machine Node runs on here.
        new Uint8Array(samples.buffer, length * 4, whole).set(data.subarray(0, whole));
        length += count;
      },
    });
  } catch (error) {
    if (error === tooLong) throw tooLong;
    throw error instanceof FfmpegError ? new FfmpegError(`ffmpeg could not decode the audio: ${error.message}`) : error;
  }
  if (overCap) throw tooLong;
  return samples.subarray(0, length);
}
