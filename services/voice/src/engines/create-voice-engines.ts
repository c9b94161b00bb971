import type { Logger } from '@innerecho/kit';
import type { VoiceConfig } from '../config';
import { ElevenLabsVoiceEngine } from './elevenlabs-voice-engine';
import { LocalVoiceEngine } from './local-voice-engine';
import type { VoiceEngineName } from '@innerecho/contracts';
import type { VoiceEngine } from './voice-engine';

export interface VoiceEngines {
  /** The engine new clones use: ElevenLabs when a key is configured, else the local engine. */
  current: VoiceEngine;
  /** A voice keeps speaking with the engine that made it. */
  byName(name: VoiceEngineName): VoiceEngine | null;
}

/** `meter` wraps each engine (metrics); by default they are used as they are. */
export function createVoiceEngines(
  config: VoiceConfig,
  logger?: Logger,
  meter: (engine: VoiceEngine) => VoiceEngine = (e) => e,
): VoiceEngines {
  const local = meter(new LocalVoiceEngine());
  const elevenlabs = config.ELEVENLABS_API_KEY
    ? meter(
        new ElevenLabsVoiceEngine({
          apiKey: config.ELEVENLABS_API_KEY,
          baseUrl: config.ELEVENLABS_BASE_URL,
          modelId: config.ELEVENLABS_MODEL_ID,
          logger,
        }),
      )
    : null;
  return {
    current: elevenlabs ?? local,
    byName: (name) => (name === 'local' ? local : name === 'elevenlabs' ? elevenlabs : null),
  };
}
