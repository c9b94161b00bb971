import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, CircleX, Clock, Copy, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import type { CollectionView, CreatorCollectionView, CollectionStatus } from '@innerecho/contracts';
import {
  apiQueryKeyOfAll,
  callApi,
  Badge,
  Button,
  Card,
  CardDescription,
  CardTitle,
  CollectionCover,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LinkField,
  serverErrorMessage,
  SkeletonList,
  TextLink,
  toast,
  visuallyHidden,
  type BadgeVariant,
} from '@innerecho/ui';
import { useCopyLink } from '../dashboard/referral-link-card';
import { CollectionEditorDialog } from './collection-editor-dialog';
import { CREATOR_COLLECTIONS_KEY, useCreatorCollections, useOwnTranscripts, usePublishedCollections } from './creator-collections-api';

export interface CollectionsSectionProps {
  creatorId: string;
}

const STATUS: Record<CollectionStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'outline' },
  submitted: { label: 'In review', variant: 'accent' },
  approved: { label: 'Approved', variant: 'success' },
  returned: { label: 'Returned', variant: 'danger' },
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The creator's collections: write one, order its affirmations, submit it for review, read
 * why an admin returned it, share its link, and see its plays and sessions once published.
 */
export function CollectionsSection({ creatorId }: CollectionsSectionProps) {
  const collections = useCreatorCollections();
  const published = usePublishedCollections(creatorId);
  const own = useOwnTranscripts(creatorId);
  const [editing, setEditing] = useState<CreatorCollectionView | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const figures = new Map((published.data ?? []).map((c) => [c.id, c]));

  const openEditor = (collection: CreatorCollectionView | null) => {
    setEditing(collection);
    setEditorOpen(true);
  };

  return (
    <Card as="section" aria-labelledby="collections-title" css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 12 }}>
        <div css={{ display: 'grid', gap: 4, flex: '1 1 320px' }}>
          <CardTitle as="h2" id="collections-title">
            Your collections
          </CardTitle>
          <CardDescription>
            Sets of your affirmations listeners play as one session. Approved collections appear on your page and in the library. Plays
            count each play of their affirmations once the collection is approved; sessions count the sessions made from the collection.
          </CardDescription>
        </div>
        <Button onClick={() => openEditor(null)}>
          <Plus size={18} aria-hidden />
          New collection
        </Button>
      </div>
      {collections.isError ? (
        <ErrorState title="Could not load your collections" onRetry={() => void collections.refetch()} />
      ) : !collections.data ? (
        <SkeletonList count={2} height={96} />
      ) : collections.data.length === 0 ? (
        <EmptyState
          title="No collections yet"
          description="Start with a morning or an evening routine: two to ten affirmations in the order they help most."
        />
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {collections.data.map((collection) => (
            <CollectionRow
              key={collection.id}
              collection={collection}
              figures={figures.get(collection.id)}
              onEdit={() => openEditor(collection)}
            />
          ))}
        </ul>
      )}
      <CollectionEditorDialog open={editorOpen} onOpenChange={setEditorOpen} collection={editing} ownTranscripts={own.data ?? []} />
    </Card>
  );
}

