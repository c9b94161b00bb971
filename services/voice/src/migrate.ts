import { runMigrations } from '@innerecho/kit';
import { voiceService, ZVoiceEnv } from './index';

runMigrations(voiceService(), ZVoiceEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
