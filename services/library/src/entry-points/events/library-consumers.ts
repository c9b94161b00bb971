import { eq, sql } from 'drizzle-orm';
import { AffirmationGeneratedV1, CreatorDeletedV1, CreatorProfilePublishedV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { creatorProfiles, transcripts } from '../../data-access/schema';

/** Creator profiles arrive from creator-referral, which owns the accounts. */
export const creatorEventsConsumer = {
  name: 'creator-events',
  handlers: [
    on(CreatorProfilePublishedV1, async (p, { tx }) => {
      const values = { name: p.name, bio: p.bio, profilePicUrl: p.profilePicUrl, youtubeChannel: p.youtubeChannel, updatedAt: new Date() };
      await tx
        .insert(creatorProfiles)
        .values({ id: p.creatorId, ...values })
        .onConflictDoUpdate({ target: creatorProfiles.id, set: values });
    }),
    on(CreatorDeletedV1, async (p, { tx }) => {
      await tx.delete(creatorProfiles).where(eq(creatorProfiles.id, p.creatorId));
      // The creator's transcripts stay in the library, without a creator.
      await tx.update(transcripts).set({ creatorId: null }).where(eq(transcripts.creatorId, p.creatorId));
    }),
  ],
};

/** Every generation from a transcript counts one play (once per event, by the inbox). */
export const generationEventsConsumer = {
  name: 'generation-events',
  handlers: [
    on(AffirmationGeneratedV1, async (p, { tx }) => {
      if (!p.transcriptId) return;
      await tx
        .update(transcripts)
        .set({ playCount: sql`${transcripts.playCount} + 1` })
        .where(eq(transcripts.id, p.transcriptId));
    }),
  ],
};
