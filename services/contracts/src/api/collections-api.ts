import { z } from 'zod';
import { LIBRARY_CATEGORIES } from './categories';
import { LIBRARY_MESSAGES, TITLE_MAX, TRANSCRIPT_CONTENT_MAX, ZTranscriptView } from './library-api';
import { textField } from './text';

/**
 * Creators' collections: a named, ordered set of a creator's affirmations. The creator
 * writes it on their dashboard (creator-referral keeps the working copy and its review), an
 * admin approves it or returns it with a reason, and the approved version is published to
 * the library, which shows it on the creator's page and in the library.
 */

/** A listener turns a collection into one session, which holds 2 to 10 affirmations. */
export const COLLECTION_MIN_TEXTS = 2;
export const COLLECTION_MAX_TEXTS = 10;
export const COLLECTION_TITLE_MAX = 80;
export const COLLECTION_DESCRIPTION_MAX = 500;
export const COLLECTION_RETURN_REASON_MAX = 500;
/** A creator's own collections, drafts included: far more than anyone curates by hand. */
export const COLLECTIONS_PER_CREATOR_MAX = 50;

/** Covers are a colour of this palette, named rather than given as CSS so the server never holds styling. */
export const COLLECTION_COVER_COLOURS = ['dawn', 'meadow', 'ocean', 'lavender', 'ember', 'night'] as const;
export type CollectionCoverColour = (typeof COLLECTION_COVER_COLOURS)[number];

/**
 * draft: being written; submitted: waiting for an admin; approved: this version is published;
 * returned: an admin sent it back with a reason (edit and submit again).
 */
export const COLLECTION_STATUSES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const COLLECTION_MESSAGES = {
  title: 'Please give the collection a title',
  titleTooLong: `Please keep the title to ${COLLECTION_TITLE_MAX} characters or less`,
  descriptionTooLong: `Please keep the description to ${COLLECTION_DESCRIPTION_MAX} characters or less`,
  cover: 'Please choose one of the cover colours',
  noItems: 'Add at least one affirmation',
  tooManyItems: `A collection holds at most ${COLLECTION_MAX_TEXTS} affirmations`,
  tooFewToSubmit: `Add at least ${COLLECTION_MIN_TEXTS} affirmations before submitting`,
  duplicate: 'Each affirmation can be in the collection only once',
  pick: 'Please choose one of your affirmations',
  reason: 'Please say why the collection is returned',
  reasonTooLong: `Please keep the reason to ${COLLECTION_RETURN_REASON_MAX} characters or less`,
  notSubmittable: 'This collection is already submitted or approved',
  notInReview: 'This collection is not waiting for review',
  tooManyCollections: `You can keep at most ${COLLECTIONS_PER_CREATOR_MAX} collections`,
  notFound: 'Collection not found',
} as const;

const requiredText = (max: number, tooLong: string, options: { multiline?: boolean } = {}) =>
  textField({ max, tooLong, required: LIBRARY_MESSAGES.missing, multiline: options.multiline });

/** One affirmation of a collection: one of the creator's library affirmations, or a new text written for it. */
export const ZCollectionItemInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('pick'), transcriptId: z.string().uuid(COLLECTION_MESSAGES.pick) }),
    z.object({
      kind: z.literal('new'),
      /** Set when the text was saved before (it keeps its id, which becomes its library id once approved). */
      transcriptId: z.string().uuid().optional(),
      title: requiredText(TITLE_MAX, LIBRARY_MESSAGES.titleTooLong),
      content: requiredText(TRANSCRIPT_CONTENT_MAX, LIBRARY_MESSAGES.transcriptTooLong, { multiline: true }),
    }),
  ],
  { error: 'Each affirmation is either one of yours or a new text' },
);
export type CollectionItemInput = z.infer<typeof ZCollectionItemInput>;

