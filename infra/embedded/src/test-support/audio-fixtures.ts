import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '@innerecho/kit';

const SR = 44100;

/** A speech-like clip: voiced syllables with gliding pitch and gaps, deterministic. */
export function syntheticSpeech(seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * SR));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const syllable = Math.floor(i / (SR * 0.23));
    const voiced = syllable % 4 !== 3;
    const f0 = 120 + 25 * Math.sin(i / (SR * 0.9)) + 8 * (syllable % 3);
    phase += (2 * Math.PI * f0) / SR;
    const env = voiced ? Math.sin((Math.PI * (i % (SR * 0.23))) / (SR * 0.23)) : 0;
    out[i] = 0.35 * env * (Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase + 0.3));
  }
  return out;
}

/** Interleaved stereo "music": two chords and seeded noise, deterministic. */
export function syntheticMusic(seconds: number): Float32Array {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const frames = Math.round(seconds * SR);
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    const t = i / SR;
    const chord = Math.floor(t / 2) % 2 === 0 ? [220, 277.18, 329.63] : [196, 246.94, 293.66];
    let v = 0;
    for (const f of chord) v += Math.sin(2 * Math.PI * f * t);
    out[2 * i] = 0.12 * v + 0.03 * rnd();
    out[2 * i + 1] = 0.12 * v * 0.9 + 0.03 * rnd();
  }
  return out;
}

/** Writes to `file` an MP3 (128 kb/s) of a steady tone, made by ffmpeg as any uploaded track would be. */
export function writeToneMp3(file: string, { frequencyHz, seconds }: { frequencyHz: number; seconds: number }): void {
  execFileSync(ffmpegPath(), [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequencyHz}:duration=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    file,
  ]);
}

/** Decodes an MP3 as a player would (from a file, so the Info tag's gapless fields apply). */
export function decodeMp3(mp3: Buffer, channels: 1 | 2): Int16Array {
  const dir = mkdtempSync(join(tmpdir(), 'gen-test-'));
  try {
    const file = join(dir, 'in.mp3');
    writeFileSync(file, mp3);
    const pcm = execFileSync(ffmpegPath(), ['-v', 'error', '-i', file, '-f', 's16le', '-ac', String(channels), '-'], {
      maxBuffer: 2 ** 31,
    });
    return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ffmpeg's own complaints about a file (empty when it decodes cleanly). */
export function decodeWarnings(mp3: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'gen-test-'));
  try {
    const file = join(dir, 'in.mp3');
    writeFileSync(file, mp3);
    const result = spawnSync(ffmpegPath(), ['-v', 'warning', '-i', file, '-f', 'null', '-'], {
      encoding: 'utf8',
    });
    return String(result.stderr).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
