import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiQueryKeyOfAll,
  callApi,
  Button,
  Container,
  ErrorState,
  Page,
  PageHeader,
  Skeleton,
  toast,
  formatDollars,
  Navigate,
  useNavigate,
} from '@innerecho/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@innerecho/ui/tabs';
import { LogOut } from 'lucide-react';
import type { CreatorAccountView } from '@innerecho/contracts';
import {
  ANALYTICS_PERIODS,
  CREATOR_CURRENT_QUERY_KEY,
  CREATOR_PRIVATE_READS,
  DEFAULT_PERIOD,
  useCreatorAnalytics,
  useCreatorCommissions,
  useCreatorPayouts,
  useCurrentCreator,
  type AnalyticsPeriod,
} from '../api/creator-api';
import { CollectionsSection } from '../collections/collections-section';
import { formatPeriodLabel, PERIOD_NAMES } from '../dashboard/format-period';
import { PayoutHistory } from '../dashboard/payout-history';
import { PayoutRequestCard } from '../dashboard/payout-request-card';
import { PeriodBars } from '../dashboard/period-bars';
import { RecentCommissions } from '../dashboard/recent-commissions';
import { ReferralLinkCard } from '../dashboard/referral-link-card';
import { StatCards } from '../dashboard/stat-cards';

export type CreatorDashboardPageProps = Record<string, never>;

/** '/creator-dashboard': signed-out visitors go to /creator-login. */
export function CreatorDashboardPage(_props: CreatorDashboardPageProps) {
  const current = useCurrentCreator();
  if (current.isLoading) {
    return (
      <Container>
        <Page>
          <Skeleton css={{ height: 56, maxWidth: 420 }} />
          <Skeleton css={{ height: 120 }} />
        </Page>
      </Container>
    );
  }
  if (current.isError) {
    return (
      <Container>
        <Page>
          <ErrorState headingLevel="h1" title="Could not load your dashboard" onRetry={() => void current.refetch()} />
        </Page>
      </Container>
    );
  }
  if (!current.data) return <Navigate to="/creator-login" replace />;
  return <Dashboard creator={current.data} />;
}

function Dashboard({ creator }: { creator: CreatorAccountView }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const analytics = useCreatorAnalytics(creator.id, period);
  const commissions = useCreatorCommissions(creator.id);
  const payouts = useCreatorPayouts(creator.id);

  const logout = useMutation({
    mutationFn: () => callApi('POST /api/creator-auth/logout'),
    onSuccess: () => {
      queryClient.setQueryData(CREATOR_CURRENT_QUERY_KEY, { creator: null });
      for (const id of CREATOR_PRIVATE_READS) queryClient.removeQueries({ queryKey: apiQueryKeyOfAll(id) });
      toast({ title: 'Logged out' });
      void navigate('/creator-login');
    },
    onError: () => toast({ title: 'Error', description: 'Failed to log out', variant: 'destructive' }),
  });

  const data = analytics.data;
  return (
    <Container>
      <Page css={{ gap: 28 }}>
        <PageHeader
          eyebrow="Creator Dashboard"
          title={`Welcome, ${creator.name}`}
          description="Your referral link, the people who subscribed through it, and what you have earned."
          actions={
            <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut size={18} aria-hidden />
              {logout.isPending ? 'Logging out...' : 'Log out'}
            </Button>
          }
        />

        <ReferralLinkCard referralCode={creator.referralCode} />

        <PayoutRequestCard creatorId={creator.id} />

        <CollectionsSection creatorId={creator.id} />

        <Tabs asChild value={period} onValueChange={(v) => setPeriod(v as AnalyticsPeriod)}>
          <section aria-labelledby="numbers-title" css={{ display: 'grid', gap: 16 }}>
            <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
              <h2 id="numbers-title" css={{ fontSize: 24 }}>
                Performance
              </h2>
              <TabsList aria-label="Period">
                {ANALYTICS_PERIODS.map((p) => (
                  <TabsTrigger key={p} value={p}>
                    {PERIOD_NAMES[p]}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>
            <TabsContent value={period} css={{ display: 'grid', gap: 16, marginTop: 0 }}>
              {analytics.isError ? (
                <ErrorState title="Could not load your numbers" onRetry={() => void analytics.refetch()} />
              ) : (
                <>
                  <StatCards analytics={data} />
                  <div css={(t) => ({ display: 'grid', gap: 16, [t.mq.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } })}>
                    <PeriodBars
                      title="Commissions by period"
                      description={`Commissions earned, ${PERIOD_NAMES[period].toLowerCase()}.`}
                      emptyNote="No commissions in these periods yet."
                      rows={data?.revenueByPeriod.map((r) => ({
                        label: formatPeriodLabel(period, r.period),
                        value: r.amount,
                        display: formatDollars(r.amount),
                      }))}
                    />
                    <PeriodBars
                      title="Signups by period"
                      description={`Subscriptions started through your link, ${PERIOD_NAMES[period].toLowerCase()}.`}
                      emptyNote="No signups in these periods yet."
                      rows={data?.signupsByPeriod.map((r) => ({
                        label: formatPeriodLabel(period, r.period),
                        value: r.count,
                        display: String(r.count),
                      }))}
                    />
                  </div>
                </>
              )}
            </TabsContent>
          </section>
        </Tabs>

        <div
          css={(t) => ({ display: 'grid', gap: 16, alignItems: 'start', [t.mq.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } })}
        >
          <RecentCommissions commissions={commissions} />
          <PayoutHistory payouts={payouts} />
        </div>
      </Page>
    </Container>
  );
}
