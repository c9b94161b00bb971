import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  isUuid,
  VOICE_SAMPLE_MAX_SECONDS,
  type OwnRecordingView,
  customAffirmationRef,
  parseCustomAffirmationRef,
} from '@innerecho/contracts';
import { decodeToFloat, decodeWav, notFound, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { fetchAffirmationText } from '../data-access/library-client';
import {
  deleteOwnRecording,
  findOwnRecording,
  upsertOwnRecording,
  type AffirmationSource,
  type OwnRecordingRecord,
} from '../data-access/own-recording-repository';
import type { Caller } from '../data-access/upstream-request';
import { prepareReading } from '../data-access/voice-reading-client';
import { SAMPLE_RATE } from './render/output-format';

/** Where the listeners' own readings are stored: one folder per listener. */
export const OWN_RECORDINGS_PREFIX = 'own-recordings/';

type Context = ServiceContext<GenerationConfig>;

/**
 * The page's affirmation id: a transcript id, or custom-{id} for the listener's own
 * affirmation. Anything else cannot exist, so it is a 404.
 */
export function affirmationSourceOf(affirmationId: string): AffirmationSource {
  const customId = parseCustomAffirmationRef(affirmationId);
  const id = customId ?? affirmationId;
  if (!isUuid(id)) throw notFound('Affirmation not found', 'AFFIRMATION_NOT_FOUND');
  return { kind: customId === null ? 'transcript' : 'custom', id };
}

const affirmationIdOf = (source: AffirmationSource) => (source.kind === 'custom' ? customAffirmationRef(source.id) : source.id);

export const ownRecordingAudioPath = (sessionId: string, source: AffirmationSource) =>
  `/api/own-recordings/${encodeURIComponent(sessionId)}/${affirmationIdOf(source)}/audio`;

function toView(record: OwnRecordingRecord, sessionId: string): OwnRecordingView {
  const source = { kind: record.sourceKind, id: record.sourceId };
  return {
    affirmationId: affirmationIdOf(source),
    seconds: Math.round(record.durationMs / 100) / 10,
    audioFilePath: ownRecordingAudioPath(sessionId, source),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/**
 * The least speech a reading of `text` can hold: a brisk reader says about 4.5 words a
 * second, so a take with less speech than that skipped part of the text.
 */
export function minimumReadingSeconds(text: string): number {
  return Math.max(0.5, Math.round((wordsIn(text) / 4.5) * 10) / 10);
}

/**
 * The longest take a reading of `text` can need: half a minute to settle in and stop, and
 * two seconds a word (a slow, soulful reader says about one word a second), within the voice
 * sample's five minutes. A longer file is not a reading of this text, and is refused before
 * it is decoded.
 */
export function maximumReadingSeconds(text: string): number {
  return Math.min(VOICE_SAMPLE_MAX_SECONDS, 30 + 2 * wordsIn(text));
}

const wordsIn = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/**
 * Keeps the listener's own reading of an affirmation: the text must be one they can use
 * (a library transcript or their own custom affirmation), the take passes the voice sample's
 * checks, and the trimmed, normalised WAV replaces any earlier reading of the same text.
 * No engine is called and no allowance is used.
 */
export async function saveOwnRecording(options: {
  context: Context;
  userId: string;
  sessionId: string;
  caller: Caller;
  affirmationId: string;
  /** Where the reading was uploaded (the voice sample address). */
  uploadURL: string;
}): Promise<OwnRecordingView> {
  const { context, userId, caller } = options;
  const source = affirmationSourceOf(options.affirmationId);
  const { uploadURL } = options;
  const text = await fetchAffirmationText(context.config.LIBRARY_URL, caller, source);
  const reading = await prepareReading(context.config.VOICE_URL, caller, {
    uploadURL,
    minSpeechSeconds: minimumReadingSeconds(text.content),
    maxSeconds: maximumReadingSeconds(text.content),
  });
  const fileKey = `${OWN_RECORDINGS_PREFIX}${userId}/${source.kind}-${source.id}-${randomBytes(6).toString('hex')}.wav`;
  await context.files.put(fileKey, reading.wav, 'audio/wav');
  let saved: Awaited<ReturnType<typeof upsertOwnRecording>>;
  try {
    saved = await upsertOwnRecording(context.db, { ownerId: userId, source, fileKey, durationMs: Math.round(reading.seconds * 1000) });
  } catch (error) {
    await context.files.delete(fileKey).catch(() => undefined);
    throw error;
  }
  if (saved.replacedFileKey) await context.files.delete(saved.replacedFileKey).catch(() => undefined);
  return toView(saved.record, options.sessionId);
}

const noRecording = () => notFound('You have not recorded this affirmation yet', 'OWN_RECORDING_NOT_FOUND');

/**
 * The listener's kept reading, or null: having none is the usual state of a text, not an
 * error (the generate page asks for every text it opens).
 */
export async function describeOwnRecording(context: Context, userId: string, sessionId: string, affirmationId: string) {
  const record = await findOwnRecording(context.db, userId, affirmationSourceOf(affirmationId));
  return record ? toView(record, sessionId) : null;
}

/** Deletes the listener's reading: later renders of the text use the cloned voice again. */
export async function removeOwnRecording(context: Context, userId: string, affirmationId: string): Promise<void> {
  const fileKey = await deleteOwnRecording(context.db, userId, affirmationSourceOf(affirmationId));
  if (!fileKey) throw noRecording();
  await context.files.delete(fileKey).catch(() => undefined);
}

/** The kept reading as a WAV, to listen back to. */
export async function openOwnRecording(context: Context, userId: string, affirmationId: string) {
  const record = await findOwnRecording(context.db, userId, affirmationSourceOf(affirmationId));
  if (!record) throw noRecording();
  const stat = await context.files.stat(record.fileKey);
  if (!stat) throw noRecording();
  return {
    stat,
    open: async (range?: Parameters<Context['files']['get']>[1]) => {
      const object = await context.files.get(record.fileKey, range);
      if (!object) throw noRecording();
      return object;
    },
  };
}

/** The listener's own reading of this text as mono float PCM at the render's rate, or null when they have none. */
export async function ownReadingSamples(context: Context, userId: string, source: AffirmationSource): Promise<Float32Array | null> {
  const record = await findOwnRecording(context.db, userId, source);
  if (!record) return null;
  const object = await context.files.get(record.fileKey);
  if (!object) return null;
  const wav = await buffer(object.body);
  const clip = decodeWav(wav);
  if (clip && clip.channels === 1 && clip.sampleRate === SAMPLE_RATE) return clip.samples;
  // Checked when it was saved; bounded again, as every decode of a listener's audio is.
  return decodeToFloat(wav, 1, SAMPLE_RATE, { maxSeconds: VOICE_SAMPLE_MAX_SECONDS + 10 });
}
