import { Badge, Card, CardDescription, CardTitle, EmptyState, ErrorState, formatDollars, Skeleton, payoutStatus } from '@innerecho/ui';
import { Wallet } from 'lucide-react';
import type { Payout } from '../api/creator-api';
import { formatDate } from './format-period';

export interface PayoutHistoryProps {
  payouts: Payout[] | undefined;
  error: boolean;
  onRetry: () => void;
}

export function PayoutHistory({ payouts, error, onRetry }: PayoutHistoryProps) {
  return (
    <Card css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle as="h2">Payout history</CardTitle>
        <CardDescription>Payments of your commissions.</CardDescription>
      </div>
      {error ? (
        <ErrorState title="Could not load payouts" onRetry={onRetry} />
      ) : payouts === undefined ? (
        <Skeleton css={{ height: 64 }} />
      ) : payouts.length === 0 ? (
        <EmptyState
          icon={<Wallet size={26} />}
          title="No payouts yet"
          description="Once you ask for a payout, it shows here with what became of it."
        />
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
          {payouts.map((payout) => {
            const status = payoutStatus(payout);
            return (
              <li
                key={payout.id}
                data-testid="payout-row"
                css={(t) => ({
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '12px 14px',
                  borderRadius: t.radii.md,
                  background: t.colors.surfaceSunken,
                })}
              >
                <div css={{ display: 'grid', gap: 2, minWidth: 0 }}>
                  <span css={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatDollars(payout.amount)}</span>
                  <span css={(t) => ({ fontSize: 13, color: t.colors.textMuted })}>
                    {formatDate(payout.payoutDate ?? payout.createdAt)} · {payout.commissionIds.length} commission
                    {payout.commissionIds.length === 1 ? '' : 's'}
                    {payout.notes ? ` · ${payout.notes}` : ''}
                  </span>
                  {payout.declineReason ? (
                    <span css={(t) => ({ fontSize: 13, color: t.colors.text, overflowWrap: 'anywhere' })}>
                      Reason: {payout.declineReason}
                    </span>
                  ) : null}
                </div>
                <Badge variant={status.variant}>{status.label}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
