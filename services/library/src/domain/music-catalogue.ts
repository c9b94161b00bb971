import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import { LIBRARY_MESSAGES, MUSIC_MAX_BYTES, textField, TITLE_MAX } from '@innerecho/contracts';
import { AppError, badRequest, measureMusic, notFound, type Db, type ObjectStore } from '@innerecho/kit';
import { musicRepository } from '../data-access/library-repository';
import { isUuid } from './library-queries';
import { probeAudio } from './probe-audio';

/** Where the browser's uploads land before a track is saved from them. */
export const UPLOAD_KEY = /^music-uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

export const newUploadKey = (filename = '') => {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  return `music-uploads/${randomUUID()}${ext ? `.${ext}` : ''}`;
};

export const publicTrack = (t: { id: string; title: string; durationSeconds: number }) => ({
  id: t.id,
  title: t.title,
  duration: t.durationSeconds,
});

export async function listMusic({ db }: { db: Db }) {
  return (await musicRepository.list(db)).map(publicTrack);
}

export async function getMusic({ db, id }: { db: Db; id: string }) {
  const track = isUuid(id) ? await musicRepository.find(db, id) : null;
  if (!track) throw notFound('Music not found', 'MUSIC_NOT_FOUND');
  return track;
}

const ZAddMusic = z.object({
  title: textField({ max: TITLE_MAX, tooLong: LIBRARY_MESSAGES.titleTooLong, required: LIBRARY_MESSAGES.musicMissing }),
  uploadURL: textField({ max: 2000, required: LIBRARY_MESSAGES.musicMissing }),
  /** The client always sends 300 (spec section 3); the measured duration is what is stored. */
  duration: z.unknown().optional(),
});

/**
 * Saves a track from an uploaded file: the upload must be one of ours, at most 50 MB, and
 * decode as audio. The file moves to its final key, and the upload is removed either way.
 */
export async function addMusicFromUpload({ db, files, body }: { db: Db; files: ObjectStore; body: unknown }) {
  const input = ZAddMusic.parse(body);
  const key = uploadKeyFromUrl(input.uploadURL);
  if (!key) throw badRequest('This upload is not one of ours. Upload the file again.', 'UNKNOWN_UPLOAD');
  const info = await files.stat(key);
  if (!info) throw badRequest('The uploaded file was not found. Upload it again.', 'UNKNOWN_UPLOAD');
  try {
    if (info.size > MUSIC_MAX_BYTES) throw new AppError(413, 'MUSIC_TOO_LARGE', LIBRARY_MESSAGES.musicTooLarge);
    const dir = await mkdtemp(join(tmpdir(), 'innerecho-music-'));
    try {
      const local = join(dir, 'upload');
      const object = (await files.get(key))!;
      await pipeline(object.body, createWriteStream(local));
      const probe = await probeAudio(local);
      if (!probe) throw badRequest(LIBRARY_MESSAGES.musicNotAudio, 'NOT_AUDIO');
      const id = randomUUID();
      const ext = /\.([a-z0-9]{1,5})$/.exec(key)?.[1] ?? 'audio';
      const fileKey = `music/${id}.${ext}`;
      const contentType = info.contentType.startsWith('audio/') ? info.contentType : contentTypeFor(probe.codec);
      await files.put(fileKey, createReadStream(local), contentType);
      const measured = await measureMusic(await readFile(local));
      const track = await musicRepository.insert(db, {
        id,
        title: input.title,
        durationSeconds: probe.durationSeconds,
        fileKey,
        contentType,
        sizeBytes: info.size,
        ...measured,
      });
      return publicTrack(track);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await files.delete(key);
  }
}

export async function deleteMusic({ db, files, id }: { db: Db; files: ObjectStore; id: string }) {
  const removed = isUuid(id) ? await musicRepository.delete(db, id) : null;
  if (!removed) throw notFound('Music not found', 'MUSIC_NOT_FOUND');
  await files.delete(removed.fileKey);
}

/** The key inside a URL we handed out (a local signed URL, an S3 location or presigned URL), or the key itself. */
export function uploadKeyFromUrl(url: string): string | null {
  const match = /music-uploads\/[0-9a-f-]{36}(\.[a-z0-9]{1,5})?/.exec(decodeURIComponent(url));
  return match && UPLOAD_KEY.test(match[0]) ? match[0] : null;
}

function contentTypeFor(codec: string) {
  if (codec === 'mp3') return 'audio/mpeg';
  if (codec === 'aac') return 'audio/aac';
  if (codec === 'vorbis' || codec === 'opus') return 'audio/ogg';
  if (codec === 'flac') return 'audio/flac';
  if (codec.startsWith('pcm_')) return 'audio/wav';
  return 'application/octet-stream';
}

/**
 * Measures tracks added before tracks were measured on upload (their renders decode first
 * until then). Runs in the background after start-up; stops when `signal` aborts.
 */
export async function measureUnmeasuredMusic({ db, files, signal }: { db: Db; files: ObjectStore; signal: AbortSignal }): Promise<number> {
  let measured = 0;
  for (const track of await musicRepository.listUnmeasured(db)) {
    if (signal.aborted) break;
    const object = await files.get(track.fileKey);
    if (!object) continue;
    await musicRepository.saveMeasure(db, track.id, await measureMusic(await buffer(object.body)));
    measured++;
  }
  return measured;
}
