import {
  Badge,
  Card,
  CardDescription,
  CardTitle,
  EmptyState,
  formatDollars,
  ListRow,
  ListRows,
  QueryStates,
  Skeleton,
} from '@innerecho/ui';
import { Sparkles } from 'lucide-react';
import type { Commission } from '../api/creator-api';
import { formatDate } from './format-period';

/** The dashboard lists the 10 most recent commissions. */
export const RECENT_COMMISSIONS = 10;

/** 'Month n/6' for monthly subscriptions; yearly ones are one-time. */
export function commissionLabel(c: Commission): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export interface RecentCommissionsProps {
  commissions: Commission[] | undefined;
  error: boolean;
  onRetry: () => void;
}

export function RecentCommissions({ commissions, error, onRetry }: RecentCommissionsProps) {
  const recent = commissions?.slice(0, RECENT_COMMISSIONS);
  return (
    <Card css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle as="h2">Recent commissions</CardTitle>
        <CardDescription>Your 10 most recent commissions.</CardDescription>
      </div>
      <QueryStates
        query={{ data: recent, isError: error, refetch: onRetry }}
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
            {list.map((c) => (
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
    </Card>
  );
}
