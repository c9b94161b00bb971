import { pipeline } from 'node:stream/promises';
import { LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import { declaredRoutes, notFound, requireUser, type ServiceContext } from '@innerecho/kit';
import type { LibraryConfig } from '../../config';
import { getOwnCustomAffirmation } from '../../domain/custom-affirmations';
import { getTranscript } from '../../domain/library-queries';
import { getMusic } from '../../domain/music-catalogue';
import { pcmKeyFor } from '../../domain/music-pcm';

/**
 * For the generation service (not routed by the gateway), called with the user's own
 * token: the text to speak and the music to mix, only what that user may use. Every route
 * here is for a signed-in caller: the router checks the token once, before each.
 */
export function internalRoutes(context: ServiceContext<LibraryConfig>) {
  const { db, files } = context;
  const router = declaredRoutes(LIBRARY_ENDPOINTS, { context, checks: { service: (req) => void requireUser(req) } });

  router.answer('GET /internal/affirmation-text/transcript/:id', async ({ params }) => {
    const t = await getTranscript({ db, id: params.id });
    return { status: 200, body: { id: t.id, title: t.title, category: t.category, content: t.content } };
  });
  router.answer('GET /internal/affirmation-text/custom/:id', async ({ params, user }) => {
    // The service check above admits only a signed-in caller.
    const own = await getOwnCustomAffirmation({ db, ownerId: user!.id, id: params.id });
    return { status: 200, body: { id: own.id, title: own.title, category: own.category, content: own.content } };
  });
  router.answer('GET /internal/background-music/:id', async ({ params }) => {
    const m = await getMusic({ db, id: params.id });
    const { id, title, durationSeconds, contentType, decodedFrames, loudness } = m;
    return { status: 200, body: { id, title, durationSeconds, contentType, decodedFrames, loudness } };
  });
  router.raw('GET /internal/background-music/:id/audio', async ({ params, res }) => {
    const m = await getMusic({ db, id: params.id });
    const object = await files.get(m.fileKey);
    if (!object) throw notFound('Music not found', 'MUSIC_NOT_FOUND');
    res.setHeader('content-type', m.contentType);
    res.setHeader('content-length', String(object.size));
    await pipeline(object.body, res);
  });
  /** The PCM decoded on upload, cut to the frames asked for: what the render mixes, with nothing to decode. */
  router.raw('GET /internal/background-music/:id/pcm', async ({ params, query, res }) => {
    const m = await getMusic({ db, id: params.id });
    const { frames } = query;
    const object = await files.get(pcmKeyFor(m.id), frames ? { start: 0, end: frames * 4 - 1 } : undefined);
    if (!object) throw notFound('This track is not prepared yet', 'MUSIC_NOT_PREPARED');
    const length = object.range ? object.range.end - object.range.start + 1 : object.size;
    res.setHeader('content-type', 'application/octet-stream');
    res.setHeader('content-length', String(length));
    await pipeline(object.body, res);
  });
  return router;
}
