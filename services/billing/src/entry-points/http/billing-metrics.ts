import type { ServiceMetrics } from '@innerecho/kit';

/**
 * Billing's own figures: checkouts by mode (stripe, demo) and outcome (started, completed,
 * failed), and payment webhooks by type and outcome (applied, duplicate, rejected: bad
 * signature, failed: will be retried by the provider).
 */
export function billingMetrics(metrics: ServiceMetrics) {
  const checkouts = metrics.counter('checkouts_total', 'Checkout sessions by mode and outcome', ['mode', 'outcome']);
  const webhooks = metrics.counter('billing_webhooks_total', 'Payment provider webhooks by event type and outcome', ['type', 'outcome']);
  return {
    checkout: (mode: 'stripe' | 'demo', outcome: 'started' | 'completed' | 'failed') => checkouts.inc({ mode, outcome }),
    webhook: (type: string, outcome: 'applied' | 'duplicate' | 'rejected' | 'failed') => webhooks.inc({ type, outcome }),
  };
}
