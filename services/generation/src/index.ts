import { GENERATION_ENDPOINTS } from '@innerecho/contracts';
import { availableParallelism } from 'node:os';
import { defineService, type ServiceModule } from '@innerecho/kit';
import type { GenerationConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { DecodedMusicCache } from './domain/decoded-music-cache';
import { RenderQueue } from './domain/render-queue';
import { RenderReservations } from './domain/render-reservations';
import { RendersInFlight } from './domain/renders-in-flight';
import { objectStorePeriods, PERIOD_SWEEP_EVERY_MS } from './domain/render-period-store';
import { closeMp3Encoders, resolveMp3Encoder } from './domain/render/mp3-encoder';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { libraryEventsConsumer } from './entry-points/events/library-events-consumer';
import { generationPersonalReads, generationRoutes } from './entry-points/http/generation-routes';
import { renderQueueMetrics } from './entry-points/http/render-metrics';

export { ZGenerationEnv, type GenerationConfig } from './config';
export {
  prepareRender,
  renderAffirmationMp3,
  streamAffirmationMp3,
  type RenderInput,
  type RenderOptions,
  type RenderResult,
  type RenderStream,
} from './domain/render/render-affirmation';
// What the benches and the native-module check run, by the package's name (never by a path into it).
export { objectStorePeriods, closeMp3Encoders, resolveMp3Encoder };
export { ArrivingMusic } from './domain/render/arriving-music';
export { MUSIC_LOOP_MAX_SECONDS, renderSignal } from './domain/render/affirmation-signal';
export { encodeMp3 } from './domain/render/mp3-encoder';
export { DEFAULT_PAUSE } from './domain/render/periodic-plan';
export { planAffirmationSessionCycle } from './domain/render/affirmation-session-plan';
export { LibavEncoderPool } from './domain/render/libav-encoder-pool';
export { outputFormatFor, VOICE_ONLY_FORMAT } from './domain/render/output-format';

/** Renders affirmation audio, enforces the daily allowance and keeps users' saved affirmations. */
export function generationService(): ServiceModule<GenerationConfig> {
  return defineService('generation', __dirname, {
    endpoints: GENERATION_ENDPOINTS,
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
      const queueFigures = renderQueueMetrics(context.metrics);
      const queue = new RenderQueue(
        context.config.RENDER_CONCURRENCY ?? availableParallelism(),
        context.config.RENDER_QUEUE_LIMIT,
        queueFigures.turnStarted,
      );
      queueFigures.watch(queue);
      const reservations = new RenderReservations(context);
      reservations.start();
      const inFlight = new RendersInFlight();
      return {
        routes: [generationRoutes(context, { musicCache, periods, queue, reservations, inFlight })],
        personalReads: generationPersonalReads(context),
        consumers: [identityEventsConsumer(context), libraryEventsConsumer(context)],
        // At the end of the grace period renders still running are cancelled: each answers 503,
        // gives its seconds back and removes what it wrote, while its connection and the
        // database are still open. Renders that finished keep sending their MP3.
        cancelUnfinishedWork: async () => {
          const cancelled = await inFlight.cancelAll();
          if (cancelled > 0) context.logger.warn({ cancelled }, 'cancelled renders still running at the end of the grace period');
        },
        // Renders whose listener left are still cleaning up; then the encoder threads stop between messages.
        onStop: async () => {
          clearInterval(sweeping);
          await inFlight.cancelAll();
          await reservations.stop();
          await closeMp3Encoders();
        },
      };
    },
  });
}
