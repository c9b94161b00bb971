import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  canKeepOffline,
  getSessionId,
  keepOffline,
  listOfflineCopies,
  removeAllOfflineCopies,
  removeOfflineCopy,
  toast,
  useAuth,
} from '@innerecho/ui';
import { endpointUrl, type SavedAffirmationView } from '@innerecho/contracts';
import { streakUrl } from '../listening-streak/listening-streak-api';

/** Not an endpoint's key: the copies this device keeps are read from its own storage, never from the API. */
const offlineCopiesQueryKey = (userId: string) => ['offline-copies', userId] as const;

/** The signed-in reads the Saved tab opens with: kept beside the MP3s so it opens offline. */
const savedTabReads = () => [
  endpointUrl('GET /api/auth/session', {}),
  endpointUrl('GET /api/saved-affirmations/:sessionId', { params: { sessionId: getSessionId() } }),
  streakUrl(),
];

/**
 * The saved affirmations the listener keeps on this device: which they are, the space they
 * take, and keeping or removing one (or all).
 */
export function useOfflineCopies() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const available = canKeepOffline() && userId !== '';
  const queryClient = useQueryClient();
  const queryKey = offlineCopiesQueryKey(userId);
  const copies = useQuery({ queryKey, queryFn: () => listOfflineCopies(userId), enabled: available });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const keep = useMutation({
    mutationFn: (item: SavedAffirmationView) =>
      keepOffline({ userId, savedId: item.id, audioUrl: item.audioFilePath, personalReads: savedTabReads() }),
    onSettled: refresh,
    onError: () =>
      toast({
        variant: 'destructive',
        title: "We couldn't keep it offline",
        description: 'The download did not finish. Please check your connection and try again.',
      }),
  });
  const remove = useMutation({ mutationFn: (savedId: string) => removeOfflineCopy(userId, savedId), onSettled: refresh });
  const removeAll = useMutation({ mutationFn: () => removeAllOfflineCopies(userId), onSettled: refresh });

  const list = copies.data ?? [];
  return {
    available,
    userId,
    copies: list,
    totalBytes: list.reduce((sum, copy) => sum + copy.bytes, 0),
    hasOfflineCopy: (savedId: string) => list.some((copy) => copy.savedId === savedId),
    keep,
    remove,
    removeAll,
  };
}
