import type { BadgeVariant } from '../components/badge';

/**
 * A creator payout's status as the creator and the admin read it: completed shows green,
 * failed red (Declined when it was the creator's own request), anything else as Pending
 * (Requested while the creator's request waits for an admin).
 */
export function payoutStatus(payout: { status: string; requestedAt?: string | null }): { label: string; variant: BadgeVariant } {
  if (payout.status === 'completed') return { label: 'Completed', variant: 'success' };
  if (payout.status === 'failed') return { label: payout.requestedAt ? 'Declined' : 'Failed', variant: 'danger' };
  return { label: payout.requestedAt ? 'Requested' : 'Pending', variant: 'outline' };
}
