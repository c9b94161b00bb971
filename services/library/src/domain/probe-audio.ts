import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffprobePath } from '@innerecho/kit';

const run = promisify(execFile);

/**
 * Asks ffprobe whether the file decodes as audio and how long it really is. A name or a
 * Content-Type proves nothing; an audio stream ffprobe can read, with a duration, does.
 */
export async function probeAudio(path: string): Promise<{ durationSeconds: number; codec: string } | null> {
  try {
    const { stdout } = await run(
      ffprobePath(),
      ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name:format=duration,format_name', '-of', 'json', path],
      { timeout: 30_000, maxBuffer: 1024 * 1024 },
    );
    const info = JSON.parse(stdout) as { streams?: { codec_name?: string }[]; format?: { duration?: string; format_name?: string } };
    const codec = info.streams?.[0]?.codec_name;
    const duration = Number(info.format?.duration);
    // Images and subtitles can carry "streams" too; only a real audio codec with a length counts.
    if (!codec || !Number.isFinite(duration) || duration <= 0 || /^(png|mjpeg|bmp|gif|webp)$/.test(codec)) return null;
    return { durationSeconds: Math.max(1, Math.round(duration)), codec };
  } catch {
    return null;
  }
}
