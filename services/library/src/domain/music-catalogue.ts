import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { LIBRARY_MESSAGES, MUSIC_MAX_BYTES, MUSIC_MAX_SECONDS, ZAddMusicInput, type MusicTrackView } from '@innerecho/contracts';
import {
  AppError,
  badRequest,
  FfmpegError,
  measureMusic,
  MIX_SAMPLE_RATE,
  notFound,
  probeAudioFile,
  type Db,
  type ObjectStore,
} from '@innerecho/kit';
import { musicRepository } from '../data-access/library-repository';
import { isUuid } from './library-queries';

/** Where the browser's uploads land before a track is saved from them. */
export const MUSIC_UPLOADS_PREFIX = 'music-uploads/';
export const UPLOAD_KEY = /^music-uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,5})?$/;

export const newUploadKey = (filename = '') => {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase();
  return `music-uploads/${randomUUID()}${ext ? `.${ext}` : ''}`;
};

export const publicTrack = (t: { id: string; title: string; durationSeconds: number }): MusicTrackView => ({
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

/**
 * Saves a track from an uploaded file: the upload must be one of ours, at most 50 MB and an
 * hour, and decode as audio. The file moves to its final key, and the upload is removed either way.
 */
export async function addMusicFromUpload({ db, files, body }: { db: Db; files: ObjectStore; body: unknown }) {
  const input = ZAddMusicInput.parse(body);
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
      // The length from the container before any decoding: a small file can hold hours.
      const probe = await probeAudioFile(local).catch(refuseUnreadable);
      if (probe.durationSeconds !== null && probe.durationSeconds > MUSIC_MAX_SECONDS) throw musicTooLong();
      // Measured as it streams, stopped just past the limit (for a container that states no length).
      const measured = await measureMusic(await readFile(local), { maxSeconds: MUSIC_MAX_SECONDS + 1 }).catch(refuseUnreadable);
      const decodedSeconds = measured.decodedFrames / MIX_SAMPLE_RATE;
      if (decodedSeconds > MUSIC_MAX_SECONDS) throw musicTooLong();
      if (decodedSeconds <= 0) throw badRequest(LIBRARY_MESSAGES.musicNotAudio, 'NOT_AUDIO');
      const id = randomUUID();
      const ext = /\.([a-z0-9]{1,5})$/.exec(key)?.[1] ?? 'audio';
      const fileKey = `music/${id}.${ext}`;
      const contentType = info.contentType.startsWith('audio/') ? info.contentType : contentTypeFor(probe.codec);
      await files.put(fileKey, createReadStream(local), contentType);
      const track = await musicRepository.insert(db, {
        id,
        title: input.title,
        durationSeconds: Math.max(1, Math.round(probe.durationSeconds ?? decodedSeconds)),
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

const musicTooLong = () => badRequest(LIBRARY_MESSAGES.musicTooLong, 'MUSIC_TOO_LONG');

/** ffmpeg could not read the file: it is not audio we can play. */
function refuseUnreadable(error: unknown): never {
  if (error instanceof FfmpegError) throw badRequest(LIBRARY_MESSAGES.musicNotAudio, 'NOT_AUDIO');
  throw error;
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
    await musicRepository.saveMeasure(db, track.id, await measureMusic(await buffer(object.body), { maxSeconds: MUSIC_MAX_SECONDS + 1 }));
    measured++;
  }
  return measured;
}
