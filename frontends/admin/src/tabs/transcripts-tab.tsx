import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import {
  apiRequest,
  Badge,
  Button,
  Clamp,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  IconButton,
  Skeleton,
  toast,
} from '@innerecho/ui';
import { TabToolbar } from '../library-admin/admin-table';
import type { AdminCreator, AdminTranscript } from '../library-admin/library-admin-types';
import { toastFailure } from '../library-admin/mutation-toasts';
import { TranscriptEditDialog } from '../library-admin/transcript-edit-dialog';

export type TranscriptsTabProps = Record<string, never>;

/** The library's affirmations: add, edit, delete. */
export function TranscriptsTab(_props: TranscriptsTabProps) {
  const queryClient = useQueryClient();
  const transcripts = useQuery<AdminTranscript[]>({ queryKey: ['/api/transcripts'] });
  const creators = useQuery<AdminCreator[]>({ queryKey: ['/api/creators'] });
  const [editing, setEditing] = useState<AdminTranscript | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminTranscript | null>(null);
  const creatorName = new Map((creators.data ?? []).map((c) => [c.id, c.name]));

  const remove = useMutation({
    mutationFn: (t: AdminTranscript) => apiRequest('DELETE', `/api/transcripts/${t.id}`),
    onSuccess: async () => {
      toast({ title: 'Transcript deleted', variant: 'success' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['/api/transcripts'] });
    },
    onError: (error) => toastFailure('Could not delete the transcript', error),
  });

  const openDialog = (t: AdminTranscript | null) => {
    setEditing(t);
    setDialogOpen(true);
  };

  return (
    <section aria-labelledby="transcripts-title">
      <TabToolbar>
        <div>
          <h2 id="transcripts-title">Transcripts</h2>
          <p>{transcripts.data ? `${transcripts.data.length} affirmations in the library` : 'The affirmations in the library'}</p>
        </div>
        <Button onClick={() => openDialog(null)}>
          <Plus size={16} aria-hidden /> Add Transcript
        </Button>
      </TabToolbar>
      {transcripts.isError ? (
        <ErrorState title="Transcripts could not be loaded" onRetry={() => void transcripts.refetch()} />
      ) : transcripts.isLoading ? (
        <div css={{ display: 'grid', gap: 10 }} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={52} />
          ))}
        </div>
      ) : transcripts.data!.length === 0 ? (
        <EmptyState title="No transcripts yet" description="Add the first affirmation to the library." />
      ) : (
        <DataTable
          rows={transcripts.data!}
          rowKey={(t) => t.id}
          columns={[
            { header: 'Title', cell: (t) => t.title, css: { fontWeight: 600, minWidth: 160 } },
            {
              header: 'Category',
              cell: (t) => (
                <Badge variant="accent" css={{ whiteSpace: 'nowrap' }}>
                  {t.category}
                </Badge>
              ),
            },
            { header: 'Content', cell: (t) => <Clamp>{t.content}</Clamp>, css: { minWidth: 240, maxWidth: 420 } },
            {
              header: 'Creator',
              cell: (t) => (t.creatorId ? (creatorName.get(t.creatorId) ?? '—') : '—'),
              css: (th) => ({ color: th.colors.textMuted, whiteSpace: 'nowrap' }),
            },
            { header: 'Plays', cell: (t) => t.playCount },
          ]}
          actions={(t) => (
            <>
              <IconButton aria-label={`Edit ${t.title}`} onClick={() => openDialog(t)}>
                <Pencil size={16} />
              </IconButton>
              <IconButton aria-label={`Delete ${t.title}`} onClick={() => setDeleting(t)}>
                <Trash2 size={16} />
              </IconButton>
            </>
          )}
        />
      )}
      <TranscriptEditDialog open={dialogOpen} onOpenChange={setDialogOpen} transcript={editing} creators={creators.data ?? []} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this transcript?"
        description={
          deleting
            ? `“${deleting.title}” will be removed from the library. Audio people already generated from it stays in their saved affirmations.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
