import { LIBRARY_MESSAGES, textField, MUSIC_MAX_BYTES, LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import { AppError, badRequest, type ReadCache, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { LibraryConfig } from '../../config';
import { addMusicFromUpload, deleteMusic, getMusic, listMusic, newUploadKey, UPLOAD_KEY } from '../../domain/music-catalogue';

const SIGNED_URL_SECONDS = 15 * 60;

/** The uploaded file's name: only its extension is kept (in the upload key), but it must be a sensible name. */
const uploadFilename = (value: unknown) =>
  textField({ max: 300, tooLong: 'The file name is too long' }).optional().default('').parse(value);

/**
 * Background music: the list for signed-in users; the admin's writes; and the upload
 * endpoints the Uppy AWS S3 plugin calls (params, multipart create/list/sign/complete/abort),
 * signed for the configured store.
 */
export function musicRoutes(context: ServiceContext<LibraryConfig>, reads: ReadCache) {
  const { db, files } = context;
  const router = declaredRoutes(LIBRARY_ENDPOINTS, { context });

  // The same list for every signed-in user: kept like the public reads, but never by a shared cache.
  router.raw('GET /api/background-music', ({ req, res }) => reads.send(req, res, () => listMusic({ db }), { private: true }));
  router.answer('POST /api/background-music', async ({ body }) => ({
    status: 201,
    body: await addMusicFromUpload({ db, files, body }),
  }));
  /** The admin's preview of a track as uploaded: a short-lived signed address of the file. */
  router.raw('GET /api/background-music/:id/audio', async ({ params, res }) => {
    const track = await getMusic({ db, id: params.id });
    res.setHeader('cache-control', 'no-store');
    res.redirect(302, await files.presignGet(track.fileKey, { expiresInSeconds: SIGNED_URL_SECONDS }));
  });
  router.answer('DELETE /api/background-music/:id', async ({ params }) => {
    await deleteMusic({ db, files, id: params.id });
    return { status: 204 };
  });
  /** A single direct PUT of the whole file (the admin form's simple path); Uppy uses the multipart endpoints below. */
  router.answer('POST /api/background-music/upload', async ({ body }) => {
    const contentType = audioType(body.contentType ?? 'audio/mpeg');
    const key = newUploadKey(body.filename ?? '');
    const uploadURL = await files.presignPut(key, { contentType, maxBytes: MUSIC_MAX_BYTES, expiresInSeconds: SIGNED_URL_SECONDS });
    return { status: 200, body: { uploadURL, key } };
  });

  // The uploader's endpoints are the admin's alone (declared `admin`: checked before each).
  router.answer('GET /api/uploads/s3/params', async ({ query }) => {
    const contentType = audioType(query.type);
    const key = newUploadKey(uploadFilename(query.filename));
    const url = await files.presignPut(key, { contentType, maxBytes: MUSIC_MAX_BYTES, expiresInSeconds: SIGNED_URL_SECONDS });
    return { status: 200, body: { method: 'PUT', url, fields: {}, headers: { 'content-type': contentType } } };
  });
  router.answer('GET /api/uploads/s3/sts', () => {
    throw new AppError(404, 'NOT_OFFERED', 'Temporary storage credentials are not offered; uploads use signed URLs');
  });
  router.answer('POST /api/uploads/s3/multipart', async ({ body }) => {
    const key = newUploadKey(body.filename);
    const { uploadId } = await multipart().create(key, audioType(body.type));
    return { status: 200, body: { uploadId, key } };
  });
  router.answer('GET /api/uploads/s3/multipart/:uploadId', async ({ params, query }) => ({
    status: 200,
    body: await multipart().listParts(uploadKey(query.key), params.uploadId),
  }));
  router.answer('GET /api/uploads/s3/multipart/:uploadId/:partNumber', async ({ params, query }) => {
    const url = await multipart().signPart(uploadKey(query.key), params.uploadId, Number(params.partNumber), {
      maxBytes: MUSIC_MAX_BYTES,
      expiresInSeconds: SIGNED_URL_SECONDS,
    });
    return { status: 200, body: { url, expires: SIGNED_URL_SECONDS } };
  });
  router.answer('POST /api/uploads/s3/multipart/:uploadId/complete', async ({ params, query, body }) => {
    const key = uploadKey(query.key);
    await multipart().complete(key, params.uploadId, body.parts);
    const info = await files.stat(key);
    if (info && info.size > MUSIC_MAX_BYTES) {
      await files.delete(key);
      throw new AppError(413, 'MUSIC_TOO_LARGE', LIBRARY_MESSAGES.musicTooLarge);
    }
    return { status: 200, body: { location: key, key } };
  });
  router.answer('DELETE /api/uploads/s3/multipart/:uploadId', async ({ params, query }) => {
    await multipart().abort(uploadKey(query.key), params.uploadId);
    return { status: 200, body: {} };
  });

  function multipart() {
    if (!files.multipart) throw new AppError(501, 'NOT_OFFERED', 'This file store does not take multipart uploads');
    return files.multipart;
  }
  return router;
}

/** The upload a multipart call names: only keys this service handed out. */
function uploadKey(key = '') {
  if (!UPLOAD_KEY.test(key)) throw badRequest('This upload is not one of ours', 'UNKNOWN_UPLOAD');
  return key;
}

/** Only audio is taken; the bytes are checked again with ffprobe before a track is saved. */
function audioType(value: unknown) {
  const type = typeof value === 'string' ? value.split(';')[0].trim().toLowerCase() : '';
  if (!/^audio\/[a-z0-9.+-]+$/.test(type)) throw badRequest('Please choose an audio file', 'NOT_AUDIO');
  return type;
}
