import {
  Badge,
  Card,
  CardDescription,
  CardTitle,
  EmptyState,
  formatDollars,
  ListRow,
  ListRows,
  payoutStatus,
  QueryStates,
  Skeleton,
} from '@innerecho/ui';
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
      <QueryStates
        query={{ data: payouts, isError: error, refetch: onRetry }}
        errorTitle="Could not load payouts"
        loading={<Skeleton css={{ height: 64 }} />}
        empty={
          <EmptyState
            icon={<Wallet size={26} />}
            title="No payouts yet"
            description="Once you ask for a payout, it shows here with what became of it."
          />
        }
      >
        {(list) => (
          <ListRows>
            {list.map((payout) => {
              const status = payoutStatus(payout);
              return (
                <ListRow
                  key={payout.id}
                  data-testid="payout-row"
                  title={<span css={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{formatDollars(payout.amount)}</span>}
                  detail={
                    <>
                      {formatDate(payout.payoutDate ?? payout.createdAt)} · {payout.commissionIds.length} commission
                      {payout.commissionIds.length === 1 ? '' : 's'}
                      {payout.notes ? ` · ${payout.notes}` : ''}
                    </>
                  }
                  more={
                    payout.declineReason ? (
                      <span css={(t) => ({ fontSize: 13, color: t.colors.text, overflowWrap: 'anywhere' })}>
                        Reason: {payout.declineReason}
                      </span>
                    ) : null
                  }
                  end={<Badge variant={status.variant}>{status.label}</Badge>}
                />
              );
            })}
          </ListRows>
        )}
      </QueryStates>
    </Card>
  );
}
