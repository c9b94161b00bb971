import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { ffmpegPath, ffprobePath } from './ffmpeg-paths';

/** ffmpeg refused or failed: the input is not audio it can read, or the job is impossible. */
export class FfmpegError extends Error {}

/** What ffmpeg writes: a muxer (`format`) and, where it matters, the codec and layout. */
export interface FfmpegOutput {
  /** ffmpeg's muxer name: 's16le', 'f32le', 'mp3', 'wav', 'webm', … */
  format: string;
  codec?: string;
  bitrateKbps?: number;
  sampleRate?: number;
  channels?: number;
  /** An audio filter graph (ffmpeg's -af). */
  filters?: string;
  /** Further encoder or muxer options, as name and value pairs: ['-reservoir', '0']. */
  options?: string[];
}

export interface FfmpegJob {
  /** A file's bytes, headerless PCM (whole, or streamed as it is made), or a file on disk. */
  input: Buffer | AsyncIterable<ArrayBufferView> | { path: string };
  /** Headerless input is 16-bit little-endian PCM of this layout. */
  rawPcm?: { sampleRate: number; channels: number };
  /**
   * Containers such as webm and mp4 may need seeking, which a pipe cannot do: bytes given for
   * a seekable input go through a temporary file.
   */
  seekable?: boolean;
  /** Read at most this many seconds of the input. */
  maxSeconds?: number;
  output: FfmpegOutput;
  /**
   * Where the output goes: handed over piece by piece as it comes (keep `onData` to copying:
   * a slow one fills the pipe and stalls ffmpeg), written to a file, or, by default,
   * collected and returned.
   */
  onData?: (chunk: Buffer) => void;
  toFile?: string;
  /** Aborting kills ffmpeg; the job then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The one way InnerEcho runs ffmpeg: a fluent-ffmpeg command on the binary from the npm
 * package (or FFMPEG_PATH), quiet but for errors, never reading the terminal. Resolves with
 * the collected output (empty when it went to `onData` or a file); rejects with an
 * FfmpegError carrying ffmpeg's own words when it fails.
 */
export async function runFfmpeg(job: FfmpegJob): Promise<Buffer> {
  job.signal?.throwIfAborted();
  const temporary = job.seekable && Buffer.isBuffer(job.input) ? await mkdtemp(join(tmpdir(), 'innerecho-ffmpeg-')) : null;
  try {
    let source: string | Readable;
    if (temporary) {
      source = join(temporary, `in-${randomBytes(4).toString('hex')}`);
      await writeFile(source, job.input as Buffer);
    } else if (Buffer.isBuffer(job.input)) {
      source = Readable.from([job.input]);
    } else if ('path' in job.input) {
      source = job.input.path;
    } else {
      source = Readable.from(asBuffers(job.input), { objectMode: false });
    }
    return await run(job, source);
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}

async function* asBuffers(chunks: AsyncIterable<ArrayBufferView>) {
  for await (const chunk of chunks) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * Children of a service run in a process group of their own (`detached`): a signal meant for
 * the service (SIGTERM or SIGINT to its whole group, as systemd, process managers and a
 * terminal's Ctrl-C send it) never reaches them, so the service decides when their work ends
 * (a render is cancelled at its grace deadline, not cut by its encoder dying first). They
 * still end with the service's work: it kills them when it cancels, and they meet the end of
 * their pipes if the service dies.
 */
export const OWN_PROCESS_GROUP = { detached: true } as const;

/** A fluent-ffmpeg command whose ffmpeg starts in its own process group (fluent-ffmpeg fixes its spawn options). */
function inOwnProcessGroup(command: ffmpeg.FfmpegCommand): ffmpeg.FfmpegCommand {
  const withSpawn = command as unknown as { _spawnFfmpeg: (args: string[], options: object, ...callbacks: unknown[]) => void };
  const spawnFfmpeg = withSpawn._spawnFfmpeg;
  withSpawn._spawnFfmpeg = function (args, options, ...callbacks) {
    return spawnFfmpeg.call(this, args, { ...options, ...OWN_PROCESS_GROUP }, ...callbacks);
  };
  return command;
}

function run(job: FfmpegJob, source: string | Readable): Promise<Buffer> {
  const { output } = job;
  const command = inOwnProcessGroup(ffmpeg({ stdoutLines: 20 }).setFfmpegPath(ffmpegPath()).input(source));
  command.inputOptions(['-hide_banner', '-nostdin', '-loglevel', 'error']);
  if (job.rawPcm) command.inputFormat('s16le').inputOptions(['-ar', String(job.rawPcm.sampleRate), '-ac', String(job.rawPcm.channels)]);
  command.noVideo().format(output.format);
  if (job.maxSeconds) command.duration(job.maxSeconds);
  if (output.codec) command.audioCodec(output.codec);
  if (output.bitrateKbps) command.audioBitrate(output.bitrateKbps);
  if (output.channels) command.audioChannels(output.channels);
  if (output.sampleRate) command.audioFrequency(output.sampleRate);
  if (output.filters) command.audioFilters(output.filters);
  if (output.options?.length) command.outputOptions(...output.options);

  const collected: Buffer[] = [];
  const onData = job.onData ?? ((chunk: Buffer) => collected.push(chunk));
  // fluent-ffmpeg reports 'end' when ffmpeg exits, which may be before the last output has
  // been read from the pipe: the job is done once both have happened.
  let outputDone: Promise<void> = Promise.resolve();
  if (job.toFile) command.output(job.toFile);
  else {
    const sink = new Writable({
      // No 'close' event: fluent-ffmpeg takes a closing output stream as an early exit.
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        onData(chunk);
        done();
      },
    });
    outputDone = new Promise((resolve) => sink.once('finish', resolve));
    command.output(sink, { end: true });
  }

  return new Promise<Buffer>((resolve, reject) => {
    const abort = () => command.kill('SIGKILL');
    command.on('start', () => {
      if (job.signal?.aborted) abort();
    });
    job.signal?.addEventListener('abort', abort, { once: true });
    // The input's own failure (a render cancelled while it feeds the encoder) is what the caller
    // should see, not fluent-ffmpeg's "Input stream error" wrapped around it.
    let inputFailure: unknown;
    if (typeof source !== 'string') source.once('error', (error) => (inputFailure ??= error));
    command.on('error', (error: Error) => {
      job.signal?.removeEventListener('abort', abort);
      if (job.signal?.aborted) reject(job.signal.reason);
      else if (inputFailure) reject(inputFailure);
      else
        reject(
          new FfmpegError(
            error.message
              .replace(/^ffmpeg exited with code \d+: /, '')
              .trim()
              .slice(0, 500) || error.message,
          ),
        );
    });
    command.on('end', () => {
      job.signal?.removeEventListener('abort', abort);
      // The output stream only ever finishes (it has no failure of its own to report).
      void outputDone.then(() => resolve(Buffer.concat(collected)));
    });
    command.run();
  });
}

/** How long a probe may take before the file counts as unreadable. */
const PROBE_TIMEOUT_MS = 30_000;

/**
 * Asks ffprobe (through fluent-ffmpeg) whether a file decodes as audio and how long it
 * really is; null when it does not (or ffprobe cannot tell in time). A name or a
 * Content-Type proves nothing; an audio stream ffprobe can read, with a duration, does.
 */
export function probeAudio(path: string): Promise<{ durationSeconds: number; codec: string } | null> {
  const args = ['-v', 'error', '-select_streams', 'a:0', '-show_streams', '-show_format', '-of', 'json', path];
  return new Promise((resolve) => {
    execFile(ffprobePath(), args, { ...OWN_PROCESS_GROUP, timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (error, stdout) => {
      let data: { streams?: { codec_type?: string; codec_name?: string }[]; format?: { duration?: string } } = {};
      try {
        data = error ? {} : JSON.parse(stdout);
      } catch {
        // Not ffprobe's JSON: nothing it could read.
      }
      const codec = data.streams?.find((stream) => stream.codec_type === 'audio')?.codec_name;
      const duration = Number(data.format?.duration);
      // Images and subtitles can carry "streams" too; only a real audio codec with a length counts.
      if (!codec || !Number.isFinite(duration) || duration <= 0 || /^(png|mjpeg|bmp|gif|webp)$/.test(codec)) resolve(null);
      else resolve({ durationSeconds: Math.max(1, Math.round(duration)), codec });
    });
  });
}
