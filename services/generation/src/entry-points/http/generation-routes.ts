import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { requireUser, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../../config';
import type { DecodedMusicCache } from '../../domain/decoded-music-cache';
import { generateAffirmationAudio } from '../../domain/generate-affirmation-audio';
import { ZGenerateAudioRequest } from '../../domain/generation-request';
import { readDailyAllowance } from '../../domain/daily-allowance';
import { listOwnSavedAffirmations, openSavedAudio, setSavedAffirmationSpeed } from '../../domain/saved-affirmations';

const caller = (req: Request) => ({ token: req.sessionToken!, requestId: req.requestId });

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size; null when absent or not a single range. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export function generationRoutes(context: ServiceContext<GenerationConfig>, { musicCache }: { musicCache: DecodedMusicCache }): Router {
  const router = Router();

  router.post('/api/generate-audio', async (req, res) => {
    const request = ZGenerateAudioRequest.parse(req.body ?? {});
    const user = await context.sessionOwnership.assertOwner(req, request.sessionId);
    await context.entitlements.require(req);
    const result = await generateAffirmationAudio({
      context,
      userId: user.id,
      caller: caller(req),
      request,
      musicCache,
      logger: req.log ?? context.logger,
    });
    res.status(201);
    res.setHeader('content-type', 'audio/mpeg');
    res.setHeader('content-length', String(result.mp3.length));
    res.setHeader('x-saved-affirmation-id', result.saved.id);
    res.setHeader('x-speech-engine-calls', String(result.speechMisses));
    res.end(result.mp3);
  });

  // Today's share of the daily hour, for the duration sliders.
  router.get('/api/generate-audio/allowance', async (req, res) => {
    const user = requireUser(req);
    res.setHeader('cache-control', 'no-store');
    res.json(await readDailyAllowance(context.db, user.id));
  });

  router.get('/api/saved-affirmations/:sessionId', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    res.json(await listOwnSavedAffirmations(context, user.id, req.params.sessionId));
  });

  router.patch('/api/saved-affirmations/:sessionId/:id', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    res.json(
      await setSavedAffirmationSpeed(context, { ownerId: user.id, sessionId: req.params.sessionId, id: req.params.id, body: req.body }),
    );
  });

  // The saved MP3, with Range support so the player can seek in an hour-long file.
  router.get('/api/saved-affirmations/:sessionId/:id/audio', async (req, res) => {
    const user = await context.sessionOwnership.assertOwner(req, req.params.sessionId);
    const audio = await openSavedAudio(context, user.id, req.params.id);
    const size = audio.stat.size;
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-type', 'audio/mpeg');
    res.setHeader('cache-control', 'private, max-age=3600');
    if (typeof req.query.download === 'string') {
      const name = req.query.download.replace(/[^a-z0-9-]/gi, '').slice(0, 80) || 'affirmation';
      res.setHeader('content-disposition', `attachment; filename="${name}.mp3"`);
    }
    const range = parseRange(req.header('range'), size);
    if (range === 'unsatisfiable') {
      res.status(416).setHeader('content-range', `bytes */${size}`).end();
      return;
    }
    const object = await audio.open(range ?? undefined);
    if (!object) {
      res.status(404).json({ error: 'The audio file of this affirmation is missing', code: 'AUDIO_FILE_MISSING' });
      return;
    }
    if (range) {
      res.status(206);
      res.setHeader('content-range', `bytes ${range.start}-${range.end}/${size}`);
      res.setHeader('content-length', String(range.end - range.start + 1));
    } else {
      res.setHeader('content-length', String(size));
    }
    if (req.method === 'HEAD') {
      object.body.destroy();
      res.end();
      return;
    }
    await pipeline(object.body, res);
  });

  return router;
}
