import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '@innerecho/kit';

/** Runs ffmpeg with `args`, the input file given as `{input}`; resolves with stdout. */
export async function runFfmpeg(args: string[], input?: Buffer): Promise<Buffer> {
  // Containers such as webm and mp4 may need seeking, so the input goes to a temporary file.
  const dir = input ? await mkdtemp(join(tmpdir(), 'voice-ffmpeg-')) : null;
  try {
    const inputPath = dir ? join(dir, `in-${randomBytes(4).toString('hex')}`) : '';
    if (dir && input) await writeFile(inputPath, input);
    const finalArgs = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args.map((a) => (a === '{input}' ? inputPath : a))];
    return await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(ffmpegPath(), finalArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(Buffer.concat(out)) : reject(new FfmpegError(err.trim() || `ffmpeg exited with ${code}`)),
      );
    });
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

export class FfmpegError extends Error {}

/** Decodes any audio ffmpeg reads into mono float samples at `sampleRate`. */
export async function decodeToMono(input: Buffer, sampleRate: number, filters?: string): Promise<Float32Array> {
  const raw = await runFfmpeg(
    ['-i', '{input}', '-vn', ...(filters ? ['-af', filters] : []), '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:1'],
    input,
  );
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}
