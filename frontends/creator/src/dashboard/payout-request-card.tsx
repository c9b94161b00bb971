import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, CircleX, HandCoins } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  apiQueryKey,
  callApi,
  Button,
  Card,
  CardDescription,
  CardTitle,
  ErrorState,
  formatDollars,
  serverErrorMessage,
  Skeleton,
  toast,
} from '@innerecho/ui';
import { useCreatorPayoutSummary } from '../api/creator-api';
import { formatDate } from './format-period';

export interface PayoutRequestCardProps {
  creatorId: string;
}

const addDays = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * 86_400_000).toISOString();

/**
 * The creator's payouts in their words: how much they can ask for now, the threshold and
 * how soon an admin answers, a button to ask, and what became of their last request (paid,
 * or declined with the admin's reason).
 */
export function PayoutRequestCard({ creatorId }: PayoutRequestCardProps) {
  const queryClient = useQueryClient();
  const summary = useCreatorPayoutSummary(creatorId);

  const request = useMutation({
    mutationFn: () => callApi('POST /api/payouts/creator/:creatorId/request', { params: { creatorId } }),
    onSuccess: async () => {
      toast({ title: 'Payout requested', description: 'An admin pays it or answers you soon.', variant: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/payouts/creator/:creatorId', { params: { creatorId } }) }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId } }) }),
      ]);
    },
    onError: (error) =>
      toast({ title: 'Could not request a payout', description: serverErrorMessage(error) ?? 'Please try again', variant: 'destructive' }),
  });

  const s = summary.data;
  const short = s ? s.threshold - s.availableBalance : 0;

  return (
    <Card as="section" aria-labelledby="payout-request-title" css={{ gap: 16, padding: 24, minWidth: 0 }}>
      <div css={{ display: 'grid', gap: 4 }}>
        <CardTitle as="h2" id="payout-request-title">
          Get paid
        </CardTitle>
        <CardDescription>
          {s
            ? `Ask for a payout once ${formatDollars(s.threshold)} of commissions is available. An admin pays it, or tells you why not, within ${s.reviewDays} days.`
            : 'How and when your commissions are paid.'}
        </CardDescription>
      </div>
      {summary.isError ? (
        <ErrorState title="Could not load your payout balance" onRetry={() => void summary.refetch()} />
      ) : !s ? (
        <Skeleton css={{ height: 96 }} />
      ) : (
        <>
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 16 }}>
            <p css={{ display: 'grid', gap: 2 }}>
              <span css={(t) => ({ fontSize: 13, fontWeight: 600, color: t.colors.textMuted })}>Available to pay out</span>
              <span
                data-testid="payout-available"
                css={(t) => ({ fontFamily: t.fonts.heading, fontSize: 30, fontWeight: 600, fontVariantNumeric: 'tabular-nums' })}
              >
                {formatDollars(s.availableBalance)}
              </span>
            </p>
            {s.openRequest ? null : (
              <Button onClick={() => request.mutate()} disabled={short > 0 || request.isPending}>
                <HandCoins size={18} aria-hidden />
                {request.isPending ? 'Requesting...' : 'Request payout'}
              </Button>
            )}
          </div>
          {s.openRequest ? (
            <Notice icon={<CalendarClock size={18} />} tone="info">
              You asked for {formatDollars(s.openRequest.amount)} on {formatDate(s.openRequest.requestedAt ?? s.openRequest.createdAt)}. An
              admin pays it or answers by {formatDate(addDays(s.openRequest.requestedAt ?? s.openRequest.createdAt, s.reviewDays))}.
            </Notice>
          ) : short > 0 ? (
            <p css={(t) => ({ fontSize: 14, color: t.colors.textMuted })}>
              {formatDollars(short)} more in commissions and you can ask for a payout.
            </p>
          ) : null}
          {s.lastDecision && !s.openRequest ? (
            s.lastDecision.status === 'completed' ? (
              <Notice icon={<CircleCheck size={18} />} tone="success">
                Your payout of {formatDollars(s.lastDecision.amount)} was paid on{' '}
                {formatDate(s.lastDecision.payoutDate ?? s.lastDecision.createdAt)}.
              </Notice>
            ) : (
              <Notice icon={<CircleX size={18} />} tone="danger">
                Your request of {formatDollars(s.lastDecision.amount)} was declined
                {s.lastDecision.payoutDate ? ` on ${formatDate(s.lastDecision.payoutDate)}` : ''}
                {s.lastDecision.declineReason ? `: “${s.lastDecision.declineReason}”` : '.'} Its commissions are available again.
              </Notice>
            )
          ) : null}
        </>
      )}
    </Card>
  );
}

function Notice({ icon, tone, children }: { icon: ReactNode; tone: 'info' | 'success' | 'danger'; children: ReactNode }) {
  return (
    <p
      role="status"
      css={(t) => ({
        display: 'flex',
        gap: 10,
        alignItems: 'flex-start',
        padding: '12px 14px',
        borderRadius: t.radii.md,
        fontSize: 14.5,
        background: tone === 'success' ? t.colors.successSoft : tone === 'danger' ? t.colors.dangerSoft : t.colors.surfaceSunken,
        color: t.colors.text,
        overflowWrap: 'anywhere',
      })}
    >
      <span
        aria-hidden
        css={(t) => ({
          display: 'inline-flex',
          marginTop: 2,
          color: tone === 'success' ? t.colors.success : tone === 'danger' ? t.colors.danger : t.colors.accent,
        })}
      >
        {icon}
      </span>
      <span>{children}</span>
    </p>
  );
}
