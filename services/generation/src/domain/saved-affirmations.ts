import { isUuid, MUSIC_BALANCE_DEFAULT_DB, type SavedAffirmationUpdate, type SavedAffirmationView } from '@innerecho/contracts';
import { badRequest, notFound, type ByteRange, type ServiceContext } from '@innerecho/kit';
import {
  deleteOwnSavedAffirmation,
  findOwnSavedAffirmation,
  listSavedAffirmations,
  updateSavedAffirmation,
  type SavedAffirmationRecord,
} from '../data-access/saved-affirmation-repository';

export const savedAudioPath = (sessionId: string, id: string) => `/api/saved-affirmations/${encodeURIComponent(sessionId)}/${id}/audio`;

export function toView(record: SavedAffirmationRecord, sessionId: string): SavedAffirmationView {
  const text = { title: record.title, category: record.category };
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    // Stored as a 4-byte real: 1.05 comes back as 1.0499999523. Speeds live on a 0.05 grid.
    voiceSpeed: Number(record.voiceSpeed.toFixed(2)),
    audioDuration: record.audioDurationSeconds,
    audioFilePath: savedAudioPath(sessionId, record.id),
    sizeBytes: record.sizeBytes,
    backgroundMusic: record.backgroundMusicTitle ? { id: record.backgroundMusicId, name: record.backgroundMusicTitle } : null,
    transcript: record.transcriptId ? { id: record.transcriptId, ...text } : null,
    customAffirmation: record.customAffirmationId ? { id: record.customAffirmationId, ...text } : null,
    voice: record.voiceSource,
    musicBelowVoiceDb: record.backgroundMusicTitle ? (record.musicBelowVoiceDb ?? MUSIC_BALANCE_DEFAULT_DB) : null,
    name: record.sessionParts ? record.title : null,
    sessionParts: record.sessionParts,
    collectionId: record.collectionId,
  };
}

export async function listOwnSavedAffirmations(
  context: ServiceContext,
  ownerId: string,
  sessionId: string,
): Promise<SavedAffirmationView[]> {
  return (await listSavedAffirmations(context.db, ownerId)).map((r) => toView(r, sessionId));
}

/**
 * Keeps the playback speed the listener chose after generating, so the saved affirmation plays at
 * it and says it, and renames an affirmation session (a single affirmation is called by its
 * text's title, which is changed where the text is). Only the owner's own items; anything
 * else reads as not found.
 */
export async function updateOwnSavedAffirmation(
  context: ServiceContext,
  options: { ownerId: string; sessionId: string; id: string; update: SavedAffirmationUpdate },
): Promise<SavedAffirmationView> {
  // An id that cannot exist is a 404 (the body was checked against its declaration before).
  const gone = () => notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  if (!isUuid(options.id)) throw gone();
  const { voiceSpeed, name } = options.update;
  if (name !== undefined) {
    const existing = await findOwnSavedAffirmation(context.db, options.ownerId, options.id);
    if (!existing) throw gone();
    if (!existing.sessionParts) throw badRequest('Only a session can be renamed', 'NOT_A_SESSION');
  }
  const record = await updateSavedAffirmation(context.db, { ownerId: options.ownerId, id: options.id, voiceSpeed, title: name });
  if (!record) throw gone();
  return toView(record, options.sessionId);
}

/**
 * Deletes one of the owner's saved affirmations and its MP3. The seconds it used stay used:
 * the daily allowance counts what was generated, not what is kept. The file goes inside the
 * row's transaction, so a file that cannot be removed leaves the item whole (and the caller a
 * 500 to try again) rather than a row pointing at nothing. Someone else's id, or one already
 * gone, reads as not found.
 */
export async function deleteSavedAffirmation(context: ServiceContext, options: { ownerId: string; id: string }): Promise<void> {
  const gone = () => notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  if (!isUuid(options.id)) throw gone();
  await context.transaction(async (tx) => {
    const fileKey = await deleteOwnSavedAffirmation(tx, options);
    if (!fileKey) throw gone();
    await context.files.delete(fileKey);
  });
}

/** The stored MP3 of one of the owner's saved affirmations: its size, and a way to read it (or a byte range of it). */
export async function openSavedAudio(context: ServiceContext, ownerId: string, id: string) {
  const record = isUuid(id) ? await findOwnSavedAffirmation(context.db, ownerId, id) : null;
  if (!record) throw notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  const missing = () => notFound('The audio file of this affirmation is missing', 'AUDIO_FILE_MISSING');
  const stat = await context.files.stat(record.fileKey);
  if (!stat) throw missing();
  return {
    stat,
    open: async (range?: ByteRange) => {
      const object = await context.files.get(record.fileKey, range);
      if (!object) throw missing();
      return object;
    },
  };
}
