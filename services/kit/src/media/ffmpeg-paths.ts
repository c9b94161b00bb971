/**
 * The ffmpeg and ffprobe binaries: FFMPEG_PATH / FFPROBE_PATH when set, otherwise the
 * static builds shipped inside npm packages (@ffmpeg-installer, @ffprobe-installer), so a
 * fresh `npm install` can render audio with no system packages.
 */
export function ffmpegPath(): string {
  // Loaded only when no binary is configured: the package's binary is then the one used.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return process.env.FFMPEG_PATH || (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return process.env.FFPROBE_PATH || (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}
