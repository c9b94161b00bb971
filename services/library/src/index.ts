import { LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import type { RequestHandler } from 'express';
import { defineService, ReadCache, startUnusedUploadSweeper, type EventHandler, type ServiceModule } from '@innerecho/kit';
import type { LibraryConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { removeAbandonedUploads, SWEEP_EVERY_MS } from './domain/abandoned-uploads';
import { prepareUnpreparedMusic, MUSIC_UPLOADS_PREFIX } from './domain/music-catalogue';
import { seedStarterAffirmations, seedStarterMusic } from './domain/starter-content/seed-starter-content';
import { creatorEventsConsumer, generationEventsConsumer, identityEventsConsumer } from './entry-points/events/library-consumers';
import { internalRoutes } from './entry-points/http/internal-routes';
import { libraryRoutes } from './entry-points/http/library-routes';
import { musicRoutes } from './entry-points/http/music-routes';

export { ZLibraryEnv, type LibraryConfig } from './config';

/** Owns transcripts, custom affirmations, background music and creators' public profiles. */
export function libraryService(): ServiceModule<LibraryConfig> {
  return defineService('library', __dirname, {
    endpoints: LIBRARY_ENDPOINTS,
    tables: { outbox, inbox },
    async build(context) {
      const reads = new ReadCache({ ttlMs: context.config.READ_CACHE_MS });
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
                render: context.config.STARTER_MUSIC === 'render',
              }),
            { skipIfHeld: true },
          )
          .then(() => undefined)
          .catch((error) => {
            if (!stopSeeding.signal.aborted) context.logger.error({ err: error }, 'could not add the starter background music');
          });
      }
      const measuring = seedingMusic
        .then(() => reads.invalidate())
        .then(() => prepareUnpreparedMusic({ db: context.db, files: context.files, signal: stopSeeding.signal }))
        .then(
          (count) =>
            count > 0 && context.logger.info({ count }, 'decoded and measured background music added before tracks were decoded on upload'),
          (error) => {
            if (!stopSeeding.signal.aborted) context.logger.warn({ err: error }, 'could not prepare older background music');
          },
        )
        .finally(() => reads.invalidate());
      const sweep = () =>
        removeAbandonedUploads({ files: context.files, logger: context.logger }).catch((error) =>
          context.logger.warn({ err: error }, 'could not remove abandoned music uploads'),
        );
      void sweep();
      const sweeping = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
      // A whole file PUT for a track that was never added.
      const unusedUploads = startUnusedUploadSweeper({
        files: context.files,
        prefixes: [MUSIC_UPLOADS_PREFIX],
        maxAgeSeconds: context.config.UNUSED_UPLOAD_MAX_AGE_SECONDS,
        logger: context.logger,
        metrics: context.metrics,
      });
      return {
        beforeRoutes: [invalidateAfterWrites(reads)],
        routes: [libraryRoutes(context, reads), musicRoutes(context, reads), internalRoutes(context)],
        readCacheAnswers: reads.answerFromCache(),
        consumers: [creatorEventsConsumer, generationEventsConsumer, identityEventsConsumer].map((consumer) =>
          invalidatingConsumer(consumer, reads),
        ),
        // The database closes after this: stop a first-start render and let it unwind.
        onStop: async () => {
          clearInterval(sweeping);
          unusedUploads.stop();
          stopSeeding.abort();
          await seedingMusic;
          await measuring;
        },
      };
    },
  });
}

/**
 * Every write answered (whatever it changed) drops the kept reads, once it has committed
 * (the answer is sent after the commit). Writes are rare next to reads: a finer rule is not
 * worth its risk.
 */
function invalidateAfterWrites(reads: ReadCache): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.on('finish', () => reads.invalidate());
    next();
  };
}

/**
 * An event handled here changes what the reads answer (a creator's profile, a play count).
 * The handler runs inside the consumer's transaction, which commits just after: the reads
 * are dropped now and once more a moment later, so a read made in between is not kept.
 */
function invalidatingConsumer(consumer: { name: string; handlers: EventHandler<any>[] }, reads: ReadCache) {
  return {
    name: consumer.name,
    handlers: consumer.handlers.map((handler) => ({
      contract: handler.contract,
      handle: async (...args: Parameters<EventHandler<any>['handle']>) => {
        await handler.handle(...args);
        reads.invalidate();
        setTimeout(() => reads.invalidate(), AFTER_COMMIT_MS).unref();
      },
    })),
  };
}

/** Longer than a consumer's commit takes; shorter than anyone would notice. */
const AFTER_COMMIT_MS = 200;
