import { useDeferredValue, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  apiQueryKeyOfAll,
  apiQuery,
  callApi,
  Badge,
  Button,
  Clamp,
  DataTable,
  EmptyState,
  IconButton,
  SearchInput,
  QueryStates,
  SkeletonList,
} from '@innerecho/ui';
import { TabHeader } from '../library-admin/admin-table';
import { DeleteConfirmDialog, useConfirmedDelete, useEditDialog } from '../library-admin/admin-list-tab';
import { TranscriptEditDialog } from '../library-admin/transcript-edit-dialog';
import type { TranscriptView } from '@innerecho/contracts';

export type TranscriptsTabProps = Record<string, never>;

/** Rows on one page of the table. */
const TRANSCRIPTS_PAGE_SIZE = 20;

/** Whether every word typed appears in the title, the text, the category or the creator's name. */
function matches(t: TranscriptView, creator: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${t.title} ${t.content} ${t.category} ${creator}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** The library's affirmations: search, a page at a time, add, edit, delete. */
export function TranscriptsTab(_props: TranscriptsTabProps) {
  const queryClient = useQueryClient();
  const transcripts = useQuery(apiQuery('GET /api/transcripts'));
  const creators = useQuery(apiQuery('GET /api/creators'));
  const dialog = useEditDialog<TranscriptView>();
  const creatorName = new Map((creators.data ?? []).map((c) => [c.id, c.name]));
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const search = useDeferredValue(query);
  // Transcripts saved during this visit lead the list, so one just added (no plays yet) is not on the last page.
  const [recent, setRecent] = useState<string[]>([]);
  const rank = (id: string) => {
    const at = recent.indexOf(id);
    return at === -1 ? recent.length : at;
  };
  const ordered = [...(transcripts.data ?? [])].sort((a, b) => rank(a.id) - rank(b.id));
  const found = ordered.filter((t) => matches(t, (t.creatorId && creatorName.get(t.creatorId)) || '', search));
  const pages = Math.max(1, Math.ceil(found.length / TRANSCRIPTS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = found.slice(current * TRANSCRIPTS_PAGE_SIZE, (current + 1) * TRANSCRIPTS_PAGE_SIZE);

  const deletion = useConfirmedDelete({
    remove: (t: TranscriptView) => callApi('DELETE /api/transcripts/:id', { params: { id: t.id } }),
    deletedTitle: 'Transcript deleted',
    failureTitle: 'Could not delete the transcript',
    onDeleted: () => queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/transcripts') }),
  });

  return (
    <section aria-labelledby="transcripts-title">
      <TabHeader
        id="transcripts-title"
        title="Transcripts"
        description={transcripts.data ? `${transcripts.data.length} affirmations in the library` : 'The affirmations in the library'}
        action={
          <Button onClick={() => dialog.openFor(null)}>
            <Plus size={16} aria-hidden /> Add Transcript
          </Button>
        }
      />
      <QueryStates
        query={transcripts}
        errorTitle="Transcripts could not be loaded"
        loading={<SkeletonList count={6} height={52} />}
        empty={<EmptyState title="No transcripts yet" description="Add the first affirmation to the library." />}
      >
        {() => (
          <div css={{ display: 'grid', gap: 14, minWidth: 0 }}>
            <SearchInput
              label="Search transcripts"
              placeholder="Search titles, words, categories, creators"
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(0);
              }}
              maxWidth={420}
            />
            <p role="status" css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
              {found.length === 0
                ? `No transcripts match “${search.trim()}”`
                : `Showing ${current * TRANSCRIPTS_PAGE_SIZE + 1}–${current * TRANSCRIPTS_PAGE_SIZE + shown.length} of ${found.length}`}
            </p>
            {found.length === 0 ? null : (
              <DataTable
                label="Transcripts table"
                rows={shown}
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
                    <IconButton aria-label={`Edit ${t.title}`} onClick={() => dialog.openFor(t)}>
                      <Pencil size={16} />
                    </IconButton>
                    <IconButton aria-label={`Delete ${t.title}`} onClick={() => deletion.ask(t)}>
                      <Trash2 size={16} />
                    </IconButton>
                  </>
                )}
              />
            )}
            {pages > 1 ? (
              <nav aria-label="Transcript pages" css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
                <Button variant="outline" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0}>
                  <ChevronLeft size={16} aria-hidden /> Previous
                </Button>
                <span css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
                  Page {current + 1} of {pages}
                </span>
                <Button variant="outline" size="sm" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
                  Next <ChevronRight size={16} aria-hidden />
                </Button>
              </nav>
            ) : null}
          </div>
        )}
      </QueryStates>
      <TranscriptEditDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        transcript={dialog.editing}
        creators={creators.data ?? []}
        onSaved={(id) => {
          setRecent((list) => [id, ...list.filter((x) => x !== id)]);
          setPage(0);
        }}
      />
      <DeleteConfirmDialog
        deletion={deletion}
        title="Delete this transcript?"
        describe={(deleting) =>
          `“${deleting.title}” will be removed from the library. Audio people already generated from it stays in their saved affirmations.`
        }
      />
    </section>
  );
}
