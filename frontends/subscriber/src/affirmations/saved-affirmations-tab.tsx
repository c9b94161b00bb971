import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { Card, EmptyState, ErrorState, LinkButton, Skeleton, getSessionId } from '@innerecho/ui';
import { savedAffirmationsQueryKey, type SavedAffirmation } from '../generate/generation-api';
import { SavedAffirmationItem } from '../saved/saved-affirmation-item';

export type SavedAffirmationsTabProps = Record<string, never>;

/**
 * The user's generated affirmations, newest first. Mounted only while the tab is open, so
 * the list is requested only then (spec section 7).
 */
export function SavedAffirmationsTab(_props: SavedAffirmationsTabProps) {
  const sessionId = getSessionId();
  const saved = useQuery<SavedAffirmation[]>({ queryKey: savedAffirmationsQueryKey(sessionId), enabled: !!sessionId });

  if (saved.isLoading) {
    return (
      <ul
        aria-busy="true"
        aria-label="Loading saved affirmations"
        css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }}
      >
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
  if (saved.isError) {
    return (
      <ErrorState title="We couldn't load your saved affirmations" description="Please try again." onRetry={() => void saved.refetch()} />
    );
  }
  if (!saved.data?.length) {
    return (
      <EmptyState
        icon={<Bookmark size={26} />}
        title="No saved affirmations yet"
        description="Every affirmation you generate is saved here, ready to replay or download without using another credit."
        action={<LinkButton to="/create-affirmation">Create Your Own</LinkButton>}
      />
    );
  }
  return (
    <ul aria-label="Saved affirmations" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }}>
      {saved.data.map((item) => (
        <SavedAffirmationItem key={item.id} item={item} />
      ))}
    </ul>
  );
}
