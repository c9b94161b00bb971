import {
  AffirmationGeneratedV1,
  AffirmationSessionGeneratedV1,
  CollectionPublishedV1,
  CollectionWithdrawnV1,
  CreatorDeletedV1,
  CreatorProfilePublishedV1,
  UserDeletedV1,
} from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { removeCreatorProfile, saveCreatorProfile } from '../../domain/creator-profiles';
import {
  countAffirmationSession,
  countPlay,
  publishCollection,
  removeCreatorCollections,
  withdrawCollection,
} from '../../domain/collections';
import { customAffirmationRepository } from '../../data-access/library-repository';

/** Creator profiles and approved collections arrive from creator-referral, which owns the accounts and the reviews. */
export const creatorEventsConsumer = {
  name: 'creator-events',
  handlers: [
    on(CreatorProfilePublishedV1, (p, { tx }) =>
      saveCreatorProfile(tx, {
        id: p.creatorId,
        name: p.name,
        bio: p.bio,
        profilePicUrl: p.profilePicUrl,
        youtubeChannel: p.youtubeChannel,
      }),
    ),
    on(CreatorDeletedV1, async (p, { tx }) => {
      await removeCreatorProfile(tx, p.creatorId);
      await removeCreatorCollections(tx, p.creatorId);
    }),
    on(CollectionPublishedV1, (p, { tx }) => publishCollection(tx, p)),
    on(CollectionWithdrawnV1, (p, { tx }) => withdrawCollection(tx, p)),
  ],
};

/**
 * Every generation from a transcript counts one play (once per event, by the inbox); an
 * affirmation session counts one play for each library transcript in it, however often it
 * repeats there, and, made from a collection, one session for that collection.
 */
export const generationEventsConsumer = {
  name: 'generation-events',
  handlers: [
    on(AffirmationGeneratedV1, async (p, { tx }) => {
      if (p.transcriptId) await countPlay(tx, p.transcriptId);
    }),
    on(AffirmationSessionGeneratedV1, (p, { tx }) => countAffirmationSession(tx, p)),
  ],
};

/** A deleted account takes the listener's custom affirmations with it. */
export const identityEventsConsumer = {
  name: 'identity-events',
  handlers: [on(UserDeletedV1, (p, { tx }) => customAffirmationRepository.deleteAllOwned(tx, p.userId))],
};
