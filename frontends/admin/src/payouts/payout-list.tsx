import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, Badge, Button, type BadgeVariant, DataTable, toast, formatDollars } from '@innerecho/ui';
import { toastFailure } from '../library-admin/mutation-toasts';
import { BALANCES_KEY, formatDay, PAYOUTS_KEY, type AdminPayout } from './payouts-api';

/** A payout's status: completed shows green, failed red, anything else as Pending. */
export function payoutStatus(status: string): { label: string; variant: BadgeVariant } {
  if (status === 'completed') return { label: 'Completed', variant: 'success' };
  if (status === 'failed') return { label: 'Failed', variant: 'danger' };
  return { label: 'Pending', variant: 'outline' };
}

export interface PayoutListProps {
  payouts: AdminPayout[];
  creatorNames: Map<string, string>;
}

/** Every payout, newest first; a pending one can be marked completed or failed. */
export function PayoutList({ payouts, creatorNames }: PayoutListProps) {
  const queryClient = useQueryClient();
  const settle = useMutation({
    mutationFn: ({ payout, outcome }: { payout: AdminPayout; outcome: 'complete' | 'fail' }) =>
      apiRequest('POST', `/api/payouts/${payout.id}/${outcome}`),
    onSuccess: async (_res, { outcome }) => {
      toast(
        outcome === 'complete'
          ? { title: 'Payout completed', description: 'Its commissions are now paid.', variant: 'success' }
          : { title: 'Payout marked failed', description: 'Its commissions are pending again.' },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCES_KEY }),
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
      ]);
    },
    onError: (error) => toastFailure('Could not update the payout', error),
  });

  return (
    <DataTable
      rows={payouts}
      rowKey={(p) => p.id}
      rowTestId="admin-payout-row"
      columns={[
        {
          header: 'Creator',
          cell: (p) => creatorNames.get(p.creatorId) ?? 'Deleted creator',
          css: { fontWeight: 600, whiteSpace: 'nowrap' },
        },
        { header: 'Amount', cell: (p) => formatDollars(p.amount), css: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } },
        {
          header: 'Status',
          cell: (p) => {
            const status = payoutStatus(p.status);
            return <Badge variant={status.variant}>{status.label}</Badge>;
          },
        },
        { header: 'Date', cell: (p) => formatDay(p.payoutDate ?? p.createdAt), css: { whiteSpace: 'nowrap' } },
        { header: 'Notes', cell: (p) => p.notes || '—', css: { minWidth: 160 } },
      ]}
      actions={(p) => {
        if (p.status !== 'pending') return null;
        const busy = settle.isPending && settle.variables?.payout.id === p.id;
        return (
          <div css={{ display: 'inline-flex', gap: 8 }}>
            <Button size="sm" onClick={() => settle.mutate({ payout: p, outcome: 'complete' })} disabled={busy}>
              Mark completed
            </Button>
            <Button size="sm" variant="outline" onClick={() => settle.mutate({ payout: p, outcome: 'fail' })} disabled={busy}>
              Mark failed
            </Button>
          </div>
        );
      }}
    />
  );
}
