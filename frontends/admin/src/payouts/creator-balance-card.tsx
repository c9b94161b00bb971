import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, Badge, Button, Card, Input, toast, formatDollars, visuallyHidden } from '@innerecho/ui';
import { toastFailure } from '../library-admin/mutation-toasts';
import { BALANCES_KEY, commissionLabel, formatDay, PAYOUTS_KEY } from './payouts-api';
import type { PayoutBalanceView } from '@innerecho/contracts';

export interface CreatorBalanceCardProps {
  balance: PayoutBalanceView;
}

/** One creator's pending commissions: choose some (all by default) and create a payout of them. */
export function CreatorBalanceCard({ balance }: CreatorBalanceCardProps) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(balance.commissions.map((c) => c.id)));
  const [notes, setNotes] = useState('');
  const chosen = balance.commissions.filter((c) => selected.has(c.id));
  const total = chosen.reduce((sum, c) => sum + c.amount, 0);

  const create = useMutation({
    mutationFn: () =>
      callApi('POST /api/payouts', { body: { creatorId: balance.creatorId, commissionIds: chosen.map((c) => c.id), notes } }),
    onSuccess: async () => {
      toast({
        title: 'Payout created',
        description: `${formatDollars(total)} to ${balance.name}. Mark it completed once the money is sent.`,
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BALANCES_KEY }),
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
      ]);
    },
    onError: (error) => toastFailure('Could not create the payout', error),
  });

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const headingId = `balance-${balance.creatorId}`;
  return (
    <Card role="group" aria-labelledby={headingId} css={{ gap: 16, padding: 20 }}>
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 12, alignItems: 'baseline' }}>
        <div css={{ minWidth: 0 }}>
          <h3 id={headingId} css={{ fontSize: 18 }}>
            {balance.name}
          </h3>
          <p css={(t) => ({ fontSize: 13.5, color: t.colors.textMuted, overflowWrap: 'anywhere' })}>
            {balance.email} · code <code>{balance.referralCode}</code>
          </p>
        </div>
        <p css={{ textAlign: 'right' }}>
          <span
            css={(t) => ({
              display: 'block',
              fontSize: 12,
              color: t.colors.textSubtle,
              textTransform: 'uppercase',
              letterSpacing: '0.05em',
            })}
          >
            Pending
          </span>
          <span data-testid="pending-balance" css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 24, fontWeight: 600 })}>
            {formatDollars(balance.pendingBalance)}
          </span>
        </p>
      </div>
      <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'grid', gap: 6 }}>
        <legend css={(t) => ({ fontSize: 13, fontWeight: 600, color: t.colors.textMuted, marginBottom: 6 })}>Commissions to pay</legend>
        {balance.commissions.map((c) => (
          <label
            key={c.id}
            css={(t) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 12,
              padding: '8px 10px',
              borderRadius: t.radii.md,
              background: t.colors.surfaceSunken,
              cursor: 'pointer',
            })}
          >
            <input
              type="checkbox"
              checked={selected.has(c.id)}
              onChange={() => toggle(c.id)}
              css={(t) => ({ width: 18, height: 18, accentColor: t.colors.primary })}
            />
            <span css={{ flex: 1, minWidth: 0 }}>
              {commissionLabel(c)}
              <span css={(t) => ({ color: t.colors.textSubtle, fontSize: 13 })}> · {formatDay(c.createdAt)}</span>
            </span>
            <span
              css={(t) => ({ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: c.amount < 0 ? t.colors.danger : t.colors.text })}
            >
              {formatDollars(c.amount)}
            </span>
          </label>
        ))}
      </fieldset>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'center' }}>
        <label htmlFor={`notes-${balance.creatorId}`} css={visuallyHidden}>
          Payout notes for {balance.name}
        </label>
        <Input
          id={`notes-${balance.creatorId}`}
          placeholder="Notes (optional), e.g. bank transfer reference"
          maxLength={500}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          css={{ flex: '1 1 220px', minWidth: 0 }}
        />
        <Button onClick={() => create.mutate()} disabled={create.isPending || chosen.length === 0 || total <= 0}>
          {create.isPending ? 'Creating...' : `Create payout of ${formatDollars(total)}`}
        </Button>
      </div>
      {total <= 0 && chosen.length > 0 ? <Badge variant="danger">The chosen commissions add up to nothing to pay</Badge> : null}
    </Card>
  );
}
