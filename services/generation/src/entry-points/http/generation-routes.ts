import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Request, type Response } from 'express';
import { ZAffirmationSessionRequest, ZGenerateAudioRequest, ZMixPreviewRequest, GENERATION_ENDPOINTS } from '@innerecho/contracts';
import { mountPersonalReads, requireUser, sendStoredObject, type PersonalRead, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { GenerationConfig } from '../../config';
import type { DecodedMusicCache } from '../../domain/decoded-music-cache';
import type { PeriodStore } from '../../domain/render/render-affirmation';
import { readDailyAllowance } from '../../domain/daily-allowance';
import { generateAffirmationAudio } from '../../domain/generate-affirmation-audio';
import type { GeneratedAudio, RenderJob } from '../../domain/render-turn';
import { generateAffirmationSession } from '../../domain/affirmation-session';
import { previewMix } from '../../domain/mix-preview';
import { PREVIEW_RETRY_AFTER_SECONDS, RENDER_QUEUE_RETRY_AFTER_SECONDS, type RenderQueue } from '../../domain/render-queue';
import type { RenderReservations } from '../../domain/render-reservations';
import { RESTART_RETRY_AFTER_SECONDS, type RendersInFlight } from '../../domain/renders-in-flight';
import { describeStreak, recordPlay } from '../../domain/listening-streak';
import { describeOwnRecording, openOwnRecording, removeOwnRecording, saveOwnRecording } from '../../domain/own-recordings';
import {
  deleteSavedAffirmation,
  listOwnSavedAffirmations,
  openSavedAudio,
  updateOwnSavedAffirmation,
} from '../../domain/saved-affirmations';
import { renderMetrics } from './render-metrics';

const caller = (req: Request) => ({ token: req.sessionToken!, requestId: req.requestId });

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The listener's own reads the generate and library screens make on every visit: answered
 * before Express when the session is valid (see `personalReadLane`), by these routes otherwise.
 */
export function generationPersonalReads(context: ServiceContext<GenerationConfig>): PersonalRead[] {
  return [
    // Today's share of the daily hour, for the duration sliders.
    {
      path: '/api/generate-audio/allowance',
      headers: NO_STORE,
      answer: async (req) => readDailyAllowance(context.db, requireUser(req).id),
    },
    {
      path: '/api/saved-affirmations/:sessionId',
      answer: async (req) => {
        const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
        return listOwnSavedAffirmations(context, user.id, req.params.sessionId);
      },
    },
    // The listening streak: days in a row with a play of a saved affirmation, in the listener's time zone.
    {
      path: '/api/saved-affirmations/:sessionId/streak',
      headers: NO_STORE,
      answer: async (req) => {
        const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
        return describeStreak(context, user.id, req.query.timeZone);
      },
    },
    // The listener's own reading of an affirmation (a transcript id, or custom-{id}).
    {
      path: '/api/own-recordings/:sessionId/:affirmationId',
      headers: NO_STORE,
      answer: async (req) => {
        const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
        return describeOwnRecording(context, user.id, req.params.sessionId, req.params.affirmationId);
      },
    },
  ];
}

export function generationRoutes(
  context: ServiceContext<GenerationConfig>,
  parts: {
    musicCache: DecodedMusicCache;
    periods?: PeriodStore;
    queue: RenderQueue;
    reservations: RenderReservations;
    inFlight: RendersInFlight;
  },
) {
  const { musicCache, periods, queue, reservations, inFlight } = parts;
  const router = declaredRoutes(GENERATION_ENDPOINTS);
  const renders = renderMetrics(context.metrics);
  mountPersonalReads(router, generationPersonalReads(context));

  /**
   * A render that saves an item, answered the same way whether it is one affirmation or an
   * affirmation session (several in order, repeated): 201 with the MP3, streamed run by run.
   */
  const renderRoute = <TRequest extends { sessionId: string }>(
    path: 'POST /api/generate-audio' | 'POST /api/generate-audio/session',
    parse: (body: unknown) => TRequest,
    render: (job: RenderJob<TRequest>) => Promise<GeneratedAudio>,
  ) =>
    router.handle(path, async (req, res) => {
      const request = parse(req.body ?? {});
      const user = await context.sessionOwnership.assertOwner(req, request.sessionId);
      await context.entitlements.require(req);
      const timed = renders.start();
      const listenerLeft = abortWhenClosed(res);
      const job = { context, userId: user.id, caller: caller(req), request, musicCache, periods, queue, reservations };
      const result = await inFlight
        .run(listenerLeft, (signal) => render({ ...job, signal, logger: req.log ?? context.logger }))
        .catch((error) => {
          if (listenerLeft.aborted) return null;
          renders.failed(typeof error?.status === 'number' ? error.status : 500);
          setRetryAfter(res, error);
          throw error;
        });
      if (!result) {
        // The listener left before the file was whole: nothing was kept or charged, no one to answer.
        (req.log ?? context.logger).info('listener left during the render; nothing saved');
        return;
      }
      timed();
      renders.saved(result.saved.audioDurationSeconds, result.speechMisses);
      res.status(201);
      res.setHeader('content-type', 'audio/mpeg');
      res.setHeader('content-length', String(result.size));
      res.setHeader('x-saved-affirmation-id', result.saved.id);
      res.setHeader('x-speech-engine-calls', String(result.speechMisses));
      // Whether the loop period was copied from an earlier render of the same speech and music.
      res.setHeader('x-render-period', result.period);
      res.setHeader('x-speech-voice', result.saved.voiceSource);
      // A session's length follows its speech when it was asked as repetitions.
      res.setHeader('x-audio-duration-seconds', String(result.saved.audioDurationSeconds));
      // Run by run with backpressure: the kept period is written once per repetition, never joined.
      await pipeline(Readable.from(result.runs.map((run) => Buffer.from(run.buffer, run.byteOffset, run.byteLength))), res).catch(
        () => undefined,
      ); // a listener leaving now keeps the saved affirmation (it is in their library)
    });

  renderRoute('POST /api/generate-audio', (body) => ZGenerateAudioRequest.parse(body), generateAffirmationAudio);
  renderRoute('POST /api/generate-audio/session', (body) => ZAffirmationSessionRequest.parse(body), generateAffirmationSession);

  // Where the caller's waiting render stands in the render queue (the Generate page shows it while waiting).
  router.handle('GET /api/generate-audio/queue', (req, res) => {
    const user = requireUser(req);
    res.setHeader('cache-control', 'no-store');
    res.json(queue.placeOf(user.id));
  });

  // A few seconds of the mix at a balance, before generating: no allowance, nothing saved.
  router.handle('POST /api/generate-audio/preview', async (req, res) => {
    const request = ZMixPreviewRequest.parse(req.body ?? {});
    const user = await context.sessionOwnership.assertOwner(req, request.sessionId);
    await context.entitlements.require(req);
    const listenerLeft = abortWhenClosed(res);
    const mp3 = await inFlight
      .run(listenerLeft, (signal) => previewMix({ context, userId: user.id, caller: caller(req), request, musicCache, queue, signal }))
      .catch((error) => {
        if (listenerLeft.aborted) return null;
        setRetryAfter(res, error);
        throw error;
      });
    if (!mp3) return; // the listener left: no one to answer
    res.setHeader('content-type', 'audio/mpeg');
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-length', String(mp3.length));
    res.end(mp3);
  });

  router.handle('POST /api/saved-affirmations/:sessionId/:id/plays', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    res.status(201).json(await recordPlay(context, { userId: user.id, savedId: req.params.id, body: req.body }));
  });

  router.handle('PATCH /api/saved-affirmations/:sessionId/:id', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    res.json(
      await updateOwnSavedAffirmation(context, { ownerId: user.id, sessionId: req.params.sessionId, id: req.params.id, body: req.body }),
    );
  });

  // Deleting a saved affirmation takes its MP3 with it; the allowance it used stays used.
  router.handle('DELETE /api/saved-affirmations/:sessionId/:id', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    await deleteSavedAffirmation(context, { ownerId: user.id, id: req.params.id });
    res.status(204).end();
  });

  // The saved MP3, with Range support so the player can seek in an hour-long file.
  router.handle('GET /api/saved-affirmations/:sessionId/:id/audio', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    const audio = await openSavedAudio(context, user.id, req.params.id);
    res.setHeader('content-type', 'audio/mpeg');
    res.setHeader('cache-control', 'private, max-age=3600');
    if (typeof req.query.download === 'string') {
      const name = req.query.download.replace(/[^a-z0-9-]/gi, '').slice(0, 80) || 'affirmation';
      res.setHeader('content-disposition', `attachment; filename="${name}.mp3"`);
    }
    await sendStoredObject(req, res, { size: audio.stat.size, open: audio.open });
  });

  router.handle('PUT /api/own-recordings/:sessionId/:affirmationId', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    // A reading is used only to generate, and costs a decode: it needs what generating needs.
    await context.entitlements.require(req);
    res.json(
      await saveOwnRecording({
        context,
        userId: user.id,
        sessionId: req.params.sessionId,
        caller: caller(req),
        affirmationId: req.params.affirmationId,
        body: req.body,
      }),
    );
  });

  router.handle('DELETE /api/own-recordings/:sessionId/:affirmationId', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    await removeOwnRecording(context, user.id, req.params.affirmationId);
    res.status(204).end();
  });

  router.handle('GET /api/own-recordings/:sessionId/:affirmationId/audio', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    const audio = await openOwnRecording(context, user.id, req.params.affirmationId);
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('cache-control', 'private, no-cache');
    await sendStoredObject(req, res, { size: audio.stat.size, open: audio.open });
  });

  return router;
}

/** When to ask again, for the refusals that pass with time. */
const RETRY_AFTER_SECONDS = new Map([
  ['RENDER_QUEUE_FULL', RENDER_QUEUE_RETRY_AFTER_SECONDS],
  ['PREVIEW_LIMIT', PREVIEW_RETRY_AFTER_SECONDS],
  ['RESTARTING', RESTART_RETRY_AFTER_SECONDS],
]);

function setRetryAfter(res: Response, error: { code?: unknown } | undefined) {
  const seconds = typeof error?.code === 'string' ? RETRY_AFTER_SECONDS.get(error.code) : undefined;
  if (seconds !== undefined && !res.headersSent) res.setHeader('retry-after', String(seconds));
}

/** Aborts when the connection closes before the answer was fully sent (the listener left). */
function abortWhenClosed(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The listener left before the render was sent'));
  });
  return controller.signal;
}
