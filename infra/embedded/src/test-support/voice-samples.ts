import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeWav, ffmpegPath, runFfmpeg } from '@innerecho/kit';
import { espeakSpeak, type EspeakVoice } from '@innerecho/voice';

/** A recorded-like sample: espeak-ng reading `sentences` of the five sample sentences in turn, as webm/opus like a browser's. */
export async function spokenSample(options: { sentences?: number; voice?: Partial<EspeakVoice>; format?: 'webm' | 'wav' } = {}) {
  const voice: EspeakVoice = { pitchBaseHz: 95, pitchTopHz: 135, formantPercent: 100, speed: 130, ...options.voice };
  const count = options.sentences ?? 10;
  const text = Array.from({ length: count }, (_, i) => VOICE_SAMPLE_SENTENCES[i % VOICE_SAMPLE_SENTENCES.length]).join(' ');
  const [wav] = await espeakSpeak(voice, [text]);
  if (options.format === 'wav') return wav;
  return toWebm(wav);
}

export const toWebm = (input: Buffer) =>
  runFfmpeg({ input, seekable: true, output: { format: 'webm', codec: 'libopus', bitrateKbps: 64 } });

/** `seconds` of digital silence (with a whisper of noise, as a real muted microphone gives). */
export function silentSample(seconds: number) {
  const samples = new Float32Array(Math.round(seconds * 44100));
  for (let i = 0; i < samples.length; i++) samples[i] = (Math.random() - 0.5) * 0.0004;
  return toWebm(encodeWav(samples, 44100));
}

/** A voice-like tone driven far past full scale: a badly clipped recording. */
export function clippedSample(seconds: number) {
  const samples = new Float32Array(Math.round(seconds * 44100));
  for (let i = 0; i < samples.length; i++) {
    const t = i / 44100;
    const syllable = Math.sin(2 * Math.PI * 3 * t) > -0.3 ? 1 : 0;
    samples[i] = syllable * Math.max(-1, Math.min(1, 4 * Math.sin(2 * Math.PI * 140 * t) + Math.sin(2 * Math.PI * 280 * t)));
  }
  return encodeWav(samples, 44100);
}

/**
 * A decode bomb: `seconds` of digital silence as FLAC with the largest frames FLAC allows, so
 * hours fit in a few kilobytes (4 hours at 8 kHz: about 33 KB), yet decode to gigabytes.
 * `statesLength: false` writes it as a stream would (no total in its header), so only
 * decoding tells how long it is.
 */
export async function silentFlac(seconds: number, { sampleRate = 8000, statesLength = true } = {}): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'silent-flac-'));
  try {
    const out = join(dir, 'bomb.flac');
    const args = ['-v', 'error', '-f', 'lavfi', '-i', `anullsrc=r=${sampleRate}:cl=mono`, '-t', String(seconds)];
    args.push('-c:a', 'flac', '-frame_size', '65535', '-f', 'flac', statesLength ? out : 'pipe:1');
    const { stdout } = await promisify(execFile)(ffmpegPath(), args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
    return statesLength ? await readFile(out) : stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
