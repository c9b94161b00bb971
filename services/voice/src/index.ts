import { VOICE_ENDPOINTS } from '@innerecho/contracts';
import { defineService, startUnusedUploadSweeper, type ServiceModule } from '@innerecho/kit';
import type { VoiceConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { SpeechSynthesizer } from './domain/synthesize-speech';
import { createVoiceEngines } from './engines/create-voice-engines';
import { meteredVoiceEngines } from './engines/metered-voice-engine';
import { stopEspeak } from './engines/espeak';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { internalSpeechRoutes, voicePersonalReads, voiceProfileRoutes } from './entry-points/http/voice-profile-routes';
import { UPLOADS_PREFIX } from './domain/voice-use-cases';

export { ZVoiceEnv, type VoiceConfig } from './config';
// The local engine's speech, which tests use to make recorded-like voice samples.
export { espeakSpeak, stopEspeak, type EspeakVoice } from './engines/espeak';
export { LocalVoiceEngine } from './engines/local-voice-engine';

/** Owns voice samples, consent and clones, and the engines that clone and speak. */
export function voiceService(): ServiceModule<VoiceConfig> {
  return defineService('voice', __dirname, {
    endpoints: VOICE_ENDPOINTS,
    tables: { outbox, inbox },
    async build(context) {
      const engines = await createVoiceEngines(context.config, context.logger, meteredVoiceEngines(context.metrics));
      const speech = new SpeechSynthesizer({ files: context.files, engines });
      const deps = { context, engines, speech };
      context.logger.info({ engine: engines.current.name }, 'voice engine for new clones');
      const sweeper = startUnusedUploadSweeper({
        files: context.files,
        prefixes: [UPLOADS_PREFIX],
        maxAgeSeconds: context.config.UNUSED_UPLOAD_MAX_AGE_SECONDS,
        logger: context.logger,
        metrics: context.metrics,
      });
      return {
        routes: [voiceProfileRoutes(deps), internalSpeechRoutes(deps)],
        personalReads: voicePersonalReads(deps),
        consumers: [identityEventsConsumer({ context, engines })],
        onStop: async () => {
          sweeper.stop();
          stopEspeak();
        },
      };
    },
  });
}
