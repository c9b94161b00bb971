import {
  AffirmationGeneratedV1,
  AffirmationSessionGeneratedV1,
  CreatorDeletedV1,
  CreatorProfilePublishedV1,
  UserDeletedV1,
} from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { removeCreatorProfile, saveCreatorProfile } from '../../domain/creator-profiles';
import { countTranscriptPlay } from '../../domain/manage-transcripts';
import { customAffirmationRepository } from '../../data-access/library-repository';

/** Creator profiles arrive from creator-referral, which owns the accounts. */
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
    on(CreatorDeletedV1, (p, { tx }) => removeCreatorProfile(tx, p.creatorId)),
  ],
};

/**
 * Every generation from a transcript counts one play (once per event, by the inbox); an
 * affirmation session counts one play for each library transcript in it, however often it
 * repeats there.
 */
export const generationEventsConsumer = {
  name: 'generation-events',
  handlers: [
    on(AffirmationGeneratedV1, async (p, { tx }) => {
      if (p.transcriptId) await countTranscriptPlay(tx, p.transcriptId);
    }),
    on(AffirmationSessionGeneratedV1, async (p, { tx }) => {
      for (const transcriptId of new Set(p.transcriptIds)) await countTranscriptPlay(tx, transcriptId);
    }),
  ],
};

/** A deleted account takes the listener's custom affirmations with it. */
export const identityEventsConsumer = {
  name: 'identity-events',
  handlers: [on(UserDeletedV1, (p, { tx }) => customAffirmationRepository.deleteAllOwned(tx, p.userId))],
};