/** POST /api/creator-collections and PUT /api/creator-collections/{id}: the whole collection, in order. */
export const ZCollectionInput = z.object({
  title: textField({ max: COLLECTION_TITLE_MAX, tooLong: COLLECTION_MESSAGES.titleTooLong, required: COLLECTION_MESSAGES.title }),
  description: textField({ max: COLLECTION_DESCRIPTION_MAX, tooLong: COLLECTION_MESSAGES.descriptionTooLong, multiline: true })
    .optional()
    .default(''),
  category: z.enum(LIBRARY_CATEGORIES, { error: LIBRARY_MESSAGES.category }),
  coverColour: z.enum(COLLECTION_COVER_COLOURS, { error: COLLECTION_MESSAGES.cover }),
  items: z
    .array(ZCollectionItemInput, { error: COLLECTION_MESSAGES.noItems })
    .min(1, COLLECTION_MESSAGES.noItems)
    .max(COLLECTION_MAX_TEXTS, COLLECTION_MESSAGES.tooManyItems)
    .refine((items) => {
      const ids = items.map((item) => item.transcriptId).filter(Boolean);
      return new Set(ids).size === ids.length;
    }, COLLECTION_MESSAGES.duplicate),
});
export type CollectionInput = z.infer<typeof ZCollectionInput>;

/** POST /api/collection-reviews/{id}/return: why, for the creator to read. */
export const ZReturnCollection = z.object({
  reason: textField({
    max: COLLECTION_RETURN_REASON_MAX,
    tooLong: COLLECTION_MESSAGES.reasonTooLong,
    required: COLLECTION_MESSAGES.reason,
    multiline: true,
  }),
});

/** An item as stored: a pick names a library affirmation; a new text carries its words (and the id it will have in the library). */
export const ZCollectionItemView = z.object({
  kind: z.enum(['pick', 'new']),
  transcriptId: z.string(),
  title: z.string().nullable(),
  content: z.string().nullable(),
});
export type CollectionItemView = z.infer<typeof ZCollectionItemView>;

/** The creator's working copy of a collection, as the creator (and, with the creator's name, an admin) sees it. */
export const ZCreatorCollectionView = z.object({
  id: z.string(),
  creatorId: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  coverColour: z.enum(COLLECTION_COVER_COLOURS),
  status: z.enum(COLLECTION_STATUSES),
  /** Why an admin returned it (status 'returned'). */
  returnReason: z.string().nullable(),
  items: z.array(ZCollectionItemView),
  /** An approved version is in the library (it stays there while a newer version is edited or reviewed). */
  published: z.boolean(),
  /** The collection's link with the creator's referral code: `/collections/{id}?ref={code}`; null until published. */
  sharePath: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CreatorCollectionView = z.infer<typeof ZCreatorCollectionView>;

/** GET /api/collection-reviews (admin): a submitted collection and who made it. */
export const ZCollectionReviewView = ZCreatorCollectionView.extend({ creatorName: z.string() });
export type CollectionReviewView = z.infer<typeof ZCollectionReviewView>;

/**
 * A published collection as the library serves it. playCount: the plays of its affirmations
 * since the collection was first published (every render that spoke one of them, alone or in
 * a session; plays from before it was published are not its own); sessionCount: sessions made
 * from the collection.
 */
export const ZCollectionView = z.object({
  id: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  coverColour: z.enum(COLLECTION_COVER_COLOURS),
  /** The library ids of its affirmations, in the creator's order. */
  transcriptIds: z.array(z.string()),
  playCount: z.number(),
  sessionCount: z.number(),
  publishedAt: z.string(),
});
export type CollectionView = z.infer<typeof ZCollectionView>;

/** GET /api/collections/{id}: the collection with its affirmations, in order. */
export const ZCollectionDetailView = ZCollectionView.extend({ transcripts: z.array(ZTranscriptView) });
export type CollectionDetailView = z.infer<typeof ZCollectionDetailView>;

/** The subscriber route that builds a session from library affirmations, in order, for a collection. */
export const collectionSessionPath = (collection: Pick<CollectionView, 'id' | 'transcriptIds'>) =>
  `/sessions/new?transcripts=${collection.transcriptIds.join(',')}&collection=${collection.id}`;

/** A collection's page, with the creator's referral code: visitors who arrive through it are attributed to the creator. */
export const collectionSharePath = (collectionId: string, referralCode: string) =>
  `/collections/${collectionId}?ref=${encodeURIComponent(referralCode)}`;
