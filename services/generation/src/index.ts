import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@innerecho/kit';
import type { GenerationConfig } from './config';
import { inbox, outbox } from './data-access/schema';

export { ZGenerationEnv, type GenerationConfig } from './config';

/** Renders affirmation audio, enforces the daily allowance and keeps users' saved affirmations. */
export function generationService(): ServiceModule<GenerationConfig> {
  return {
    name: 'generation',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build() {
      return { routes: Router() };
    },
  };
}
