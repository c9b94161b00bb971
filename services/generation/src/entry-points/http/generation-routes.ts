import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Request, type Response } from 'express';
import { GENERATION_ENDPOINTS } from '@innerecho/contracts';
import {
  declaredRoutes,
  mountPersonalReads,
  sendStoredObject,
  type DeclaredRoutes,
  type PersonalRead,
  type ServiceContext,
} from '@innerecho/kit';
import type { GenerationConfig } from '../../config';
import type { DecodedMusicCache } from '../../domain/decoded-music-cache';
import type { PeriodStore } from '../../domain/render/render-affirmation';
import { readDailyAllowance } from '../../domain/daily-allowance';
import { generateAffirmationAudio } from '../../domain/generate-affirmation-audio';
import type { GeneratedAudio, RenderJob, StreamedRender } from '../../domain/render-turn';
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
      answer: async (req) => readDailyAllowance(context.db, req.user.id),
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

type Parts = {
  musicCache: DecodedMusicCache;
  periods?: PeriodStore;
  queue: RenderQueue;
  reservations: RenderReservations;
  inFlight: RendersInFlight;
};
type Routes = DeclaredRoutes<typeof GENERATION_ENDPOINTS>;

export function generationRoutes(context: ServiceContext<GenerationConfig>, parts: Parts) {
  const router = declaredRoutes(GENERATION_ENDPOINTS, { context });
  mountPersonalReads(router, generationPersonalReads(context));
  renderRoutes(router, context, parts);
  savedAffirmationRoutes(router, context);
  ownRecordingRoutes(router, context);
  return router;
}

/** The headers every render answers, named by the render routes' declaration (and so in the OpenAPI document). */
type RenderHeaders = Record<
  keyof NonNullable<(typeof GENERATION_ENDPOINTS)['POST /api/generate-audio']['fields']['answers'][201]['headers']>,
  string
>;

