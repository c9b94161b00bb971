import { useQuery } from '@tanstack/react-query';
import type { CollectionView, CreatorCollectionView, TranscriptView } from '@innerecho/contracts';

/** The signed-in creator's collections, drafts and reviews included. */
export const CREATOR_COLLECTIONS_KEY = ['/api/creator-collections'] as const;
export const useCreatorCollections = () => useQuery<CreatorCollectionView[]>({ queryKey: CREATOR_COLLECTIONS_KEY });

/** The creator's published collections with their plays and sessions (the library's public figures). */
export const usePublishedCollections = (creatorId: string) =>
  useQuery<CollectionView[]>({ queryKey: ['/api/creators', creatorId, 'collections'] });

/** The creator's affirmations in the library, to pick from. */
export const useOwnTranscripts = (creatorId: string) =>
  useQuery<TranscriptView[]>({ queryKey: ['/api/creators', creatorId, 'transcripts'] });
