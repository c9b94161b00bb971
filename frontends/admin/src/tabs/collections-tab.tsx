import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Layers, Undo2 } from 'lucide-react';
import { COLLECTION_RETURN_REASON_MAX, ZReturnCollection, type CollectionReviewView, type TranscriptView } from '@innerecho/contracts';
import {
  apiQueryKeyOfAll,
  apiQuery,
  Button,
  callApi,
  Card,
  CollectionCover,
  CountedTextareaField,
  EmptyState,
  FormDialog,
  QueryStates,
  Skeleton,
  toast,
  validInput,
} from '@innerecho/ui';
import { TabHeader } from '../library-admin/admin-table';
import { toastFailure } from '../library-admin/mutation-toasts';

export type CollectionsTabProps = Record<string, never>;

/** Creators' collections waiting for review: approve one (it is published), or return it with a reason the creator reads. */
export function CollectionsTab(_props: CollectionsTabProps) {
  const reviews = useQuery(apiQuery('GET /api/collection-reviews'));
  const library = useQuery(apiQuery('GET /api/transcripts'));
  const texts = new Map((library.data ?? []).map((t) => [t.id, t]));
  return (
    <section aria-labelledby="collection-reviews-title">
      <TabHeader
        id="collection-reviews-title"
        title="Collections to review"
        description="Approved collections appear on the creator’s page and in the library. Return one with a reason, and the creator can change it and submit it again."
      />
      <QueryStates
        query={reviews}
        errorTitle="Collections could not be loaded"
        loading={<Skeleton height={200} />}
        empty={<EmptyState icon={<Layers size={26} />} title="Nothing to review" description="Collections creators submit appear here." />}
      >
        {(list) => (
          <div css={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            {list.map((collection) => (
              <ReviewCard key={`${collection.id}:${collection.submittedAt}`} collection={collection} texts={texts} />
            ))}
          </div>
        )}
      </QueryStates>
    </section>
  );
}

function ReviewCard({ collection, texts }: { collection: CollectionReviewView; texts: Map<string, TranscriptView> }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const done = async (title: string) => {
    toast({ title, variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/collection-reviews') });
    await queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/transcripts') });
  };
  const approve = useMutation({
    mutationFn: () => callApi('POST /api/collection-reviews/:id/approve', { params: { id: collection.id } }),
    onSuccess: () => done('Collection approved'),
    onError: (error) => toastFailure('Could not approve the collection', error),
  });
  const send = useMutation({
    mutationFn: () => callApi('POST /api/collection-reviews/:id/return', { params: { id: collection.id }, body: { reason } }),
    onSuccess: async () => {
      setReturning(false);
      await done('Collection returned');
    },
    onError: (error) => toastFailure('Could not return the collection', error),
  });
  const headingId = `${id}-title`;

  return (
    <Card as="article" aria-labelledby={headingId} css={{ gap: 14, padding: 20, minWidth: 0 }}>
      <div css={(t) => ({ display: 'grid', gap: 14, [t.mq.sm]: { gridTemplateColumns: '120px minmax(0, 1fr)' } })}>
        <CollectionCover colour={collection.coverColour} height={88} />
        <div css={{ display: 'grid', gap: 4, minWidth: 0 }}>
          <h3 id={headingId} css={{ fontSize: 20 }}>
            {collection.title}
          </h3>
          <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
            By {collection.creatorName} · {collection.category}
          </p>
          {collection.description ? <p css={{ fontSize: 15 }}>{collection.description}</p> : null}
        </div>
      </div>
      <ol css={{ margin: 0, paddingLeft: 22, display: 'grid', gap: 10 }}>
        {collection.items.map((item) => {
          const picked = item.kind === 'pick' ? texts.get(item.transcriptId) : undefined;
          const foreign = item.kind === 'pick' && (!picked || picked.creatorId !== collection.creatorId);
          return (
            <li key={item.transcriptId}>
              <p css={{ fontWeight: 600 }}>
                {item.title ?? picked?.title ?? 'An affirmation no longer in the library'}{' '}
                <span css={(t) => ({ fontWeight: 400, fontSize: 13, color: t.colors.textMuted })}>
                  {item.kind === 'pick' ? '(from their library)' : '(new text)'}
                </span>
              </p>
              <p css={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>{item.content ?? picked?.content ?? ''}</p>
              {foreign ? (
                <p css={(t) => ({ fontSize: 13, color: t.colors.danger })}>
                  Not one of this creator’s affirmations: it is left out when published.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10 }}>
        <Button onClick={() => approve.mutate()} loading={approve.isPending} disabled={send.isPending}>
          <Check size={18} aria-hidden />
          {approve.isPending ? 'Approving...' : 'Approve'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setReason('');
            setReturning(true);
          }}
          disabled={approve.isPending}
        >
          <Undo2 size={18} aria-hidden />
          Return with a reason
        </Button>
      </div>
      <FormDialog
        open={returning}
        onOpenChange={setReturning}
        title={`Return “${collection.title}”`}
        description={`${collection.creatorName} reads your reason on their dashboard, changes the collection and submits it again.`}
        onSubmit={(event) => {
          event.preventDefault();
          if (validInput(ZReturnCollection, { reason })) send.mutate();
        }}
        pending={send.isPending}
        pendingLabel="Returning..."
        submitLabel="Return collection"
      >
        <CountedTextareaField id={`${id}-reason`} label="Reason" value={reason} onChange={setReason} max={COLLECTION_RETURN_REASON_MAX} />
      </FormDialog>
    </Card>
  );
}
