import { join } from 'node:path';
import type { ServiceModule } from '@innerecho/kit';
import type { GenerationConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { generationRoutes } from './entry-points/http/generation-routes';

export { ZGenerationEnv, type GenerationConfig } from './config';
export { renderAffirmationMp3, type RenderInput, type RenderOptions, type RenderResult } from './domain/render/render-affirmation';

/** Renders affirmation audio, enforces the daily allowance and keeps users' saved affirmations. */
export function generationService(): ServiceModule<GenerationConfig> {
  return {
    name: 'generation',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build(context) {
      return { routes: generationRoutes(context) };
    },
  };
}
