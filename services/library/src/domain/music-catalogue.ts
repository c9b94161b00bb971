import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import {
  LIBRARY_MESSAGES,
  MUSIC_MAX_BYTES,
  MUSIC_MAX_SECONDS,
  MUSIC_MAX_SILENT_SECONDS,
  type AddMusicInput,
  type MusicTrackView,
} from '@innerecho/contracts';
import { AppError, badRequest, FfmpegError, MIX_SAMPLE_RATE, notFound, probeAudioFile, type Db, type ObjectStore } from '@innerecho/kit';
import { musicRepository } from '../data-access/library-repository';
import { isUuid } from './library-queries';
import { decodeMusicToPcmFile, pcmKeyFor, storePcm } from './music-pcm';

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
 * hour, decode as audio, and not be near-silent for more than MUSIC_MAX_SILENT_SECONDS in all.
 * It is decoded once here, to the PCM renders mix (stored under its PCM key), and measured.
 * The file moves to its final key; the upload is removed either way, and on any failure
 * nothing of the track is left (neither its objects nor its row).
 */
export async function addMusicFromUpload({ db, files, body: input }: { db: Db; files: ObjectStore; body: AddMusicInput }) {
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
      const { measure, pcmPath } = await checkedMusic(await readFile(local), dir);
      const id = randomUUID();
      const ext = /\.([a-z0-9]{1,5})$/.exec(key)?.[1] ?? 'audio';
      const fileKey = `music/${id}.${ext}`;
      const contentType = info.contentType.startsWith('audio/') ? info.contentType : contentTypeFor(probe.codec);
      try {
        await storePcm(files, id, pcmPath);
        await files.put(fileKey, createReadStream(local), contentType);
        const track = await musicRepository.insert(db, {
          id,
          title: input.title,
          durationSeconds: Math.max(1, Math.round(probe.durationSeconds ?? measure.decodedFrames / MIX_SAMPLE_RATE)),
          fileKey,
          contentType,
          sizeBytes: info.size,
          decodedFrames: measure.decodedFrames,
          loudness: measure.loudness,
        });
        return publicTrack(track);
      } catch (error) {
        await Promise.all([files.delete(pcmKeyFor(id)), files.delete(fileKey)]).catch(() => undefined);
        throw error;
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await files.delete(key);
  }
}

/**
 * Decodes the upload once (measured as it streams, stopped just past the length limit for a
 * container that states no length, and as soon as the near-silence passes its limit) and
 * refuses it when too long, empty or near-silent.
 */
async function checkedMusic(bytes: Buffer, dir: string) {
  const decoded = await decodeMusicToPcmFile(bytes, dir, {
    maxSeconds: MUSIC_MAX_SECONDS + 1,
    maxSilentSeconds: MUSIC_MAX_SILENT_SECONDS,
  }).catch(refuseUnreadable);
  const decodedSeconds = decoded.measure.decodedFrames / MIX_SAMPLE_RATE;
  if (decodedSeconds > MUSIC_MAX_SECONDS) throw musicTooLong();
  if (decodedSeconds <= 0) throw badRequest(LIBRARY_MESSAGES.musicNotAudio, 'NOT_AUDIO');
  if (decoded.measure.silentSeconds > MUSIC_MAX_SILENT_SECONDS) throw badRequest(LIBRARY_MESSAGES.musicSilent, 'MUSIC_SILENT');
  return decoded;
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
  await files.delete(pcmKeyFor(removed.id));
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
 * Prepares tracks added before tracks were decoded on upload (the starter tracks on a first
 * start, and older ones): each without its stored PCM is decoded once, measured, and its PCM
 * stored (renders decode such a track themselves until then). Runs in the background after
 * start-up; stops when `signal` aborts. Answers how many tracks it prepared.
 */
export async function prepareUnpreparedMusic({ db, files, signal }: { db: Db; files: ObjectStore; signal: AbortSignal }): Promise<number> {
  let prepared = 0;
  for (const track of await musicRepository.list(db)) {
    if (signal.aborted) break;
    if (track.decodedFrames !== null && (await files.stat(pcmKeyFor(track.id)))) continue;
    const object = await files.get(track.fileKey);
    if (!object) continue;
    const dir = await mkdtemp(join(tmpdir(), 'innerecho-music-'));
    try {
      const { measure, pcmPath } = await decodeMusicToPcmFile(await buffer(object.body), dir, { maxSeconds: MUSIC_MAX_SECONDS + 1 });
      await storePcm(files, track.id, pcmPath);
      await musicRepository.saveMeasure(db, track.id, { decodedFrames: measure.decodedFrames, loudness: measure.loudness });
      prepared++;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return prepared;
}
