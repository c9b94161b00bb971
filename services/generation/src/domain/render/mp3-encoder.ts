import { spawn } from 'node:child_process';
import { decodeToPcm16, ffmpegPath } from '@innerecho/kit';
import { LibavEncoderPool } from './libav-encoder-pool';
import type { OutputFormat } from './output-format';

/**
 * Which build of LAME encodes: 'libav' is the one inside the FFmpeg libraries node-av ships
 * (in worker threads, about 2.7x faster than the ffmpeg 4.1 binary from npm); 'ffmpeg' is the
 * ffmpeg binary (FFMPEG_PATH, or the npm one) through a pipe; 'auto' takes libav when it loads
 * on this machine, else ffmpeg.
 */
export type Mp3EncoderChoice = 'auto' | 'libav' | 'ffmpeg';

export interface EncodeOptions {
  /**
   * LAME's bit reservoir. Off for anything whose frames are copied: with it on, a frame may
   * borrow bytes from the frame before it, which is not there after a copy.
   */
  reservoir?: boolean;
  encoder?: Mp3EncoderChoice;
}

let libavPool: LibavEncoderPool | null = null;
const libav = () => (libavPool ??= new LibavEncoderPool());

/** The encoder `choice` resolves to here, and why when libav is not it. */
export async function resolveMp3Encoder(choice: Mp3EncoderChoice = 'auto'): Promise<{ encoder: 'libav' | 'ffmpeg'; note?: string }> {
  if (choice === 'ffmpeg') return { encoder: 'ffmpeg' };
  const { available, reason } = await libav().available();
  if (available) return { encoder: 'libav' };
  if (choice === 'libav') throw new Error(`The libav MP3 encoder (node-av) cannot load here: ${reason}`);
  return { encoder: 'ffmpeg', note: `node-av cannot load here (${reason}); encoding with the ffmpeg binary` };
}

/** Stops the encoder workers once they are idle; the next encode starts new ones. */
export async function closeMp3Encoders() {
  const pool = libavPool;
  libavPool = null;
  await pool?.close();
}

/** Seconds of PCM per chunk handed to an encoder when the caller passes one array. */
const CHUNK_SECONDS = 5;

/**
 * Encodes interleaved 16-bit PCM to bare MP3 frames (CBR, no ID3, no Xing/Info frame:
 * the caller writes one Info tag for the whole file). Streamed chunks are handed over: the
 * caller must not reuse them.
 */
export async function encodeMp3(
  pcm: Int16Array | AsyncIterable<Int16Array>,
  format: OutputFormat,
  options: EncodeOptions = {},
): Promise<Buffer> {
  const { encoder } = await resolveMp3Encoder(options.encoder);
  if (encoder === 'ffmpeg') return encodeWithFfmpeg(pcm, format, options);
  return libav().encode(pcm instanceof Int16Array ? copiedChunks(pcm, format) : pcm, format, !!options.reservoir);
}

async function* copiedChunks(pcm: Int16Array, format: OutputFormat) {
  const step = CHUNK_SECONDS * format.sampleRate * format.channels;
  for (let at = 0; at < pcm.length; at += step) yield pcm.slice(at, at + step);
}

function encodeWithFfmpeg(pcm: Int16Array | AsyncIterable<Int16Array>, format: OutputFormat, options: EncodeOptions): Promise<Buffer> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    's16le',
    '-ar',
    String(format.sampleRate),
    '-ac',
    String(format.channels),
    '-i',
    'pipe:0',
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${format.bitrateKbps}k`,
    '-reservoir',
    options.reservoir ? '1' : '0',
    '-write_xing',
    '0',
    '-id3v2_version',
    '0',
    '-f',
    'mp3',
    'pipe:1',
  ];
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}: ${Buffer.concat(errors).toString().trim().slice(0, 500)}`));
    });
    // A failed ffmpeg closes its stdin; the exit code above carries the reason.
    child.stdin.on('error', () => undefined);
    writeAll(child.stdin, pcm).then(
      () => child.stdin.end(),
      (error) => {
        child.kill('SIGKILL');
        reject(error);
      },
    );
  });
}

async function writeAll(stream: NodeJS.WritableStream, pcm: Int16Array | AsyncIterable<Int16Array>) {
  const chunks: AsyncIterable<Int16Array> | Int16Array[] = pcm instanceof Int16Array ? [pcm] : pcm;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!stream.write(bytes)) await new Promise((resolve) => stream.once('drain', resolve));
  }
}

/** As decodeToPcm16, as floats in -1..1. */
export async function decodeToFloat(bytes: Buffer, channels: 1 | 2, sampleRate: number, maxSeconds?: number): Promise<Float32Array> {
  const pcm = await decodeToPcm16(bytes, channels, sampleRate, maxSeconds);
  const samples = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i] / 32768;
  return samples;
}

/** Reads 16-bit PCM mono WAV (the voice service's format) without a process; null for anything else. */
export function parsePcmWav(bytes: Buffer, sampleRate: number): Float32Array | null {
  if (bytes.length < 44 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let fmtOk = false;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const audioFormat = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      const rate = bytes.readUInt32LE(body + 4);
      const bits = bytes.readUInt16LE(body + 14);
      fmtOk = audioFormat === 1 && channels === 1 && rate === sampleRate && bits === 16;
      if (!fmtOk) return null;
    } else if (id === 'data' && fmtOk) {
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: take what is there.
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      const count = Math.floor(size / 2);
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = bytes.readInt16LE(body + 2 * i) / 32768;
      return out;
    }
    offset = body + size + (size & 1);
  }
  return null;
}
