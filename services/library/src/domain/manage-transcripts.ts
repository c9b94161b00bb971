import type { TranscriptInput } from '@innerecho/contracts';
import { badRequest, notFound, type Db, type Tx } from '@innerecho/kit';
import { collectionRepository } from '../data-access/collection-repository';
import { creatorProfileRepository, transcriptRepository } from '../data-access/library-repository';
import { isUuid } from './library-queries';

/** Admin curation of the library. The caller has checked the admin role and parsed the input. */
async function validTranscript(db: Db, input: TranscriptInput) {
  if (input.creatorId && !(await creatorProfileRepository.find(db, input.creatorId))) {
    throw badRequest('Please choose a creator from the list', 'UNKNOWN_CREATOR');
  }
  return { title: input.title, content: input.content, category: input.category, creatorId: input.creatorId ?? null };
}

export async function createTranscript({ db, body }: { db: Db; body: TranscriptInput }) {
  return transcriptRepository.insert(db, await validTranscript(db, body));
}

export async function updateTranscript({ db, id, body }: { db: Db; id: string; body: TranscriptInput }) {
  const values = await validTranscript(db, body);
  const updated = isUuid(id) ? await transcriptRepository.update(db, id, values) : null;
  if (!updated) throw notFound('Transcript not found', 'TRANSCRIPT_NOT_FOUND');
  return updated;
}

export async function deleteTranscript({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id) || !(await transcriptRepository.delete(db, id))) throw notFound('Transcript not found', 'TRANSCRIPT_NOT_FOUND');
}

/**
 * Every generation from a transcript counts one play: its own, and one of each published
 * collection it is in. A collection counts only the plays made while it is published, so a
 * newly approved one starts at none, whatever its affirmations were played before.
 */
export async function countTranscriptPlay(tx: Tx, transcriptId: string) {
  await transcriptRepository.countPlay(tx, transcriptId);
  await collectionRepository.countPlayOf(tx, transcriptId);
}
