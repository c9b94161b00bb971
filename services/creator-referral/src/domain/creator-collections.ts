import { randomUUID } from 'node:crypto';
import {
  CollectionPublishedV1,
  CollectionWithdrawnV1,
  COLLECTION_MESSAGES,
  COLLECTION_MIN_TEXTS,
  COLLECTIONS_PER_CREATOR_MAX,
  collectionSharePath,
  isUuid,
  ZCollectionInput,
  ZReturnCollection,
  type CollectionCoverColour,
  type CollectionReviewView,
  type CreatorCollectionView,
} from '@innerecho/contracts';
import { badRequest, notFound, type ServiceContext, type Tx } from '@innerecho/kit';
import {
  countCreatorCollections,
  deleteCollection,
  insertCollection,
  listCreatorCollections,
  listSubmittedCollections,
  lockCollection,
  lockOwnCollection,
  updateCollection,
  type CollectionRecord,
  type CollectionValues,
  type StoredCollectionItem,
} from '../data-access/collection-repository';
import { findCreatorById, lockCreator } from '../data-access/referral-repository';

type Context = Pick<ServiceContext, 'db' | 'transaction' | 'outbox'>;

/** Someone else's collection is answered exactly like a missing one: its existence is not revealed. */
const collectionNotFound = () => notFound(COLLECTION_MESSAGES.notFound, 'COLLECTION_NOT_FOUND');

