import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { encodeWav, runFfmpeg } from '@innerecho/kit';
import { espeakSpeak, type EspeakVoice } from '../src/engines/espeak';

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