/** Rendering (one affirmation, a session, a preview) and the render queue. The declared `subscriber` access asks for the plan (402) first. */
function renderRoutes(router: Routes, context: ServiceContext<GenerationConfig>, parts: Parts) {
  const { musicCache, periods, queue, reservations, inFlight } = parts;
  const renders = renderMetrics(context.metrics);

  /**
   * A render that saves an item, answered the same way whether it is one affirmation or an
   * affirmation session (several in order, repeated): 201 with the MP3, streamed as it is made.
   * Refusals come before the render starts, as JSON. Once its bytes have started, a render that
   * fails, is cancelled or cannot be saved ends the connection instead (the listener's download
   * fails; it is never a whole-looking file), and nothing of it is kept.
   */
  const render =
    <TRequest extends { sessionId: string }>(run: (job: RenderJob<TRequest>) => Promise<GeneratedAudio>) =>
    async ({ body: request, req, res }: { body: TRequest; req: Request; res: Response }) => {
      const user = await context.sessionOwnership.assertOwner(req, request.sessionId);
      const timed = renders.start();
      const listenerLeft = abortWhenClosed(res);
      const log = req.log ?? context.logger;
      const saved = settledLater();
      let sending: Promise<void> | null = null;
      const answer = (streamed: StreamedRender) => {
        sending = sendRender(res, streamed, saved.promise);
      };
      const job = { context, userId: user.id, caller: caller(req), request, musicCache, periods, queue, reservations, answer };
      const result = await inFlight
        .run(listenerLeft, (signal) => run({ ...job, signal, logger: log }))
        .catch((error) => {
          saved.reject(error);
          if (listenerLeft.aborted) return null;
          renders.failed(typeof error?.status === 'number' ? error.status : 500);
          if (!sending) {
            setRetryAfter(res, error);
            throw error;
          }
          // Bytes are out: the status cannot change, so the connection ends and the download fails.
          log.warn({ err: error }, 'render failed after its first bytes; the answer was cut off, nothing saved');
          res.destroy();
          return null;
        });
      if (!result) {
        // The listener left (or was cut off) before the file was whole: nothing was kept or charged.
        if (listenerLeft.aborted) log.info('listener left during the render; nothing saved');
        await sending;
        return;
      }
      saved.resolve();
      timed();
      renders.saved(result.saved.audioDurationSeconds, result.speechMisses);
      await sending; // a listener leaving now keeps the saved affirmation (it is in their library)
    };

  router.raw('POST /api/generate-audio', render(generateAffirmationAudio));
  router.raw('POST /api/generate-audio/session', render(generateAffirmationSession));

  // Where the caller's waiting render stands in the render queue (the Generate page shows it while waiting).
  router.answer('GET /api/generate-audio/queue', ({ user }) => ({
    status: 200,
    body: queue.placeOf(user.id),
    headers: NO_STORE,
  }));

  // A few seconds of the mix at a balance, before generating: no allowance, nothing saved.
  router.raw('POST /api/generate-audio/preview', async ({ body: request, req, res }) => {
    const user = await context.sessionOwnership.assertOwner(req, request.sessionId);
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
}

/** The listener's saved affirmations: plays, their kept speed or name, deleting, the MP3. */
function savedAffirmationRoutes(router: Routes, context: ServiceContext<GenerationConfig>) {
  router.answer('POST /api/saved-affirmations/:sessionId/:id/plays', async ({ params, body, req }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    return { status: 201, body: await recordPlay(context, { userId: user.id, savedId: params.id, timeZone: body.timeZone }) };
  });

  router.answer('PATCH /api/saved-affirmations/:sessionId/:id', async ({ params, body, req }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    return {
      status: 200,
      body: await updateOwnSavedAffirmation(context, { ownerId: user.id, sessionId: params.sessionId, id: params.id, update: body }),
    };
  });

  // Deleting a saved affirmation takes its MP3 with it; the allowance it used stays used.
  router.answer('DELETE /api/saved-affirmations/:sessionId/:id', async ({ params, req }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    await deleteSavedAffirmation(context, { ownerId: user.id, id: params.id });
    return { status: 204 };
  });

  // The saved MP3, with Range support so the player can seek in an hour-long file.
  router.raw('GET /api/saved-affirmations/:sessionId/:id/audio', async ({ params, query, req, res }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    const audio = await openSavedAudio(context, user.id, params.id);
    res.setHeader('content-type', 'audio/mpeg');
    res.setHeader('cache-control', 'private, max-age=3600');
    if (query.download !== undefined) {
      const name = query.download.replace(/[^a-z0-9-]/gi, '').slice(0, 80) || 'affirmation';
      res.setHeader('content-disposition', `attachment; filename="${name}.mp3"`);
    }
    await sendStoredObject(req, res, { size: audio.stat.size, open: audio.open });
  });
}

/** The listener's own readings of affirmations. Keeping one is declared `subscriber`: a reading is used only to generate. */
function ownRecordingRoutes(router: Routes, context: ServiceContext<GenerationConfig>) {
  router.answer('PUT /api/own-recordings/:sessionId/:affirmationId', async ({ params, body, req }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    const { sessionId, affirmationId } = params;
    return {
      status: 200,
      body: await saveOwnRecording({ context, userId: user.id, sessionId, caller: caller(req), affirmationId, uploadURL: body.uploadURL }),
    };
  });

  router.answer('DELETE /api/own-recordings/:sessionId/:affirmationId', async ({ params, req }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    await removeOwnRecording(context, user.id, params.affirmationId);
    return { status: 204 };
  });

  router.raw('GET /api/own-recordings/:sessionId/:affirmationId/audio', async ({ params, req, res }) => {
    const user = await context.sessionOwnership.assertOwner(req, params.sessionId);
    const audio = await openOwnRecording(context, user.id, params.affirmationId);
    res.setHeader('content-type', 'audio/wav');
    res.setHeader('cache-control', 'private, no-cache');
    await sendStoredObject(req, res, { size: audio.stat.size, open: audio.open });
  });
}

/**
 * Sends a render's answer as soon as its length is known: the status and headers at once, then
 * the runs in order, with backpressure, as they are made. The last run waits for the save, so a
 * download that completes is an item in the listener's library; one whose render or save
 * failed ends with the connection cut.
 */
function sendRender(res: Response, streamed: StreamedRender, saved: Promise<void>): Promise<void> {
  const headers: RenderHeaders = {
    'x-saved-affirmation-id': streamed.savedId,
    'x-speech-engine-calls': String(streamed.speechMisses),
    'x-render-period': streamed.period,
    'x-speech-voice': streamed.voice,
    'x-audio-duration-seconds': String(streamed.seconds),
  };
  res.status(201);
  res.setHeader('content-type', 'audio/mpeg');
  res.setHeader('content-length', String(streamed.size));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.flushHeaders();
  return pipeline(Readable.from(listenerRuns(streamed.runs, saved)), res).catch(() => undefined);
}

/** A promise settled from outside (the save's outcome), whose rejection nobody need await. */
function settledLater() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => ([resolve, reject] = [ok, fail]));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

async function* listenerRuns(runs: Promise<Uint8Array>[], saved: Promise<void>) {
  for (const [i, made] of runs.entries()) {
    if (i === runs.length - 1) await saved;
    const run = await made;
    if (run.length > 0) yield Buffer.from(run.buffer, run.byteOffset, run.byteLength);
  }
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
