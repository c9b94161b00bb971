import {
  Badge,
  EmptyState,
  formatDollars,
  ListRow,
  ListRows,
  payoutStatus,
  QueryStates,
  Skeleton,
  type QueryStatesQuery,
} from '@innerecho/ui';
import { Wallet } from 'lucide-react';
import { DashboardCard } from './dashboard-card';
import { formatDate } from './format-period';
import type { PayoutView } from '@innerecho/contracts';

export function PayoutHistory({ payouts }: { payouts: QueryStatesQuery<PayoutView[]> }) {
  return (
    <DashboardCard title="Payout history" description="Payments of your commissions.">
      <QueryStates
        query={payouts}
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
    </DashboardCard>
  );
}
