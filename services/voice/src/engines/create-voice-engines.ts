import type { Logger } from '@innerecho/kit';
import type { VoiceConfig } from '../config';
import { LocalVoiceEngine } from './local-voice-engine';
import type { VoiceEngineName } from '@innerecho/contracts';
import type { VoiceEngine } from './voice-engine';

export interface VoiceEngines {
  /** The engine new clones use: ElevenLabs when a key is configured, else the local engine. */
  current: VoiceEngine;
  /** A voice keeps speaking with the engine that made it. */
  byName(name: VoiceEngineName): VoiceEngine | null;
}

/**
 * `meter` wraps each engine (metrics); by default they are used as they are. The ElevenLabs
 * SDK is loaded only when a key is configured: it is large (over a second of start-up).
 */
export async function createVoiceEngines(
  config: VoiceConfig,
  logger?: Logger,
  meter: (engine: VoiceEngine) => VoiceEngine = (e) => e,
): Promise<VoiceEngines> {
  const local = meter(new LocalVoiceEngine());
  const apiKey = config.ELEVENLABS_API_KEY;
  let elevenlabs: VoiceEngine | null = null;
  if (apiKey) {
    const { ElevenLabsVoiceEngine } = await import('./elevenlabs-voice-engine');
    elevenlabs = meter(
      new ElevenLabsVoiceEngine({ apiKey, baseUrl: config.ELEVENLABS_BASE_URL, modelId: config.ELEVENLABS_MODEL_ID, logger }),
    );
  }
  return {
    current: elevenlabs ?? local,
    byName: (name) => (name === 'local' ? local : name === 'elevenlabs' ? elevenlabs : null),
  };
}
