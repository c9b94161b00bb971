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
import type { PeriodStore, RenderResult, RenderStream } from './render/render-affirmation';

export interface GeneratedAudio {
  saved: SavedAffirmationRecord;
  /** Engine calls made for this generation (0 when the speech came from the cache). */
  speechMisses: number;
}

/**
 * What the listener is sent once the render's length is known, before its frames are made:
 * the facts its answer's headers state, and the MP3's runs in order as they are made.
 */
export interface StreamedRender {
  /** The id the item is saved under once the file is whole. */
  savedId: string;
  size: number;
  runs: Promise<Uint8Array>[];
  /** Engine calls made for this generation (0 when the speech came from the cache). */
  speechMisses: number;
  /** Whether the loop period was reused from the period store, encoded (and kept), or there was none. */
  period: 'reused' | 'encoded' | 'none';
  voice: 'own' | 'cloned';
  seconds: number;
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
  /** Starts the listener's answer: called once, as soon as the render's length is known. */
  answer: (streamed: StreamedRender) => void;
}

/** What a render does on its turn, with the file it writes and the seconds it holds. */
export interface RenderTurn {
  /** The saved affirmation's id. */
  id: string;
  fileKey: string;
  /** Holds more seconds for the same file (429 when they are not left). */
  reserveMore(seconds: number): Promise<void>;
  /**
   * Sends the render to the listener (`answer`) and streams it to the object store, both as
   * its runs are made; gives the turn in the render queue back once stored, and resolves with
   * the whole render.
   */
  deliver(rendering: RenderStream, facts: Pick<StreamedRender, 'speechMisses' | 'voice' | 'seconds'>): Promise<RenderResult>;
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
        deliver: async (rendering, facts) => {
          signal.throwIfAborted();
          job.answer({ savedId: id, size: rendering.size, runs: rendering.runs, period: rendering.period, ...facts });
          // Written run by run as made: a local store writes a temporary file renamed into place
          // when whole, S3 uploads parts and completes the upload at the end. Should the process
          // die before the save, the reservation's lapse removes the file.
          await context.files.put(fileKey, runsStream(rendering.runs, signal), 'audio/mpeg');
          stored = true;
          turn.release();
          signal.throwIfAborted();
          return rendering.finished;
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

/** The runs as a byte stream as they are made (views, no copies), ending with an error when the listener leaves or the render fails. */
function runsStream(runs: Promise<Uint8Array>[], signal: AbortSignal): Readable {
  return Readable.from(
    (async function* () {
      for (const made of runs) {
        const run = await made;
        signal.throwIfAborted();
        if (run.length > 0) yield Buffer.from(run.buffer, run.byteOffset, run.byteLength);
      }
    })(),
    { objectMode: false },
  );
}
