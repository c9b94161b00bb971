import {
  COLLECTION_COVER_COLOURS,
  COLLECTION_MIN_TEXTS,
  type CollectionCoverColour,
  type CollectionDetailView,
  type CollectionView,
  type EventPayload,
  type CollectionPublishedV1,
  type CollectionWithdrawnV1,
} from '@innerecho/contracts';
import { notFound, type Db, type Tx } from '@innerecho/kit';
import { collectionRepository, type PublishedCollectionRecord } from '../data-access/collection-repository';
import { transcriptRepository, type Transcript } from '../data-access/library-repository';
import { getCreator, isUuid } from './library-queries';
import { countTranscriptPlay } from './manage-transcripts';

/**
 * Publishes an approved collection: its new texts become library affirmations of the creator
 * (under the ids creator-referral gave them, so a later version updates them), and its picks
 * are kept only when they are the creator's own affirmations. An older version than the one
 * kept (a late event) changes nothing.
 */
export async function publishCollection(tx: Tx, event: EventPayload<typeof CollectionPublishedV1>) {
  const kept = await collectionRepository.lock(tx, event.collectionId);
  if (kept && kept.version >= event.version) return;
  const transcriptIds: string[] = [];
  for (const item of event.items) {
    const existing = await transcriptRepository.find(tx, item.transcriptId);
    if (existing && existing.creatorId !== event.creatorId) continue;
    if (item.newText) {
      const values = { title: item.newText.title, content: item.newText.content, category: event.category, creatorId: event.creatorId };
      if (existing) await transcriptRepository.update(tx, existing.id, values);
      else await transcriptRepository.insert(tx, { id: item.transcriptId, ...values });
    } else if (!existing) {
      continue;
    }
    transcriptIds.push(item.transcriptId);
  }
  await collectionRepository.save(tx, {
    id: event.collectionId,
    creatorId: event.creatorId,
    title: event.title,
    description: event.description,
    category: event.category,
    coverColour: event.coverColour,
    transcriptIds,
    sessionCount: kept?.sessionCount ?? 0,
    // A collection's plays start at its first publication; a new version keeps those it had.
    playCount: kept?.playCount ?? 0,
    version: event.version,
    withdrawnAt: null,
    publishedAt: new Date(),
  });
}

/** Takes a collection down (its affirmations stay in the library); kept as a marker so a late, older publication is ignored. */
export async function withdrawCollection(tx: Tx, event: EventPayload<typeof CollectionWithdrawnV1>) {
  const kept = await collectionRepository.lock(tx, event.collectionId);
  if (kept && kept.version >= event.version) return;
  await collectionRepository.save(tx, {
    id: event.collectionId,
    creatorId: event.creatorId,
    title: kept?.title ?? '',
    description: '',
    category: kept?.category ?? '',
    coverColour: kept?.coverColour ?? COLLECTION_COVER_COLOURS[0],
    transcriptIds: [],
    sessionCount: kept?.sessionCount ?? 0,
    playCount: kept?.playCount ?? 0,
    version: event.version,
    withdrawnAt: new Date(),
  });
}

export const removeCreatorCollections = (tx: Tx, creatorId: string) => collectionRepository.deleteOfCreator(tx, creatorId);

/** One session made from the collection; each of its affirmations counts a play, as a single render of it does. */
export async function countAffirmationSession(tx: Tx, event: { collectionId: string | null; transcriptIds: string[] }) {
  if (event.collectionId) await collectionRepository.countSession(tx, event.collectionId);
  // One play for each library transcript in it, however often it repeats there.
  for (const transcriptId of new Set(event.transcriptIds)) await countTranscriptPlay(tx, transcriptId);
}

type ShownRow = { collection: PublishedCollectionRecord; creatorName: string };

/**
 * The collections as listeners see them: only the affirmations still in the library, and only
 * collections that still make a session (an admin may have removed some of their affirmations).
 */
async function shown(db: Db, rows: ShownRow[]): Promise<(CollectionView & { transcripts: Transcript[] })[]> {
  const found = new Map(
    (await transcriptRepository.findMany(db, [...new Set(rows.flatMap((row) => row.collection.transcriptIds))])).map((t) => [t.id, t]),
  );
  return rows.flatMap(({ collection, creatorName }) => {
    const texts = collection.transcriptIds.flatMap((id) => found.get(id) ?? []);
    if (texts.length < COLLECTION_MIN_TEXTS) return [];
    return [
      {
        id: collection.id,
        creatorId: collection.creatorId,
        creatorName,
        title: collection.title,
        description: collection.description,
        category: collection.category,
        coverColour: collection.coverColour as CollectionCoverColour,
        transcriptIds: texts.map((t) => t.id),
        playCount: collection.playCount,
        sessionCount: collection.sessionCount,
        publishedAt: collection.publishedAt.toISOString(),
        transcripts: texts,
      },
    ];
  });
}

const summary = ({ transcripts: _texts, ...view }: CollectionView & { transcripts: Transcript[] }): CollectionView => view;

/** Every shown collection, most sessions first (then the newest). */
export async function listCollections({ db }: { db: Db }): Promise<CollectionView[]> {
  const all = (await shown(db, await collectionRepository.listShown(db))).map(summary);
  return all.sort((a, b) => b.sessionCount - a.sessionCount);
}

export async function listCreatorCollections({ db, id }: { db: Db; id: string }): Promise<CollectionView[]> {
  await getCreator({ db, id });
  return (await shown(db, await collectionRepository.listShown(db, { creatorId: id }))).map(summary);
}

export async function getCollection({ db, id }: { db: Db; id: string }): Promise<CollectionDetailView> {
  const [found] = isUuid(id) ? await shown(db, await collectionRepository.listShown(db, { id })) : [];
  if (!found) throw notFound('Collection not found', 'COLLECTION_NOT_FOUND');
  return found;
}
