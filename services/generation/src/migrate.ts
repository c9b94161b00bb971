import { runMigrations } from '@innerecho/kit';
import { generationService, ZGenerationEnv } from './index';

runMigrations(generationService(), ZGenerationEnv).catch((error) => {
  console.error(error);
  process.exit(1);
});