export function toCreatorCollectionView(row: CollectionRecord, referralCode: string): CreatorCollectionView {
  return {
    id: row.id,
    creatorId: row.creatorId,
    title: row.title,
    description: row.description,
    category: row.category,
    coverColour: row.coverColour as CollectionCoverColour,
    status: row.status,
    returnReason: row.status === 'returned' ? row.returnReason : null,
    items: row.items.map((item) => ({
      kind: item.kind,
      transcriptId: item.transcriptId,
      title: item.kind === 'new' ? (item.title ?? '') : null,
      content: item.kind === 'new' ? (item.content ?? '') : null,
    })),
    published: row.published,
    sharePath: row.published ? collectionSharePath(row.id, referralCode) : null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The input, with each new text given the id it keeps for good (and will have in the library).
 * A new text may keep only an id it already had in this collection: a creator cannot claim
 * some other text's id by sending it.
 */
function collectionValues(body: unknown, previous: StoredCollectionItem[] = []): CollectionValues {
  const input = ZCollectionInput.parse(body ?? {});
  const ownNewTexts = new Set(previous.filter((item) => item.kind === 'new').map((item) => item.transcriptId));
  const items: StoredCollectionItem[] = input.items.map((item) =>
    item.kind === 'pick'
      ? { kind: 'pick', transcriptId: item.transcriptId }
      : {
          kind: 'new',
          transcriptId: item.transcriptId && ownNewTexts.has(item.transcriptId) ? item.transcriptId : randomUUID(),
          title: item.title,
          content: item.content,
        },
  );
  return { title: input.title, description: input.description, category: input.category, coverColour: input.coverColour, items };
}

async function referralCodeOf(context: Context, creatorId: string) {
  return (await findCreatorById(context.db, creatorId))?.referralCode ?? '';
}

export async function listOwnCollections(context: Context, creatorId: string): Promise<CreatorCollectionView[]> {
  const code = await referralCodeOf(context, creatorId);
  return (await listCreatorCollections(context.db, creatorId)).map((row) => toCreatorCollectionView(row, code));
}

/** A new draft. The creator's row is held so two tabs cannot both pass the limit. */
export async function createOwnCollection(context: Context, creatorId: string, body: unknown): Promise<CreatorCollectionView> {
  const values = collectionValues(body);
  return context.transaction(async (tx) => {
    const creator = await lockCreator(tx, creatorId);
    if (!creator) throw collectionNotFound();
    if ((await countCreatorCollections(tx, creatorId)) >= COLLECTIONS_PER_CREATOR_MAX) {
      throw badRequest(COLLECTION_MESSAGES.tooManyCollections, 'TOO_MANY_COLLECTIONS');
    }
    return toCreatorCollectionView(await insertCollection(tx, creatorId, values), creator.referralCode);
  });
}

/**
 * Any change makes the collection a draft again: what an admin approved is what is
 * published, and the published version stays in the library until a new one is approved.
 */
export async function updateOwnCollection(context: Context, creatorId: string, id: string, body: unknown): Promise<CreatorCollectionView> {
  if (!isUuid(id)) throw collectionNotFound();
  const code = await referralCodeOf(context, creatorId);
  return context.transaction(async (tx) => {
    const row = await lockOwnCollection(tx, id, creatorId);
    if (!row) throw collectionNotFound();
    const values = collectionValues(body, row.items);
    const updated = await updateCollection(tx, id, { ...values, status: 'draft', returnReason: null, submittedAt: null });
    return toCreatorCollectionView(updated, code);
  });
}

export async function submitOwnCollection(context: Context, creatorId: string, id: string): Promise<CreatorCollectionView> {
  if (!isUuid(id)) throw collectionNotFound();
  const code = await referralCodeOf(context, creatorId);
  return context.transaction(async (tx) => {
    const row = await lockOwnCollection(tx, id, creatorId);
    if (!row) throw collectionNotFound();
    if (row.status !== 'draft' && row.status !== 'returned') throw badRequest(COLLECTION_MESSAGES.notSubmittable, 'NOT_SUBMITTABLE');
    if (row.items.length < COLLECTION_MIN_TEXTS) throw badRequest(COLLECTION_MESSAGES.tooFewToSubmit, 'TOO_FEW_AFFIRMATIONS');
    return toCreatorCollectionView(await updateCollection(tx, id, { status: 'submitted', submittedAt: new Date() }), code);
  });
}

/** Deletes the working copy and, in the same transaction, takes a published version down. */
export async function deleteOwnCollection(context: Context, creatorId: string, id: string, requestId?: string): Promise<void> {
  if (!isUuid(id)) throw collectionNotFound();
  await context.transaction(async (tx) => {
    const row = await lockOwnCollection(tx, id, creatorId);
    if (!row) throw collectionNotFound();
    await deleteCollection(tx, id);
    if (row.published) {
      await context.outbox.add(tx, CollectionWithdrawnV1, { collectionId: id, creatorId, version: row.version + 1 }, { requestId });
    }
  });
}

export async function listCollectionsInReview(context: Context): Promise<CollectionReviewView[]> {
  return (await listSubmittedCollections(context.db)).map(({ collection, creatorName, referralCode }) => ({
    ...toCreatorCollectionView(collection, referralCode),
    creatorName,
  }));
}

async function lockInReview(tx: Tx, id: string) {
  const row = isUuid(id) ? await lockCollection(tx, id) : null;
  if (!row) throw collectionNotFound();
  if (row.status !== 'submitted') throw badRequest(COLLECTION_MESSAGES.notInReview, 'NOT_IN_REVIEW');
  return row;
}

/** Approves the submitted version and, in the same transaction, publishes it to the library. */
export async function approveCollection(context: Context, id: string, requestId?: string): Promise<CreatorCollectionView> {
  return context.transaction(async (tx) => {
    const row = await lockInReview(tx, id);
    const version = row.version + 1;
    const approved = await updateCollection(tx, id, { status: 'approved', published: true, version, reviewedAt: new Date() });
    await context.outbox.add(
      tx,
      CollectionPublishedV1,
      {
        collectionId: row.id,
        creatorId: row.creatorId,
        title: row.title,
        description: row.description,
        category: row.category,
        coverColour: row.coverColour,
        items: row.items.map((item) => ({
          transcriptId: item.transcriptId,
          newText: item.kind === 'new' ? { title: item.title ?? '', content: item.content ?? '' } : null,
        })),
        version,
      },
      { requestId },
    );
    return toCreatorCollectionView(approved, (await findCreatorById(tx, row.creatorId))?.referralCode ?? '');
  });
}

/** Returns the submitted version to its creator with the reason they read; a published version stays. */
export async function returnCollection(context: Context, id: string, body: unknown): Promise<CreatorCollectionView> {
  const { reason } = ZReturnCollection.parse(body ?? {});
  return context.transaction(async (tx) => {
    await lockInReview(tx, id);
    const returned = await updateCollection(tx, id, { status: 'returned', returnReason: reason, reviewedAt: new Date() });
    return toCreatorCollectionView(returned, (await findCreatorById(tx, returned.creatorId))?.referralCode ?? '');
  });
}
