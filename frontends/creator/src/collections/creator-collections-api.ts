import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKeyOfAll } from '@innerecho/ui';

/** The signed-in creator's collections, drafts and reviews included. */
export const CREATOR_COLLECTIONS_KEY = apiQueryKeyOfAll('GET /api/creator-collections');
export const useCreatorCollections = () => useQuery(apiQuery('GET /api/creator-collections'));

/**
 * Whether the library has the creator's public profile yet: it learns of a new creator from an
 * event, and until then its reads about the creator answer 404. Asked of the public list, so
 * the dashboard never makes a request that fails in the meantime.
 */
function useInLibrary(creatorId: string) {
  const creators = useQuery(apiQuery('GET /api/creators'));
  return creators.data?.some((creator) => creator.id === creatorId) ?? false;
}

/** The creator's published collections with their plays and sessions (the library's public figures). */
export function usePublishedCollections(creatorId: string) {
  const known = useInLibrary(creatorId);
  return useQuery({ ...apiQuery('GET /api/creators/:id/collections', { params: { id: creatorId } }), enabled: known });
}

/** The creator's affirmations in the library, to pick from. */
export function useOwnTranscripts(creatorId: string) {
  const known = useInLibrary(creatorId);
  return useQuery({ ...apiQuery('GET /api/creators/:id/transcripts', { params: { id: creatorId } }), enabled: known });
}
