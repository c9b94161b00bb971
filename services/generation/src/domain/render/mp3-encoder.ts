import { runFfmpeg } from '@innerecho/kit';
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

/** The fallback: the ffmpeg binary's LAME, the PCM streamed to it as it is made. */
function encodeWithFfmpeg(pcm: Int16Array | AsyncIterable<Int16Array>, format: OutputFormat, options: EncodeOptions): Promise<Buffer> {
  return runFfmpeg({
    input: pcm instanceof Int16Array ? Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength) : pcm,
    rawPcm: { sampleRate: format.sampleRate, channels: format.channels },
    output: {
      format: 'mp3',
      codec: 'libmp3lame',
      bitrateKbps: format.bitrateKbps,
      // Bare frames: the render writes one Info tag for the whole file itself.
      options: ['-reservoir', options.reservoir ? '1' : '0', '-write_xing', '0', '-id3v2_version', '0'],
    },
  });
}
