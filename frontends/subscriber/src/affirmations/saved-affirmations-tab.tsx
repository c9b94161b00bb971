import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import {
  bareList,
  apiQuery,
  Card,
  EmptyState,
  ErrorState,
  LinkButton,
  Skeleton,
  getSessionId,
  TextLink,
  toast,
  useAuth,
} from '@innerecho/ui';
import { SignedInTab } from './signed-in-tab';
import { PRICING_PATH } from '../access/start-trial-prompt';
import { DeletedRow } from '../deleting/deleted-row';
import { deleteFailureMessage, deleteWithUndo, pendingDeleteKey, usePendingDeletes } from '../deleting/undoable-delete';
import { DAILY_ALLOWANCE_QUERY_KEY, savedAffirmationDelete, savedAffirmationsQueryKey } from '../generate/generation-api';
import { ListeningStreakCard } from '../listening-streak/listening-streak-card';
import { OfflineSpaceCard } from '../offline/offline-space-card';
import { useOfflineCopies } from '../offline/use-offline-copies';
import { SavedAffirmationItem, savedAffirmationTitle } from '../saved/saved-affirmation-item';
import type { SavedAffirmationView } from '@innerecho/contracts';

export type SavedAffirmationsTabProps = Record<string, never>;

/**
 * The listener's generated affirmations, newest first. Mounted only while the tab is open, so
 * the list is requested only then, and only for someone signed in: a visitor is asked to sign
 * in instead of being shown a failed request.
 */
export function SavedAffirmationsTab(_props: SavedAffirmationsTabProps) {
  return (
    <SignedInTab
      id="saved-title"
      title="Your Saved Affirmations"
      description={
        <>
          Replay or download them as often as you like. Your own words are under{' '}
          <TextLink to="/affirmations?tab=mine">My Affirmations</TextLink>.
        </>
      }
      skeleton={<SavedListSkeleton />}
      signIn={{
        title: 'Sign in to see your saved affirmations',
        description: 'Everything you generate is saved to your account, ready to replay or download.',
      }}
    >
      <SavedList />
    </SignedInTab>
  );
}

function SavedList() {
  const { hasActiveSubscription } = useAuth();
  const sessionId = getSessionId();
  const saved = useQuery(apiQuery('GET /api/saved-affirmations/:sessionId', { params: { sessionId } }));
  const pending = usePendingDeletes();
  const queryClient = useQueryClient();
  const offline = useOfflineCopies();

  // The delete goes out when the undo window ends; then the list and the offline copy follow.
  const remove = (item: SavedAffirmationView, title: string) =>
    deleteWithUndo({
      ...savedAffirmationDelete(item.id),
      label: title,
      onDeleted: () => {
        if (offline.hasOfflineCopy(item.id)) offline.remove.mutate(item.id);
        void queryClient.invalidateQueries({ queryKey: savedAffirmationsQueryKey(sessionId) });
        void queryClient.invalidateQueries({ queryKey: DAILY_ALLOWANCE_QUERY_KEY });
      },
      onFailed: (error) => toast({ title: `"${title}" was not deleted`, description: deleteFailureMessage(error), variant: 'destructive' }),
    });

  if (saved.isLoading) return <SavedListSkeleton />;
  if (saved.isError) {
    return (
      <ErrorState title="We couldn't load your saved affirmations" description="Please try again." onRetry={() => void saved.refetch()} />
    );
  }
  if (!saved.data?.length) {
    return hasActiveSubscription ? (
      <EmptyState
        icon={<Bookmark size={26} />}
        title="No saved affirmations yet"
        description="Every affirmation you generate is saved here, ready to replay or download without using any of your daily hour."
        action={<LinkButton to="/create-affirmation">Create Your Own</LinkButton>}
      />
    ) : (
      <EmptyState
        icon={<Bookmark size={26} />}
        title="No saved affirmations yet"
        description="Start your free trial to record your voice and generate your first affirmation. It will be saved here."
        action={<LinkButton to={PRICING_PATH}>Start Free Trial</LinkButton>}
      />
    );
  }
  return (
    <>
      <ListeningStreakCard />
      <OfflineSpaceCard />
      <ul aria-label="Saved affirmations" css={{ ...bareList, display: 'grid', gap: 16 }}>
        {saved.data.map((item) => {
          const title = savedAffirmationTitle(item);
          const path = pendingDeleteKey(savedAffirmationDelete(item.id));
          return pending.has(path) ? (
            <DeletedRow key={item.id} path={path} label={title} kind="saved affirmation" />
          ) : (
            <SavedAffirmationItem key={item.id} item={item} onDelete={() => remove(item, title)} />
          );
        })}
      </ul>
    </>
  );
}

function SavedListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading saved affirmations" css={{ ...bareList, display: 'grid', gap: 16 }}>
      {[0, 1, 2].map((i) => (
        <Card as="li" key={i} aria-hidden css={{ display: 'grid', gap: 12 }}>
          <Skeleton width="45%" height={22} />
          <Skeleton width={150} height={22} radius={999} />
          <Skeleton width="70%" height={14} />
        </Card>
      ))}
    </ul>
  );
}
