import { Badge, EmptyState, formatDollars, ListRow, ListRows, QueryStates, Skeleton, type QueryStatesQuery } from '@innerecho/ui';
import { Sparkles } from 'lucide-react';
import { DashboardCard } from './dashboard-card';
import { formatDate } from './format-period';
import type { CommissionView } from '@innerecho/contracts';

/** The dashboard lists the 10 most recent commissions. */
export const RECENT_COMMISSIONS = 10;

/** 'Month n/6' for monthly subscriptions; yearly ones are one-time. */
export function commissionLabel(c: CommissionView): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export function RecentCommissions({ commissions }: { commissions: QueryStatesQuery<CommissionView[]> }) {
  return (
    <DashboardCard title="Recent commissions" description="Your 10 most recent commissions.">
      <QueryStates
        query={commissions}
        errorTitle="Could not load commissions"
        loading={<Skeleton css={{ height: 96 }} />}
        empty={
          <EmptyState
            icon={<Sparkles size={26} />}
            title="No commissions yet"
            description="When someone subscribes through your link, their payments earn you commissions here."
          />
        }
      >
        {(list) => (
          <ListRows>
            {list.slice(0, RECENT_COMMISSIONS).map((c) => (
              <ListRow
                key={c.id}
                data-testid="commission-row"
                title={<span css={{ fontWeight: 600 }}>{commissionLabel(c)}</span>}
                detail={`${c.subscriptionPlan === 'monthly' ? 'Monthly plan' : 'Yearly plan'} · ${formatDate(c.createdAt)}`}
                end={
                  <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexShrink: 0 }}>
                    <span
                      css={(t) => ({
                        fontWeight: 600,
                        fontVariantNumeric: 'tabular-nums',
                        color: c.amount < 0 ? t.colors.danger : t.colors.text,
                      })}
                    >
                      {formatDollars(c.amount)}
                    </span>
                    <Badge variant={c.status === 'paid' ? 'success' : 'outline'}>{c.status === 'paid' ? 'Paid' : 'Pending'}</Badge>
                  </div>
                }
              />
            ))}
          </ListRows>
        )}
      </QueryStates>
    </DashboardCard>
  );
}
