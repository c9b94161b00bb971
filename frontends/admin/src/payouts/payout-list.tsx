import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, Badge, Button, type BadgeVariant, toast, formatDollars } from '@innerecho/ui';
import { Table, TableScroller } from '../library-admin/admin-table';
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
    <TableScroller>
      <Table>
        <thead>
          <tr>
            <th scope="col">Creator</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
            <th scope="col">Notes</th>
            <th scope="col">
              <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => {
            const status = payoutStatus(p.status);
            const busy = settle.isPending && settle.variables?.payout.id === p.id;
            return (
              <tr key={p.id} data-testid="admin-payout-row">
                <td css={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{creatorNames.get(p.creatorId) ?? 'Deleted creator'}</td>
                <td css={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatDollars(p.amount)}</td>
                <td>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </td>
                <td css={{ whiteSpace: 'nowrap' }}>{formatDay(p.payoutDate ?? p.createdAt)}</td>
                <td css={{ minWidth: 160 }}>{p.notes || '—'}</td>
                <td css={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                  {p.status === 'pending' ? (
                    <div css={{ display: 'inline-flex', gap: 8 }}>
                      <Button size="sm" onClick={() => settle.mutate({ payout: p, outcome: 'complete' })} disabled={busy}>
                        Mark completed
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => settle.mutate({ payout: p, outcome: 'fail' })} disabled={busy}>
                        Mark failed
                      </Button>
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroller>
  );
}
