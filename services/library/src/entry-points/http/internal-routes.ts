import { LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import type { AffirmationTextView, MusicTrackDetails } from '@innerecho/contracts';
import { requireUser, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { LibraryConfig } from '../../config';
import { getOwnCustomAffirmation } from '../../domain/custom-affirmations';
import { getTranscript } from '../../domain/library-queries';
import { getMusic } from '../../domain/music-catalogue';
import { pcmKeyFor } from '../../domain/music-pcm';
import { pipeline } from 'node:stream/promises';

/**
 * For the generation service (not routed by the gateway), called with the user's own
 * token: the text to speak and the music to mix, only what that user may use.
 */
export function internalRoutes(context: ServiceContext<LibraryConfig>) {
  const { db, files } = context;
  const router = declaredRoutes(LIBRARY_ENDPOINTS);

  router.handle('GET /internal/affirmation-text/transcript/:id', async (req, res) => {
    requireUser(req);
    const t = await getTranscript({ db, id: req.params.id });
    res.json({ id: t.id, title: t.title, category: t.category, content: t.content } satisfies AffirmationTextView);
  });
  router.handle('GET /internal/affirmation-text/custom/:id', async (req, res) => {
    const user = requireUser(req);
    const own = await getOwnCustomAffirmation({ db, ownerId: user.id, id: req.params.id });
    res.json({ id: own.id, title: own.title, category: own.category, content: own.content } satisfies AffirmationTextView);
  });
  router.handle('GET /internal/background-music/:id', async (req, res) => {
    requireUser(req);
    const m = await getMusic({ db, id: req.params.id });
    res.json({
      id: m.id,
      title: m.title,
      durationSeconds: m.durationSeconds,
      contentType: m.contentType,
      decodedFrames: m.decodedFrames,
      loudness: m.loudness,
    } satisfies MusicTrackDetails);
  });
  router.handle('GET /internal/background-music/:id/audio', async (req, res) => {
    requireUser(req);
    const m = await getMusic({ db, id: req.params.id });
    const object = await files.get(m.fileKey);
    if (!object) {
      res.status(404).json({ error: 'Music not found', code: 'MUSIC_NOT_FOUND' });
      return;
    }
    res.setHeader('content-type', m.contentType);
    res.setHeader('content-length', String(object.size));
    await pipeline(object.body, res);
  });
  /** The PCM decoded on upload, cut to the frames asked for: what the render mixes, with nothing to decode. */
  router.handle('GET /internal/background-music/:id/pcm', async (req, res) => {
    requireUser(req);
    const m = await getMusic({ db, id: req.params.id });
    const frames = typeof req.query.frames === 'string' ? Number(req.query.frames) : null;
    const object = await files.get(pcmKeyFor(m.id), frames ? { start: 0, end: frames * 4 - 1 } : undefined);
    if (!object) {
      res.status(404).json({ error: 'This track is not prepared yet', code: 'MUSIC_NOT_PREPARED' });
      return;
    }
    const length = object.range ? object.range.end - object.range.start + 1 : object.size;
    res.setHeader('content-type', 'application/octet-stream');
    res.setHeader('content-length', String(length));
    await pipeline(object.body, res);
  });
  return router;
}
