import { decodeToFloat, parsePcmWav } from './render/mp3-encoder';
import { SAMPLE_RATE } from './render/output-format';
import { fetchSpeech } from '../data-access/voice-speech-client';
import type { Caller } from '../data-access/upstream-request';

/** The voice service speaks at most this many characters per call. */
export const SPEECH_TEXT_MAX = 2000;
const PIECE_PAUSE_SECONDS = 0.35;

/** Splits a long text at sentence ends (then at spaces) into pieces the voice service accepts. */
export function splitForSpeech(text: string, max = SPEECH_TEXT_MAX): string[] {
  const sentences =
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [];
  const pieces: string[] = [];
  let current = '';
  const push = (s: string) => {
    if (s.trim()) pieces.push(s.trim());
  };
  for (let sentence of sentences) {
    while (sentence.length > max) {
      const cut = sentence.lastIndexOf(' ', max) > 0 ? sentence.lastIndexOf(' ', max) : max;
      push(current);
      current = '';
      push(sentence.slice(0, cut));
      sentence = sentence.slice(cut);
    }
    if ((current + sentence).length > max) {
      push(current);
      current = '';
    }
    current += sentence;
  }
  push(current);
  return pieces;
}

export interface Speech {
  samples: Float32Array;
  /** Engine calls the voice service made for this text (0 when every piece was cached). */
  misses: number;
  voiceId: string;
}

/** The whole text in the caller's voice, as mono float PCM at 44.1 kHz. */
export async function speechForText(voiceUrl: string, caller: Caller, text: string): Promise<Speech> {
  const pieces = splitForSpeech(text);
  const clips: Float32Array[] = [];
  let misses = 0;
  let voiceId = '';
  for (const piece of pieces) {
    const clip = await fetchSpeech(voiceUrl, caller, piece);
    if (clip.cache === 'miss') misses++;
    voiceId = clip.voiceId;
    clips.push(parsePcmWav(clip.wav, SAMPLE_RATE) ?? (await decodeToFloat(clip.wav, 1, SAMPLE_RATE)));
  }
  const pause = Math.round(PIECE_PAUSE_SECONDS * SAMPLE_RATE);
  const total = clips.reduce((sum, c) => sum + c.length, 0) + pause * (clips.length - 1);
  const samples = new Float32Array(total);
  let at = 0;
  for (const clip of clips) {
    samples.set(clip, at);
    at += clip.length + pause;
  }
  return { samples: trimSilence(samples), misses, voiceId };
}

/** Leading and trailing silence would lengthen the pause between repetitions unevenly. */
function trimSilence(samples: Float32Array): Float32Array {
  const threshold = 0.004;
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]) < threshold) start++;
  while (end > start && Math.abs(samples[end - 1]) < threshold) end--;
  // Keep a few milliseconds so consonants are not clipped.
  const margin = Math.round(0.02 * SAMPLE_RATE);
  return samples.subarray(Math.max(0, start - margin), Math.min(samples.length, end + margin));
}
