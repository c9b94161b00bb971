import { join } from 'node:path';
import type { ServiceModule } from '@innerecho/kit';
import type { VoiceConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { voiceProfileRoutes } from './entry-points/http/voice-profile-routes';

export { ZVoiceEnv, type VoiceConfig } from './config';

/** Owns voice samples, consent and clones, and the engines that clone and speak. */
export function voiceService(): ServiceModule<VoiceConfig> {
  return {
    name: 'voice',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build(context) {
      return { routes: voiceProfileRoutes(context) };
    },
  };
}
