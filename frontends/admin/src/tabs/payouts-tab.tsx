import { useQuery } from '@tanstack/react-query';
import { apiQuery, EmptyState, Skeleton, QueryStates } from '@innerecho/ui';
import { HandCoins, Wallet } from 'lucide-react';
import { TabHeader } from '../library-admin/admin-table';
import { CreatorBalanceCard } from '../payouts/creator-balance-card';
import { PayoutList } from '../payouts/payout-list';

export type PayoutsTabProps = Record<string, never>;

/** Creators' pending balances, payouts made from them, and the payout history. */
export function PayoutsTab(_props: PayoutsTabProps) {
  const balances = useQuery(apiQuery('GET /api/payouts/balances'));
  const payouts = useQuery(apiQuery('GET /api/payouts'));
  const owed = balances.data?.filter((b) => b.commissions.length > 0) ?? [];
  const names = new Map((balances.data ?? []).map((b) => [b.creatorId, b.name]));

  return (
    // One column no wider than the screen: a balance card or the history table never widens the page on a phone.
    <div css={{ display: 'grid', gap: 40, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <section aria-labelledby="balances-title">
        <TabHeader id="balances-title" title="Pending balances" description="Commissions earned by creators and not yet paid out." />
        <QueryStates
          query={balances}
          errorTitle="Balances could not be loaded"
          loading={<Skeleton height={160} />}
          isEmpty={() => owed.length === 0}
          empty={
            <EmptyState
              icon={<HandCoins size={26} />}
              title="Nothing to pay out"
              description="When creators earn commissions, their pending balances appear here."
            />
          }
        >
          {() => (
            <div
              css={(t) => ({
                display: 'grid',
                gap: 16,
                gridTemplateColumns: 'minmax(0, 1fr)',
                [t.mq.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
              })}
            >
              {owed.map((b) => (
                <CreatorBalanceCard key={`${b.creatorId}:${b.commissions.map((c) => c.id).join(',')}`} balance={b} />
              ))}
            </div>
          )}
        </QueryStates>
      </section>

      <section aria-labelledby="payouts-title">
        <TabHeader
          id="payouts-title"
          title="Payout history"
          description="Creators’ requests show as Requested: mark one paid once the money is sent, or decline it with a reason they read. Mark your own payouts completed, or failed to return their commissions to pending."
        />
        <QueryStates
          query={payouts}
          errorTitle="Payouts could not be loaded"
          loading={<Skeleton height={120} />}
          empty={
            <EmptyState
              icon={<Wallet size={26} />}
              title="No payouts yet"
              description="Payouts you create from pending balances are listed here."
            />
          }
        >
          {(list) => <PayoutList payouts={list} creatorNames={names} />}
        </QueryStates>
      </section>
    </div>
  );
}
