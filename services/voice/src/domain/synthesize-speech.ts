import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { ZSpeechRequest, type VoiceEngineName } from '@innerecho/contracts';
import { AppError, encodeWav, joinWithPauses, splitSentences, trimSilence, type ObjectStore } from '@innerecho/kit';
import type { VoiceEngines } from '../engines/create-voice-engines';
import { SPEECH_SAMPLE_RATE } from '../engines/voice-engine';
import type { VoiceProfileRecord } from '../data-access/voice-profile-repository';

/** Engines speak a sentence at a time best, and a long one would hit their input limits. */
const SENTENCE_MAX_CHARS = 280;

/** The natural pause between sentences when a text is spoken in parts. */
export const SENTENCE_PAUSE_SECONDS = 0.35;

export const VOICE_NOT_CLONED = () => new AppError(409, 'VOICE_NOT_CLONED', 'Please record and clone your voice first');

export const speechCachePrefix = (voiceId: string) => `speech/${voiceId}/`;
export const speechCacheKey = (voiceId: string, engine: string, text: string) =>
  `${speechCachePrefix(voiceId)}${createHash('sha256')
    .update(engine + text)
    .digest('hex')}.wav`;

export interface SpeechResult {
  wav: Buffer;
  cache: 'hit' | 'miss';
  voiceId: string;
}

/**
 * The speech for a (voice, engine, text) triple, synthesised once and then served from the
 * object store. Concurrent requests for the same triple share one synthesis.
 */
export class SpeechSynthesizer {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(private readonly deps: { files: ObjectStore; engines: VoiceEngines }) {}

  async speak(profile: VoiceProfileRecord | null, input: unknown): Promise<SpeechResult> {
    const { text } = ZSpeechRequest.parse(input);
    if (!profile?.isCloned || !profile.engine || !profile.providerVoiceId) throw VOICE_NOT_CLONED();
    const engine = this.deps.engines.byName(profile.engine as VoiceEngineName);
    if (!engine) {
      throw new AppError(
        503,
        'VOICE_ENGINE_UNAVAILABLE',
        'Your voice was cloned with a voice engine that is not configured right now. Please re-record your voice.',
      );
    }
    const key = speechCacheKey(profile.voiceId, engine.name, text);
    const cached = await this.deps.files.get(key);
    if (cached) {
      return { wav: await buffer(cached.body), cache: 'hit', voiceId: profile.voiceId };
    }
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const clips = await engine.speak({
          voice: { providerVoiceId: profile.providerVoiceId!, settings: profile.engineSettings },
          texts: splitSentences(text, SENTENCE_MAX_CHARS),
        });
        const wav = encodeWav(
          joinWithPauses(
            // Engines pad clips with silence of their own; the pause between sentences is ours to set.
            clips.map((clip) => trimSilence(clip, { sampleRate: SPEECH_SAMPLE_RATE, marginSeconds: 0.01 })),
            SENTENCE_PAUSE_SECONDS,
            SPEECH_SAMPLE_RATE,
          ),
          SPEECH_SAMPLE_RATE,
        );
        await this.deps.files.put(key, wav, 'audio/wav');
        return wav;
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { wav: await pending, cache: 'miss', voiceId: profile.voiceId };
  }
}
