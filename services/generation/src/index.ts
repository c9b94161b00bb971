import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ServiceModule } from '@innerecho/kit';
import type { GenerationConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { DecodedMusicCache } from './domain/decoded-music-cache';
import { RenderQueue } from './domain/render-queue';
import { objectStorePeriods, PERIOD_SWEEP_EVERY_MS } from './domain/render-period-store';
import { closeMp3Encoders, resolveMp3Encoder } from './domain/render/mp3-encoder';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { generationPersonalReads, generationRoutes } from './entry-points/http/generation-routes';

export { ZGenerationEnv, type GenerationConfig } from './config';
export { renderAffirmationMp3, type RenderInput, type RenderOptions, type RenderResult } from './domain/render/render-affirmation';

/** Renders affirmation audio, enforces the daily allowance and keeps users' saved affirmations. */
export function generationService(): ServiceModule<GenerationConfig> {
  return {
    name: 'generation',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build(context) {
      // Starts the first encoder worker now (the first render should not wait for it) and says
      // which LAME build renders here.
      resolveMp3Encoder(context.config.RENDER_ENCODER).then(
        ({ encoder, note }) => context.logger.info({ encoder, note }, 'MP3 encoder ready'),
        (error: Error) => context.logger.error({ err: error }, 'The MP3 encoder RENDER_ENCODER asks for cannot load; renders will fail'),
      );
      const musicCache = new DecodedMusicCache(context.config.MUSIC_CACHE_MB * 1024 * 1024);
      const periods = objectStorePeriods(context.files, context.logger);
      void periods.sweep();
      const sweeping = setInterval(() => void periods.sweep(), PERIOD_SWEEP_EVERY_MS).unref();
      const queue = new RenderQueue(context.config.RENDER_CONCURRENCY ?? availableParallelism(), context.config.RENDER_QUEUE_LIMIT);
      return {
        routes: generationRoutes(context, { musicCache, periods, queue }),
        personalReads: generationPersonalReads(context),
        consumers: [identityEventsConsumer(context)],
        onStop: async () => {
          clearInterval(sweeping);
          await closeMp3Encoders();
        },
      };
    },
  };
}
