import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Logger, ServiceContext, Tx } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import type { RenderReservation } from '../data-access/daily-usage-repository';
import type { SavedAffirmationRecord } from '../data-access/saved-affirmation-repository';
import type { Caller } from '../data-access/upstream-request';
import type { DecodedMusicCache } from './decoded-music-cache';
import type { RenderQueue } from './render-queue';
import type { RenderReservations } from './render-reservations';
import type { PeriodStore } from './render/render-affirmation';

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

/** What a render does on its turn, with the file it writes and the seconds it holds. */
export interface RenderTurn {
  /** The saved affirmation's id. */
  id: string;
  fileKey: string;
  /** Holds more seconds for the same file (429 when they are not left). */
  reserveMore(seconds: number): Promise<void>;
  /** Streams the MP3 to the object store, then gives the turn in the render queue back. */
  store(runs: Uint8Array[]): Promise<void>;
  /** Saves the item in one transaction with counting the held seconds as used. */
  save<T>(write: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * The rules every render that saves an item keeps, around `work`: first a place in the render
 * queue (refused at once with 503 when the line is full) and `seconds` against today's
 * allowance (429): nothing else is done before both, so a refused request costs no text, no
 * speech and no engine call. The work starts once the turn has come. A listener who leaves
 * (`signal`) before the item is saved keeps nothing and is charged nothing: leaving the line
 * costs no work, a file being written is never made visible and a stored one is removed, the
 * reserved seconds are released.
 */
export async function inRenderTurn<T>(job: RenderJob<unknown>, seconds: number, work: (turn: RenderTurn) => Promise<T>): Promise<T> {
  const { context, userId, reservations, signal, logger } = job;
  const turn = job.queue.admit(userId, 'render', signal);
  try {
    const id = randomUUID();
    const fileKey = `affirmations/${userId}/${id}.mp3`;
    const held: RenderReservation[] = [await reservations.reserve({ id, userId, seconds, fileKey })];
    let stored = false;
    let saved = false;
    try {
      // The turn covers the speech, decoding, rendering and storing: the parts that take the
      // cores (or a paid engine) and hold the period.
      await turn.started;
      signal.throwIfAborted();
      return await work({
        id,
        fileKey,
        reserveMore: async (more) => {
          held.push(await reservations.reserve({ id: randomUUID(), userId, seconds: more, fileKey }));
        },
        store: async (runs) => {
          signal.throwIfAborted();
          // Written run by run: a local store writes a temporary file renamed into place when
          // whole, S3 uploads parts and completes the upload at the end. Should the process die
          // before the save, the reservation's lapse removes the file.
          await context.files.put(fileKey, runsStream(runs, signal), 'audio/mpeg');
          stored = true;
          turn.release();
          signal.throwIfAborted();
        },
        save: async (write) => {
          const written = await context.transaction(async (tx) => {
            const written = await write(tx);
            for (const reservation of held) await reservations.commit(tx, reservation);
            return written;
          });
          saved = true;
          return written;
        },
      });
    } catch (error) {
      if (stored) await context.files.delete(fileKey).catch(() => undefined);
      throw error;
    } finally {
      // Nothing was saved: give the seconds back.
      for (const reservation of held) {
        await reservations.end(reservation, saved).catch((e) => logger.error({ err: e }, 'could not release reserved seconds'));
      }
    }
  } finally {
    turn.release();
  }
}

/**
 * The columns of a saved render that say where its file is and how it sounds: alike for one
 * affirmation and a session (what it speaks is the caller's to add).
 */
export function renderedAudioColumns(options: {
  turn: RenderTurn;
  userId: string;
  request: { voiceSpeed: number; musicBelowVoiceDb: number };
  seconds: number;
  track: { id: string; title: string } | null;
  size: number;
}) {
  const { turn, userId, request, seconds, track, size } = options;
  return {
    id: turn.id,
    ownerId: userId,
    fileKey: turn.fileKey,
    sizeBytes: size,
    voiceSpeed: request.voiceSpeed,
    audioDurationSeconds: seconds,
    backgroundMusicId: track?.id ?? null,
    backgroundMusicTitle: track?.title ?? null,
    musicBelowVoiceDb: track ? request.musicBelowVoiceDb : null,
  };
}

/** The runs as a byte stream (views, no copies), ending with an error when the listener leaves. */
function runsStream(runs: Uint8Array[], signal: AbortSignal): Readable {
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
