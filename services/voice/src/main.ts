import { runStandalone } from '@innerecho/kit';
import { voiceService, ZVoiceEnv } from './index';

runStandalone(voiceService(), ZVoiceEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