function CollectionRow({
  collection,
  figures,
  onEdit,
}: {
  collection: CreatorCollectionView;
  figures: CollectionView | undefined;
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CREATOR_COLLECTIONS_KEY });
  const submit = useMutation({
    mutationFn: () => callApi('POST /api/creator-collections/:id/submit', { params: { id: collection.id } }),
    onSuccess: async () => {
      toast({ title: 'Submitted for review', description: 'An admin approves it or tells you what to change.', variant: 'success' });
      await refresh();
    },
    onError: (error) =>
      toast({ title: 'Could not submit', description: serverErrorMessage(error) ?? 'Please try again', variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: () => callApi('DELETE /api/creator-collections/:id', { params: { id: collection.id } }),
    onSuccess: async () => {
      toast({ title: 'Collection deleted' });
      setConfirming(false);
      await refresh();
      await queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/creators/:id/collections') });
    },
    onError: (error) =>
      toast({ title: 'Could not delete', description: serverErrorMessage(error) ?? 'Please try again', variant: 'destructive' }),
  });
  const status = STATUS[collection.status];
  const canSubmit = collection.status === 'draft' || collection.status === 'returned';
  const headingId = `collection-${collection.id}`;
  const link = collection.sharePath ? `${window.location.origin}${collection.sharePath}` : null;

  return (
    <li
      aria-labelledby={headingId}
      css={(t) => ({
        display: 'grid',
        gap: 12,
        padding: 14,
        borderRadius: t.radii.md,
        background: t.colors.surfaceSunken,
        [t.mq.sm]: { gridTemplateColumns: '112px minmax(0, 1fr)' },
      })}
    >
      <CollectionCover colour={collection.coverColour} height={80} />
      <div css={{ display: 'grid', gap: 8, minWidth: 0 }}>
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <h3 id={headingId} css={{ fontSize: 18 }}>
            {collection.title}
          </h3>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
          {collection.category} · {count(collection.items.length, 'affirmation', 'affirmations')}
          {figures ? ` · ${count(figures.playCount, 'play', 'plays')} · ${count(figures.sessionCount, 'session', 'sessions')}` : ''}
        </p>
        {collection.status === 'returned' && collection.returnReason ? (
          <p
            role="note"
            css={(t) => ({
              display: 'flex',
              gap: 8,
              fontSize: 14,
              padding: '10px 12px',
              borderRadius: t.radii.sm,
              background: t.colors.dangerSoft,
            })}
          >
            <CircleX size={18} aria-hidden css={{ flexShrink: 0, marginTop: 2 }} />
            <span>Returned by an admin: “{collection.returnReason}” Edit it and submit it again.</span>
          </p>
        ) : null}
        {collection.status === 'submitted' ? (
          <p css={(t) => ({ display: 'flex', gap: 8, fontSize: 14, color: t.colors.textMuted })}>
            <Clock size={18} aria-hidden css={{ flexShrink: 0 }} />
            An admin is reviewing it.
          </p>
        ) : null}
        {collection.published && collection.status !== 'approved' ? (
          <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            The approved version stays in the library until this one is approved.
          </p>
        ) : null}
        {link ? <CollectionLink id={`${headingId}-link`} link={link} collectionId={collection.id} title={collection.title} /> : null}
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil size={16} aria-hidden />
            Edit<span css={visuallyHidden}> {collection.title}</span>
          </Button>
          {canSubmit ? (
            <Button size="sm" onClick={() => submit.mutate()} loading={submit.isPending}>
              <Send size={16} aria-hidden />
              {submit.isPending ? 'Submitting...' : 'Submit for review'}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 size={16} aria-hidden />
            Delete<span css={visuallyHidden}> {collection.title}</span>
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${collection.title}”?`}
        description={
          collection.published
            ? 'It leaves your page and the library. Its affirmations stay in the library.'
            : 'The collection and its new affirmations are deleted.'
        }
        confirmLabel="Delete collection"
        destructive
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

/** A published collection's link (a referral link to its page), to copy and share. */
function CollectionLink({ id, link, collectionId, title }: { id: string; link: string; collectionId: string; title: string }) {
  const { copied, inputRef, onCopy } = useCopyLink(link, 'Collection link copied to clipboard');
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      <LinkField
        id={id}
        label="Collection link"
        showLabel
        ref={inputRef}
        value={link}
        css={{ flex: '1 1 220px', minWidth: 0, fontSize: 13 }}
      />
      <Button size="sm" variant={copied ? 'secondary' : 'outline'} onClick={() => void onCopy()} aria-live="polite">
        {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        {copied ? 'Copied' : 'Copy'}
        <span css={visuallyHidden}> the link to {title}</span>
      </Button>
      <TextLink to={`/collections/${collectionId}`}>View page</TextLink>
    </div>
  );
}
