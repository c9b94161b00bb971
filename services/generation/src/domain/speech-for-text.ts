import { SPEECH_TEXT_MAX } from '@innerecho/contracts';
import { decodeToFloat, decodeWav, joinWithPauses, splitSentences, trimSilence } from '@innerecho/kit';
import { SAMPLE_RATE } from './render/output-format';
import { fetchSpeech } from '../data-access/voice-speech-client';
import type { Caller } from '../data-access/upstream-request';

const PIECE_PAUSE_SECONDS = 0.35;

/**
 * A long text as pieces the voice service accepts: whole sentences (the kit's splitter),
 * packed together up to the limit so a text costs as few calls as it can.
 */
export function splitForSpeech(text: string, max = SPEECH_TEXT_MAX): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text, max)) {
    if (current && current.length + 1 + sentence.length > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  // Nothing speakable (punctuation only): the voice service answers for it as it would.
  return pieces.length ? pieces : [text.trim()];
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
    clips.push(await speechSamples(clip.wav));
  }
  const samples = joinWithPauses(clips, PIECE_PAUSE_SECONDS, SAMPLE_RATE);
  // Leading and trailing silence would lengthen the pause between repetitions unevenly.
  return { samples: trimSilence(samples, { sampleRate: SAMPLE_RATE, marginSeconds: 0.02 }), misses, voiceId };
}

/** The voice service answers 16-bit mono WAV at the render's rate; anything else goes through ffmpeg. */
function speechSamples(wav: Buffer): Promise<Float32Array> | Float32Array {
  const clip = decodeWav(wav);
  if (clip && clip.channels === 1 && clip.sampleRate === SAMPLE_RATE) return clip.samples;
  return decodeToFloat(wav, 1, SAMPLE_RATE);
}
