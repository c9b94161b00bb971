import { notFound, type ServiceContext } from '@innerecho/kit';
import { ZSavedAffirmationSpeedUpdate } from '@innerecho/contracts';
import {
  findOwnSavedAffirmation,
  listSavedAffirmations,
  updateSavedAffirmationSpeed,
  type SavedAffirmationRecord,
} from '../data-access/saved-affirmation-repository';

/** A saved affirmation as the spec's Saved tab reads it (section 3), plus the audio URL. */
export interface SavedAffirmationView {
  id: string;
  createdAt: string;
  voiceSpeed: number;
  audioDuration: number;
  audioFilePath: string;
  sizeBytes: number;
  backgroundMusic: { id: string | null; name: string } | null;
  transcript: { id: string; title: string | null; category: string | null } | null;
  customAffirmation: { id: string; title: string | null; category: string | null } | null;
}

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
  };
}

export async function listOwnSavedAffirmations(
  context: ServiceContext<any>,
  ownerId: string,
  sessionId: string,
): Promise<SavedAffirmationView[]> {
  return (await listSavedAffirmations(context.db, ownerId)).map((r) => toView(r, sessionId));
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * Keeps the playback speed the listener chose after generating, so the saved item plays at
 * it and says it. Only the owner's own items; anything else reads as not found.
 */
export async function setSavedAffirmationSpeed(
  context: ServiceContext<any>,
  options: { ownerId: string; sessionId: string; id: string; body: unknown },
): Promise<SavedAffirmationView> {
  const { voiceSpeed } = ZSavedAffirmationSpeedUpdate.parse(options.body ?? {});
  const record = isUuid(options.id)
    ? await updateSavedAffirmationSpeed(context.db, { ownerId: options.ownerId, id: options.id, voiceSpeed })
    : null;
  if (!record) throw notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  return toView(record, options.sessionId);
}

/** The stored MP3 of one of the owner's saved affirmations (a byte range of it when asked). */
export async function openSavedAudio(context: ServiceContext<any>, ownerId: string, id: string, range?: { start: number; end?: number }) {
  const record = isUuid(id) ? await findOwnSavedAffirmation(context.db, ownerId, id) : null;
  if (!record) throw notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  const stat = await context.files.stat(record.fileKey);
  if (!stat) throw notFound('The audio file of this affirmation is missing', 'AUDIO_FILE_MISSING');
  return { record, stat, open: (r?: { start: number; end?: number }) => context.files.get(record.fileKey, r ?? range) };
}
