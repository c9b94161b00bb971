import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  apiQueryKeyOfAll,
  apiQuery,
  apiQueryKey,
  callApi,
  Button,
  Clamp,
  DataTable,
  EmptyState,
  IconButton,
  QueryStates,
  SkeletonList,
} from '@innerecho/ui';
import { TabHeader } from '../library-admin/admin-table';
import { CreatorEditDialog } from '../library-admin/creator-edit-dialog';
import { CreatorSetupLinkDialog } from '../library-admin/creator-setup-link-dialog';
import { refreshCreatorsWhen } from '../library-admin/creators-query';
import { DeleteConfirmDialog, useConfirmedDelete, useEditDialog } from '../library-admin/admin-list-tab';
import type { AdminCreatorAccountView, CreatorProfileView } from '@innerecho/contracts';

export type CreatorsTabProps = Record<string, never>;

/**
 * Featured creators: add (with their sign-in), edit the profile, send a password setup
 * link, delete. The profiles are the library's; each row also shows the account's sign-in
 * email and referral code (creator-referral's, for admins only).
 */
export function CreatorsTab(_props: CreatorsTabProps) {
  const queryClient = useQueryClient();
  const creators = useQuery(apiQuery('GET /api/creators'));
  const dialog = useEditDialog<CreatorProfileView>();
  const accounts = useQuery(apiQuery('GET /api/creator-accounts'));
  const accountOf = new Map((accounts.data ?? []).map((a) => [a.id, a]));
  const [linkFor, setLinkFor] = useState<AdminCreatorAccountView | null>(null);

  const deletion = useConfirmedDelete({
    remove: (c: CreatorProfileView) => callApi('DELETE /api/creators/:id', { params: { id: c.id } }),
    deletedTitle: 'Creator deleted',
    failureTitle: 'Could not delete the creator',
    onDeleted: async (c) => {
      // The library drops the profile when the deletion event arrives: hide it now.
      queryClient.setQueryData(apiQueryKey('GET /api/creators'), (list: CreatorProfileView[] | undefined) =>
        list?.filter((x) => x.id !== c.id),
      );
      void refreshCreatorsWhen(queryClient, (list) => !list.some((x) => x.id === c.id));
      await queryClient.invalidateQueries({ queryKey: apiQueryKeyOfAll('GET /api/transcripts') });
    },
  });

  return (
    <section aria-labelledby="creators-title">
      <TabHeader
        id="creators-title"
        title="Creators"
        description="Featured creators and their referral sign-ins."
        action={
          <Button onClick={() => dialog.openFor(null)}>
            <Plus size={16} aria-hidden /> Add Creator
          </Button>
        }
      />
      <QueryStates
        query={creators}
        errorTitle="Creators could not be loaded"
        loading={<SkeletonList count={4} height={52} />}
        empty={<EmptyState title="No creators yet" description="Add a creator to feature their affirmations in the library." />}
      >
        {(list) => (
          <DataTable
            label="Creators table"
            rows={list}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Name', cell: (c) => c.name, css: { fontWeight: 600, whiteSpace: 'nowrap' } },
              {
                header: 'Email',
                cell: (c) => accountOf.get(c.id)?.email ?? '—',
                css: { overflowWrap: 'anywhere', minWidth: 180 },
              },
              {
                header: 'Referral code',
                cell: (c) => <code css={{ fontSize: 13 }}>{accountOf.get(c.id)?.referralCode ?? '—'}</code>,
                css: { whiteSpace: 'nowrap' },
              },
              { header: 'Bio', cell: (c) => <Clamp>{c.bio || '—'}</Clamp>, css: { minWidth: 220, maxWidth: 420 } },
              {
                header: 'YouTube',
                css: { whiteSpace: 'nowrap' },
                cell: (c) =>
                  c.youtubeChannel ? (
                    <a
                      href={c.youtubeChannel}
                      target="_blank"
                      rel="noopener noreferrer"
                      css={(t) => ({ color: t.colors.primary, display: 'inline-flex', gap: 4, alignItems: 'center' })}
                    >
                      Channel <ExternalLink size={14} aria-hidden />
                    </a>
                  ) : (
                    '—'
                  ),
              },
            ]}
            actions={(c) => (
              <>
                <IconButton
                  aria-label={`Password setup link for ${c.name}`}
                  title="Password setup link"
                  disabled={!accountOf.get(c.id)}
                  onClick={() => setLinkFor(accountOf.get(c.id) ?? null)}
                >
                  <KeyRound size={16} />
                </IconButton>
                <IconButton aria-label={`Edit ${c.name}`} onClick={() => dialog.openFor(c)}>
                  <Pencil size={16} />
                </IconButton>
                <IconButton aria-label={`Delete ${c.name}`} onClick={() => deletion.ask(c)}>
                  <Trash2 size={16} />
                </IconButton>
              </>
            )}
          />
        )}
      </QueryStates>
      <CreatorEditDialog open={dialog.open} onOpenChange={dialog.setOpen} creator={dialog.editing} />
      <CreatorSetupLinkDialog creator={linkFor} onOpenChange={(open) => !open && setLinkFor(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title="Delete this creator?"
        describe={(deleting) =>
          `${deleting.name}’s sign-in and profile are removed. Their affirmations stay in the library, without a creator.`
        }
      />
    </section>
  );
}
