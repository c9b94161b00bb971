import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { AffirmationGeneratedV1, type GenerateAudioRequest, type MusicTrackDetails } from '@innerecho/contracts';
import { decodeToPcm16, unavailable, type Logger, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { fetchAffirmationText, fetchMusicAudio, fetchMusicTrack } from '../data-access/library-client';
import { insertSavedAffirmation, type SavedAffirmationRecord } from '../data-access/saved-affirmation-repository';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import type { RenderQueue } from './render-queue';
import type { RenderReservations } from './render-reservations';
import { SAMPLE_RATE } from './render/output-format';
import { ArrivingMusic } from './render/arriving-music';
import { renderAffirmationMp3, type PeriodStore } from './render/render-affirmation';
import { ownReadingSamples } from './own-recordings';
import { speechForText } from './speech-for-text';

export interface GeneratedAudio {
  saved: SavedAffirmationRecord;
  /** The MP3 as runs of bytes (the kept period referenced once per repetition); `size` bytes in all. */
  runs: Uint8Array[];
  size: number;
  /** Engine calls made for this generation (0 when the speech was cached). */
  speechMisses: number;
  /** Whether the loop period was reused from the period store, encoded (and kept), or there was none. */
  period: 'reused' | 'encoded' | 'none';
}

/** What a render that saves an item is given: the listener, their request, and the parts every render shares. */
export interface RenderJob<TRequest> {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  request: TRequest;
  musicCache: DecodedMusicCache;
  /** Encoded periods kept between renders (a new length of the same speech and music copies one). */
  periods?: PeriodStore;
  /** Where renders wait for a turn when the cores are busy. */
  queue: RenderQueue;
  /** Holds the render's seconds on a lease while it runs. */
  reservations: RenderReservations;
  /** Fires when the listener goes away before the answer is sent (or the service stops). */
  signal: AbortSignal;
  logger: Logger;
}

/**
 * POST /api/generate-audio. First a place in the render queue (refused at once with 503 when
 * the line is full) and the seconds against today's allowance (429): nothing else is done
 * before both, so a refused request costs no text, no speech and no engine call. Then, on its
 * turn: the text (a transcript, or the caller's own custom affirmation), the caller's own
 * reading of it or their cloned voice speaking it (cached by the voice service), the render,
 * the MP3 streamed to the object store, and last the saved affirmation, the used seconds and
 * affirmation.generated in one transaction, only once the file is whole. A listener who leaves
 * (`signal`) before that keeps nothing and is charged nothing: leaving the line costs no work,
 * a render stops, a file being written is never made visible and a stored one is removed, the
 * reserved seconds are released.
 */
export async function generateAffirmationAudio(options: RenderJob<GenerateAudioRequest>): Promise<GeneratedAudio> {
  const { context, userId, caller, request, musicCache, periods, queue, reservations, signal, logger } = options;
  const { config } = context;
  const seconds = request.audioDuration;
  const turn = queue.admit(userId, 'render', signal);
  try {
    const id = randomUUID();
    const fileKey = `affirmations/${userId}/${id}.mp3`;
    const reservation = await reservations.reserve({ id, userId, seconds, fileKey });
    let stored = false;
    let saved = false;
    try {
      // The turn covers the speech, decoding, rendering and storing: the parts that take the
      // cores (or a paid engine) and hold the period.
      await turn.started;
      signal.throwIfAborted();
      const { source, text, track, speech, ownReading } = await affirmationSpeech({ context, userId, caller, request });
      signal.throwIfAborted();
      const music = track ? await decodedMusic({ track, seconds, musicCache, libraryUrl: config.LIBRARY_URL, caller }) : null;
      const started = performance.now();
      const rendered = await renderAffirmationMp3(
        { speech: speech.samples, music, durationSeconds: seconds, musicId: track?.id, musicBelowVoiceDb: request.musicBelowVoiceDb },
        { parallelism: config.RENDER_PARALLELISM, encoder: config.RENDER_ENCODER, periods, signal },
      );
      logger.info(
        {
          mode: rendered.mode,
          encoder: rendered.encoder,
          seconds,
          frames: rendered.frames,
          encodedFrames: rendered.encodedFrames,
          period: rendered.period,
          ms: Math.round(performance.now() - started),
          speechMisses: speech.misses,
        },
        'affirmation rendered',
      );

      signal.throwIfAborted();
      // Written run by run: a local store writes a temporary file renamed into place when
      // whole, S3 uploads parts and completes the upload at the end. Should the process die
      // before the save below, the reservation's lapse removes the file.
      await context.files.put(fileKey, runsStream(rendered.runs, signal), 'audio/mpeg');
      stored = true;
      turn.release();
      signal.throwIfAborted();
      const record = await context.transaction(async (tx) => {
        const record = await insertSavedAffirmation(tx, {
          id,
          ownerId: userId,
          transcriptId: source.kind === 'transcript' ? text.id : null,
          customAffirmationId: source.kind === 'custom' ? text.id : null,
          title: text.title,
          category: text.category,
          voiceSpeed: request.voiceSpeed,
          audioDurationSeconds: seconds,
          backgroundMusicId: track?.id ?? null,
          backgroundMusicTitle: track?.title ?? null,
          fileKey,
          sizeBytes: rendered.size,
          voiceSource: ownReading ? 'own' : 'cloned',
          musicBelowVoiceDb: track ? request.musicBelowVoiceDb : null,
        });
        await reservations.commit(tx, reservation);
        await context.outbox.add(
          tx,
          AffirmationGeneratedV1,
          {
            savedAffirmationId: id,
            userId,
            transcriptId: record.transcriptId,
            customAffirmationId: record.customAffirmationId,
            audioDurationSeconds: seconds,
          },
          { requestId: caller.requestId },
        );
        return record;
      });
      saved = true;
      return { saved: record, runs: rendered.runs, size: rendered.size, speechMisses: speech.misses, period: rendered.period };
    } catch (error) {
      if (stored) await context.files.delete(fileKey).catch(() => undefined);
      throw error;
    } finally {
      // Nothing was saved: give the seconds back.
      await reservations.end(reservation, saved).catch((e) => logger.error({ err: e }, 'could not release reserved seconds'));
    }
  } finally {
    turn.release();
  }
}

/** The runs as a byte stream (views, no copies), ending with an error when the listener leaves. */
export function runsStream(runs: Uint8Array[], signal: AbortSignal): Readable {
  return Readable.from(
    (function* () {
      for (const run of runs) {
        signal.throwIfAborted();
        yield Buffer.from(run.buffer, run.byteOffset, run.byteLength);
      }
    })(),
    { objectMode: false },
  );
}

/**
 * What a render speaks and over what: the text (a transcript, or the caller's own custom
 * affirmation), the chosen track, and the speech. The listener's own reading of the text, when
 * they kept one, is the speech: no engine call and no clone needed. Otherwise the cloned voice
 * speaks it (cached by the voice service), which refuses with 409 'Please record and clone your
 * voice first' when there is no clone. Generating and the balance preview both call it once
 * their turn in the render queue has come.
 */
export async function affirmationSpeech(options: {
  context: ServiceContext<GenerationConfig>;
  userId: string;
  caller: Caller;
  request: { transcriptId?: string; customAffirmationId?: string; backgroundMusicId?: string | null };
}) {
  const { context, userId, caller, request } = options;
  const { config } = context;
  const source = request.transcriptId
    ? ({ kind: 'transcript', id: request.transcriptId } as const)
    : ({ kind: 'custom', id: request.customAffirmationId! } as const);
  const [text, track] = await Promise.all([
    fetchAffirmationText(config.LIBRARY_URL, caller, source),
    request.backgroundMusicId
      ? fetchMusicTrack(config.LIBRARY_URL, caller, request.backgroundMusicId)
      : Promise.resolve<MusicTrackDetails | null>(null),
  ]);
  const ownReading = await ownReadingSamples(context, userId, source);
  const speech = ownReading ? { samples: ownReading, misses: 0 } : await speechForText(config.VOICE_URL, caller, text.content);
  if (speech.samples.length === 0) throw unavailable('Your voice could not speak this text. Please try again.');
  return { source, text, track, speech, ownReading };
}

/**
 * The track for the mix, from the cache when the whole track fits in it. A track the library
 * has measured (length and level) is handed over while it is still being decoded, so the
 * render starts encoding at once; others are decoded first.
 */
export async function decodedMusic(options: {
  track: MusicTrackDetails;
  seconds: number;
  musicCache: DecodedMusicCache;
  libraryUrl: string;
  caller: Caller;
}) {
  const { track, seconds, musicCache, libraryUrl, caller } = options;
  const fetchAudio = () => fetchMusicAudio(libraryUrl, caller, track.id);
  const measured = track.decodedFrames && track.loudness ? { frames: track.decodedFrames, level: track.loudness } : null;
  // The stored duration is ffprobe's: allow a little for a decoder's extra samples.
  const bytes = measured ? measured.frames * 4 : (track.durationSeconds + 1) * SAMPLE_RATE * 4;
  if (!musicCache.fits(bytes)) return decodeToPcm16(await fetchAudio(), 2, SAMPLE_RATE, { maxSeconds: seconds });
  const music = await musicCache.get(track.id, async () =>
    measured
      ? ArrivingMusic.decode(await fetchAudio(), measured.frames, measured.level)
      : decodeToPcm16(await fetchAudio(), 2, SAMPLE_RATE),
  );
  if (music instanceof ArrivingMusic) {
    music.finished.catch(() => musicCache.forget(track.id));
    return music;
  }
  return music.subarray(0, Math.min(music.length, seconds * SAMPLE_RATE * 2));
}
