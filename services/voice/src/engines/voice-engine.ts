import type { VoiceEngineName } from '@innerecho/contracts';

/**
 * What the voice service needs from a voice engine: make a voice from a prepared sample,
 * speak a text with it, and forget it. Two implementations: ElevenLabs (a true clone) and
 * the embedded local engine (espeak-ng matched to the sample's pitch and timbre).
 */

/** Speech is mono at this rate everywhere in the service, and in the 16-bit WAVs /internal/speech answers. */
export const SPEECH_SAMPLE_RATE = 44_100;

export interface ClonedVoice {
  /** The provider's id for the voice (ElevenLabs voice_id; the local engine's own id). */
  providerVoiceId: string;
  /** Engine-specific settings kept with the profile (the local engine's matched parameters). */
  settings: Record<string, unknown> | null;
}

export interface VoiceEngine {
  readonly name: VoiceEngineName;
  /** `sampleWav`: the trimmed, loudness-normalised sample, 16-bit mono 44.1 kHz WAV. */
  clone(input: { voiceId: string; sampleWav: Buffer; label: string }): Promise<ClonedVoice>;
  /** Speaks each text (a sentence or two); one clip per text, mono float samples at 44.1 kHz. */
  speak(input: { voice: ClonedVoice; texts: string[] }): Promise<Float32Array[]>;
  delete(voice: ClonedVoice): Promise<void>;
}
