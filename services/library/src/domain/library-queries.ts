import { isUuid, LIBRARY_CATEGORIES } from '@innerecho/contracts';
import { badRequest, notFound, type Db } from '@innerecho/kit';
import { creatorProfileRepository, transcriptRepository } from '../data-access/library-repository';

/** Ids come from URLs: a malformed one is simply not found (and never reaches PostgreSQL's uuid parser). */
export { isUuid };

export async function listTranscripts({ db, category }: { db: Db; category?: string }) {
  if (category && category !== 'All' && !(LIBRARY_CATEGORIES as readonly string[]).includes(category)) {
    throw badRequest('Please choose one of the listed categories', 'UNKNOWN_CATEGORY');
  }
  return transcriptRepository.list(db, { category: category && category !== 'All' ? category : undefined });
}

export async function getTranscript({ db, id }: { db: Db; id: string }) {
  const transcript = isUuid(id) ? await transcriptRepository.find(db, id) : null;
  if (!transcript) throw notFound('Transcript not found', 'TRANSCRIPT_NOT_FOUND');
  return transcript;
}

export const listCreators = ({ db }: { db: Db }) => creatorProfileRepository.list(db);

export async function getCreator({ db, id }: { db: Db; id: string }) {
  const creator = isUuid(id) ? await creatorProfileRepository.find(db, id) : null;
  if (!creator) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
  return creator;
}

/** totalPlays, totalAffirmations and the most-played affirmations (3 on the library page, 6 on the creator page). */
export async function creatorAnalytics({ db, id, limit }: { db: Db; id: string; limit: number }) {
  await getCreator({ db, id });
  return figuresOf(db, id, limit);
}

async function figuresOf(db: Db, creatorId: string, limit: number) {
  const totals = await transcriptRepository.creatorTotals(db, creatorId);
  const top = (await transcriptRepository.list(db, { creatorId })).slice(0, limit);
  return { ...totals, topAffirmations: top.map((t) => ({ id: t.id, title: t.title, playCount: t.playCount })) };
}

/**
 * Every creator with their figures, as `creatorAnalytics` gives them one by one: the library's
 * Featured Creators section asks this once instead of once per creator after the list.
 */
export async function featuredCreators({ db, limit }: { db: Db; limit: number }) {
  const creators = await listCreators({ db });
  return Promise.all(creators.map(async (creator) => ({ creator, analytics: await figuresOf(db, creator.id, limit) })));
}

export async function creatorTranscripts({ db, id }: { db: Db; id: string }) {
  await getCreator({ db, id });
  return transcriptRepository.list(db, { creatorId: id });
}
