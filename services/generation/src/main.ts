import { runStandalone } from '@innerecho/kit';
import { generationService, ZGenerationEnv } from './index';

runStandalone(generationService(), ZGenerationEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
