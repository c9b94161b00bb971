import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@innerecho/kit';
import type { LibraryConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { removeAbandonedUploads, SWEEP_EVERY_MS } from './domain/abandoned-uploads';
import { measureUnmeasuredMusic } from './domain/music-catalogue';
import { seedStarterAffirmations, seedStarterMusic } from './domain/starter-content/seed-starter-content';
import { creatorEventsConsumer, generationEventsConsumer } from './entry-points/events/library-consumers';
import { internalRoutes } from './entry-points/http/internal-routes';
import { libraryRoutes } from './entry-points/http/library-routes';
import { musicRoutes } from './entry-points/http/music-routes';

export { ZLibraryEnv, type LibraryConfig } from './config';

/** Owns transcripts, custom affirmations, background music and creators' public profiles. */
export function libraryService(): ServiceModule<LibraryConfig> {
  return {
    name: 'library',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    async build(context) {
      let seedingMusic: Promise<void> = Promise.resolve();
      const stopSeeding = new AbortController();
      if (context.config.STARTER_CONTENT === 'on') {
        await seedStarterAffirmations({ db: context.db, logger: context.logger });
        // One instance adds them; another starting meanwhile leaves it to that one.
        seedingMusic = context
          .exclusive(
            'starter-music',
            () =>
              seedStarterMusic({
                db: context.db,
                files: context.files,
                logger: context.logger,
                signal: stopSeeding.signal,
                // Test systems (in memory) start and stop by the dozen: rendering is for real installs.
                render: context.config.DATA_DIR !== 'memory://',
              }),
            { skipIfHeld: true },
          )
          .then(() => undefined)
          .catch((error) => {
            if (!stopSeeding.signal.aborted) context.logger.error({ err: error }, 'could not add the starter background music');
          });
      }
      const measuring = seedingMusic
        .then(() => measureUnmeasuredMusic({ db: context.db, files: context.files, signal: stopSeeding.signal }))
        .then(
          (count) => count > 0 && context.logger.info({ count }, 'measured background music added before tracks were measured'),
          (error) => {
            if (!stopSeeding.signal.aborted) context.logger.warn({ err: error }, 'could not measure older background music');
          },
        );
      const sweep = () =>
        removeAbandonedUploads({ files: context.files, logger: context.logger }).catch((error) =>
          context.logger.warn({ err: error }, 'could not remove abandoned music uploads'),
        );
      void sweep();
      const sweeping = setInterval(sweep, SWEEP_EVERY_MS).unref();
      const routes = Router().use(libraryRoutes(context)).use(musicRoutes(context)).use(internalRoutes(context));
      return {
        routes,
        consumers: [creatorEventsConsumer, generationEventsConsumer],
        // The database closes after this: stop a first-start render and let it unwind.
        onStop: async () => {
          clearInterval(sweeping);
          stopSeeding.abort();
          await seedingMusic;
          await measuring;
        },
      };
    },
  };
}
