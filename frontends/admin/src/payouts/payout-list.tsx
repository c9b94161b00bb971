import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, Badge, Button, payoutStatus, DataTable, Field, Textarea, toast, formatDollars, FormDialog } from '@innerecho/ui';
import { toastFailure } from '../library-admin/mutation-toasts';
import { BALANCES_KEY, formatDay, PAYOUTS_KEY } from './payouts-api';
import type { PayoutView } from '@innerecho/contracts';

export interface PayoutListProps {
  payouts: PayoutView[];
  creatorNames: Map<string, string>;
}

type Outcome = { payout: PayoutView; outcome: 'complete' | 'fail'; reason?: string };

/**
 * Every payout, newest first. A pending one can be marked completed or failed; a creator's
 * request is paid, or declined with a reason the creator reads on their dashboard.
 */
export function PayoutList({ payouts, creatorNames }: PayoutListProps) {
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<PayoutView | null>(null);
  const [reason, setReason] = useState('');
  const settle = useMutation({
    mutationFn: ({ payout, outcome, reason }: Outcome) =>
      outcome === 'fail'
        ? callApi('POST /api/payouts/:payoutId/fail', { params: { payoutId: payout.id }, body: { reason } })
        : callApi('POST /api/payouts/:payoutId/complete', { params: { payoutId: payout.id } }),
    onSuccess: async (_res, { payout, outcome }) => {
      toast(
        outcome === 'complete'
          ? {
              title: payout.requestedAt ? 'Payout paid' : 'Payout completed',
              description: 'Its commissions are now paid.',
              variant: 'success',
            }
          : payout.requestedAt
            ? { title: 'Request declined', description: 'The creator sees your reason; the commissions are pending again.' }
            : { title: 'Payout marked failed', description: 'Its commissions are pending again.' },
      );
      setDeclining(null);
      setReason('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCES_KEY }),
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
      ]);
    },
    onError: (error) => toastFailure('Could not update the payout', error),
  });

  return (
    <>
      <DataTable
        label="Payouts table"
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
              const status = payoutStatus(p);
              return <Badge variant={status.variant}>{status.label}</Badge>;
            },
          },
          { header: 'Date', cell: (p) => formatDay(p.payoutDate ?? p.requestedAt ?? p.createdAt), css: { whiteSpace: 'nowrap' } },
          {
            header: 'Notes',
            cell: (p) => (p.declineReason ? `Declined: ${p.declineReason}` : p.notes || (p.requestedAt ? 'Asked for by the creator' : '—')),
            css: { minWidth: 180 },
          },
        ]}
        actions={(p) => {
          if (p.status !== 'pending') return null;
          const busy = settle.isPending && settle.variables?.payout.id === p.id;
          const who = creatorNames.get(p.creatorId) ?? 'this creator';
          return p.requestedAt ? (
            <div css={{ display: 'inline-flex', gap: 8 }}>
              <Button
                size="sm"
                onClick={() => settle.mutate({ payout: p, outcome: 'complete' })}
                disabled={busy}
                aria-label={`Mark paid: ${formatDollars(p.amount)} to ${who}`}
              >
                Mark paid
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeclining(p)} disabled={busy} aria-label={`Decline ${who}’s request`}>
                Decline
              </Button>
            </div>
          ) : (
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
      <FormDialog
        open={declining !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeclining(null);
            setReason('');
          }
        }}
        title="Decline this payout request?"
        description={
          declining
            ? `${creatorNames.get(declining.creatorId) ?? 'The creator'} asked for ${formatDollars(declining.amount)}. They read your reason on their dashboard, and the commissions become available to ask for again.`
            : ''
        }
        onSubmit={(event) => {
          event.preventDefault();
          if (declining && reason.trim()) settle.mutate({ payout: declining, outcome: 'fail', reason: reason.trim() });
        }}
        pending={settle.isPending}
        pendingLabel="Declining..."
        submitLabel="Decline request"
        submitVariant="destructive"
        submitDisabled={!reason.trim()}
      >
        <Field htmlFor="decline-reason" label="Reason for the creator" hint="For example: we need your bank details first.">
          <Textarea
            id="decline-reason"
            aria-describedby="decline-reason-hint"
            value={reason}
            maxLength={500}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
      </FormDialog>
    </>
  );
}
