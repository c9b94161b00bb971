import { customAffirmationRef, type CustomAffirmationView } from '@innerecho/contracts';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NotebookPen, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { bareList, apiQuery, Badge, Button, Card, EmptyState, ErrorState, LinkButton, Skeleton, toast } from '@innerecho/ui';
import { SignedInTab } from '../affirmations/signed-in-tab';
import { DeletedRow } from '../deleting/deleted-row';
import { deleteFailureMessage, deleteWithUndo, pendingDeleteKey, usePendingDeletes } from '../deleting/undoable-delete';
import { relativeTime } from '../saved/relative-time';
import { MY_AFFIRMATIONS_QUERY_KEY, customAffirmationDelete } from './custom-affirmations-api';
import { EditAffirmationDialog } from './edit-affirmation-dialog';
import { AddToSessionButton } from '../affirmation-session/add-to-session-button';

export type MyAffirmationsTabProps = Record<string, never>;

/**
 * "My Affirmations": every affirmation the listener wrote, newest first, to generate again (at
 * any length, with any music and balance), edit or delete. Words saved on a day whose hour was
 * used up wait here for tomorrow.
 */
export function MyAffirmationsTab(_props: MyAffirmationsTabProps) {
  return (
    <SignedInTab
      id="mine-title"
      title="My Affirmations"
      description="The affirmations you wrote, ready to generate at any length."
      action={
        <LinkButton to="/create-affirmation" variant="outline" size="sm">
          <NotebookPen size={16} aria-hidden />
          Write a New One
        </LinkButton>
      }
      skeleton={<MineSkeleton />}
      signIn={{
        title: 'Sign in to see your own affirmations',
        description: 'Affirmations you write are kept in your account, ready to generate again.',
      }}
    >
      <MyAffirmationsList />
    </SignedInTab>
  );
}

function MyAffirmationsList() {
  const mine = useQuery(apiQuery('GET /api/custom-affirmations'));
  const pending = usePendingDeletes();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CustomAffirmationView | null>(null);

  if (mine.isLoading) return <MineSkeleton />;
  if (mine.isError) {
    return <ErrorState title="We couldn't load your affirmations" description="Please try again." onRetry={() => void mine.refetch()} />;
  }
  if (!mine.data?.length) {
    return (
      <EmptyState
        icon={<NotebookPen size={26} />}
        title="You haven't written an affirmation yet"
        description="Write one in your own words; it is kept here to generate whenever you like."
        action={<LinkButton to="/create-affirmation">Write Your Own</LinkButton>}
      />
    );
  }

  const remove = (affirmation: CustomAffirmationView) =>
    deleteWithUndo({
      ...customAffirmationDelete(affirmation.id),
      label: affirmation.title,
      onDeleted: () => void queryClient.invalidateQueries({ queryKey: MY_AFFIRMATIONS_QUERY_KEY }),
      onFailed: (error) =>
        toast({ title: `"${affirmation.title}" was not deleted`, description: deleteFailureMessage(error), variant: 'destructive' }),
    });

  return (
    <>
      <ul aria-label="My affirmations" css={{ ...bareList, display: 'grid', gap: 16 }}>
        {mine.data.map((affirmation) => {
          const path = pendingDeleteKey(customAffirmationDelete(affirmation.id));
          return pending.has(path) ? (
            <DeletedRow key={affirmation.id} path={path} label={affirmation.title} kind="affirmation" />
          ) : (
            <MyAffirmationItem
              key={affirmation.id}
              affirmation={affirmation}
              onEdit={() => setEditing(affirmation)}
              onDelete={() => remove(affirmation)}
            />
          );
        })}
      </ul>
      <EditAffirmationDialog affirmation={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function MyAffirmationItem({
  affirmation,
  onEdit,
  onDelete,
}: {
  affirmation: CustomAffirmationView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `mine-${affirmation.id}`;
  return (
    <Card as="li" aria-labelledby={headingId} css={{ display: 'grid', gap: 12 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <div css={{ display: 'grid', gap: 8, minWidth: 0, flex: '1 1 240px' }}>
          <h3 id={headingId} css={{ fontSize: 19, overflowWrap: 'anywhere' }}>
            {affirmation.title}
          </h3>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <Badge variant="accent">{affirmation.category}</Badge>
            <span css={(t) => ({ fontSize: 14, color: t.colors.textSubtle })}>Written {relativeTime(affirmation.createdAt)}</span>
          </div>
        </div>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <LinkButton size="sm" to={`/generate/${customAffirmationRef(affirmation.id)}`} aria-label={`Generate ${affirmation.title}`}>
            <Sparkles size={16} aria-hidden />
            Generate
          </LinkButton>
          <AddToSessionButton pick={{ affirmationId: customAffirmationRef(affirmation.id), title: affirmation.title }} />
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${affirmation.title}`}>
            <Pencil size={16} aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${affirmation.title}`}>
            <Trash2 size={16} aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <p
        css={(t) => ({
          margin: 0,
          color: t.colors.textMuted,
          lineHeight: 1.6,
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        })}
      >
        {affirmation.content}
      </p>
    </Card>
  );
}

function MineSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading your affirmations" css={{ ...bareList, display: 'grid', gap: 16 }}>
      {[0, 1].map((i) => (
        <Card as="li" key={i} aria-hidden css={{ display: 'grid', gap: 12 }}>
          <Skeleton width="40%" height={22} />
          <Skeleton width="80%" height={14} />
          <Skeleton width="60%" height={14} />
        </Card>
      ))}
    </ul>
  );
}
