import type { CreatorProfileView } from '@innerecho/contracts';
import type { Tx } from '@innerecho/kit';
import { creatorProfileRepository, transcriptRepository } from '../data-access/library-repository';

/**
 * Creators' public profiles arrive from creator-referral, which owns the accounts: the
 * library keeps the newest one it heard of, and forgets it when the account goes.
 */
export async function saveCreatorProfile(tx: Tx, profile: CreatorProfileView) {
  await creatorProfileRepository.save(tx, profile);
}

/** The creator's transcripts stay in the library, without a creator. */
export async function removeCreatorProfile(tx: Tx, creatorId: string) {
  await creatorProfileRepository.delete(tx, creatorId);
  await transcriptRepository.detachCreator(tx, creatorId);
}
