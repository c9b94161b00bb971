import { bareList, Card, Skeleton, formatDollars } from '@innerecho/ui';
import { CircleDollarSign, Hourglass, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CreatorDashboardAnalytics } from '@innerecho/contracts';

export interface StatCardsProps {
  analytics: CreatorDashboardAnalytics | undefined;
}

/**
 * Total Signups, Active Subscribers, and the commissions: every amount here is the creator's
 * share of what their referrals paid, so the cards say "commissions", not "revenue".
 */
export function StatCards({ analytics }: StatCardsProps) {
  const stats: { label: string; value: string | undefined; icon: ReactNode }[] = [
    { label: 'Total Signups', value: analytics && String(analytics.totalSignups), icon: <UserPlus size={20} /> },
    { label: 'Active Subscribers', value: analytics && String(analytics.activeSubscribers), icon: <Users size={20} /> },
    { label: 'Total Commissions', value: analytics && formatDollars(analytics.totalRevenue), icon: <CircleDollarSign size={20} /> },
    { label: 'Not Yet Paid Out', value: analytics && formatDollars(analytics.pendingRevenue), icon: <Hourglass size={20} /> },
  ];
  return (
    <ul
      aria-label="Your numbers"
      css={(t) => ({
        ...bareList,
        display: 'grid',
        gap: 16,
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        [t.mq.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
      })}
    >
      {stats.map((stat) => (
        <li key={stat.label} css={{ display: 'flex' }}>
          <Card css={{ flex: 1, gap: 10, padding: '18px 20px' }}>
            <div
              css={(t) => ({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, color: t.colors.textMuted })}
            >
              <span css={{ fontSize: 14, fontWeight: 600 }}>{stat.label}</span>
              <span aria-hidden css={(t) => ({ color: t.colors.accent, display: 'inline-flex' })}>
                {stat.icon}
              </span>
            </div>
            {stat.value === undefined ? (
              <Skeleton css={{ height: 34, width: '60%' }} />
            ) : (
              <p
                data-testid={`stat-${stat.label.toLowerCase().replace(/\s+/g, '-')}`}
                css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 'clamp(24px, 4vw, 32px)', fontWeight: 600, lineHeight: 1.1 })}
              >
                {stat.value}
              </p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
