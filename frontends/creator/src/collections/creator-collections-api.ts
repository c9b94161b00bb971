import { useQuery } from '@tanstack/react-query';
import type { CollectionView, CreatorCollectionView, CreatorProfileView, TranscriptView } from '@innerecho/contracts';

/** The signed-in creator's collections, drafts and reviews included. */
export const CREATOR_COLLECTIONS_KEY = ['/api/creator-collections'] as const;
export const useCreatorCollections = () => useQuery<CreatorCollectionView[]>({ queryKey: CREATOR_COLLECTIONS_KEY });

/**
 * Whether the library has the creator's public profile yet: it learns of a new creator from an
 * event, and until then its reads about the creator answer 404. Asked of the public list, so
 * the dashboard never makes a request that fails in the meantime.
 */
function useInLibrary(creatorId: string) {
  const creators = useQuery<CreatorProfileView[]>({ queryKey: ['/api/creators'] });
  return creators.data?.some((creator) => creator.id === creatorId) ?? false;
}

/** The creator's published collections with their plays and sessions (the library's public figures). */
export function usePublishedCollections(creatorId: string) {
  const known = useInLibrary(creatorId);
  return useQuery<CollectionView[]>({ queryKey: ['/api/creators', creatorId, 'collections'], enabled: known });
}

/** The creator's affirmations in the library, to pick from. */
export function useOwnTranscripts(creatorId: string) {
  const known = useInLibrary(creatorId);
  return useQuery<TranscriptView[]>({ queryKey: ['/api/creators', creatorId, 'transcripts'], enabled: known });
}
