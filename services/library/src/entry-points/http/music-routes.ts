import { type Request } from 'express';
import {
  LIBRARY_MESSAGES,
  textField,
  MUSIC_MAX_BYTES,
  ZMultipartComplete,
  ZMultipartStart,
  type MultipartCompleteAnswer,
  type MultipartStartAnswer,
  type MusicUploadUrlAnswer,
  type SignedPartAnswer,
  type UploadParamsAnswer,
  LIBRARY_ENDPOINTS,
} from '@innerecho/contracts';
import { AppError, badRequest, requireRole, requireUser, type ReadCache, type ServiceContext, declaredRoutes } from '@innerecho/kit';
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
  const router = declaredRoutes(LIBRARY_ENDPOINTS);

  router.handle('GET /api/background-music', async (req, res) => {
    requireUser(req);
    // The same list for every signed-in user: kept like the public reads, but never by a shared cache.
    await reads.send(req, res, () => listMusic({ db }), { private: true });
  });
  router.handle('POST /api/background-music', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await addMusicFromUpload({ db, files, body: req.body }));
  });
  /** The admin's preview of a track as uploaded: a short-lived signed address of the file. */
  router.handle('GET /api/background-music/:id/audio', async (req, res) => {
    requireRole(req, 'admin');
    const track = await getMusic({ db, id: req.params.id });
    res.setHeader('cache-control', 'no-store');
    res.redirect(302, await files.presignGet(track.fileKey, { expiresInSeconds: SIGNED_URL_SECONDS }));
  });
  router.handle('DELETE /api/background-music/:id', async (req, res) => {
    requireRole(req, 'admin');
    await deleteMusic({ db, files, id: req.params.id });
    res.status(204).end();
  });
  /** A single direct PUT of the whole file (the admin form's simple path); Uppy uses the multipart endpoints below. */
  router.handle('POST /api/background-music/upload', async (req, res) => {
    requireRole(req, 'admin');
    const contentType = audioType(req.body?.contentType ?? 'audio/mpeg');
    const key = newUploadKey(uploadFilename(req.body?.filename));
    const uploadURL = await files.presignPut(key, { contentType, maxBytes: MUSIC_MAX_BYTES, expiresInSeconds: SIGNED_URL_SECONDS });
    res.json({ uploadURL, key } satisfies MusicUploadUrlAnswer);
  });

  // The uploader's endpoints are the admin's alone (declared `admin`: checked before each).
  router.handle('GET /api/uploads/s3/params', async (req, res) => {
    const contentType = audioType(req.query.type);
    const key = newUploadKey(uploadFilename(req.query.filename));
    const url = await files.presignPut(key, { contentType, maxBytes: MUSIC_MAX_BYTES, expiresInSeconds: SIGNED_URL_SECONDS });
    res.json({ method: 'PUT', url, fields: {}, headers: { 'content-type': contentType } } satisfies UploadParamsAnswer);
  });
  router.handle('GET /api/uploads/s3/sts', (_req, _res) => {
    throw new AppError(404, 'NOT_OFFERED', 'Temporary storage credentials are not offered; uploads use signed URLs');
  });
  router.handle('POST /api/uploads/s3/multipart', async (req, res) => {
    const body = ZMultipartStart.parse(req.body ?? {});
    const contentType = audioType(body.type);
    const key = newUploadKey(body.filename);
    const { uploadId } = await multipart().create(key, contentType);
    res.json({ uploadId, key } satisfies MultipartStartAnswer);
  });
  router.handle('GET /api/uploads/s3/multipart/:uploadId', async (req, res) => {
    res.json(await multipart().listParts(uploadKey(req), req.params.uploadId as string));
  });
  router.handle('GET /api/uploads/s3/multipart/:uploadId/:partNumber', async (req, res) => {
    const partNumber = Number(req.params.partNumber);
    const url = await multipart().signPart(uploadKey(req), req.params.uploadId as string, partNumber, {
      maxBytes: MUSIC_MAX_BYTES,
      expiresInSeconds: SIGNED_URL_SECONDS,
    });
    res.json({ url, expires: SIGNED_URL_SECONDS } satisfies SignedPartAnswer);
  });
  router.handle('POST /api/uploads/s3/multipart/:uploadId/complete', async (req, res) => {
    const { parts } = ZMultipartComplete.parse(req.body ?? {});
    const key = uploadKey(req);
    await multipart().complete(key, req.params.uploadId as string, parts);
    const info = await files.stat(key);
    if (info && info.size > MUSIC_MAX_BYTES) {
      await files.delete(key);
      throw new AppError(413, 'MUSIC_TOO_LARGE', LIBRARY_MESSAGES.musicTooLarge);
    }
    res.json({ location: key, key } satisfies MultipartCompleteAnswer);
  });
  router.handle('DELETE /api/uploads/s3/multipart/:uploadId', async (req, res) => {
    await multipart().abort(uploadKey(req), req.params.uploadId as string);
    res.json({});
  });

  function multipart() {
    if (!files.multipart) throw new AppError(501, 'NOT_OFFERED', 'This file store does not take multipart uploads');
    return files.multipart;
  }
  return router;
}

function uploadKey(req: Request) {
  const key = typeof req.query.key === 'string' ? req.query.key : '';
  if (!UPLOAD_KEY.test(key)) throw badRequest('This upload is not one of ours', 'UNKNOWN_UPLOAD');
  return key;
}

/** Only audio is taken; the bytes are checked again with ffprobe before a track is saved. */
function audioType(value: unknown) {
  const type = typeof value === 'string' ? value.split(';')[0].trim().toLowerCase() : '';
  if (!/^audio\/[a-z0-9.+-]+$/.test(type)) throw badRequest('Please choose an audio file', 'NOT_AUDIO');
  return type;
}
