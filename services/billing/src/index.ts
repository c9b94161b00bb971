import { BILLING_ENDPOINTS } from '@innerecho/contracts';
import { defineService, type ServiceModule } from '@innerecho/kit';
import type { BillingConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { runDemoBillingClock } from './domain/demo-billing';
import { StripeProvider } from './domain/stripe-provider';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { billingRoutes } from './entry-points/http/billing-routes';

export { ZBillingEnv, type BillingConfig } from './config';
export * as billingTables from './data-access/schema';
export { runDemoBillingClock } from './domain/demo-billing';

/** Owns checkouts, subscriptions, invoices and entitlement facts. */
export function billingService(): ServiceModule<BillingConfig> {
  return defineService('billing', __dirname, {
    endpoints: BILLING_ENDPOINTS,
    tables: { outbox, inbox },
    build(context) {
      const { config } = context;
      const stripe = config.STRIPE_SECRET_KEY ? new StripeProvider({ ...config, STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY }) : null;
      let clock: NodeJS.Timeout | null = null;
      if (!stripe) {
        // Without Stripe nobody else ends trials and periods: the demo clock does, in one
        // instance at a time (two would renew the same subscription twice).
        clock = setInterval(() => {
          context
            .exclusive('demo-billing-clock', () => runDemoBillingClock(context), { skipIfHeld: true })
            .catch((error) => context.logger.error({ err: error }, 'demo billing clock failed'));
        }, config.DEMO_BILLING_SWEEP_MS);
        clock.unref();
      }
      context.logger.info(
        { mode: stripe ? 'stripe' : 'demo' },
        stripe ? 'billing uses Stripe' : 'billing uses the demo checkout (no STRIPE_SECRET_KEY)',
      );
      return {
        routes: [billingRoutes({ context, stripe })],
        consumers: [identityEventsConsumer(context, stripe)],
        onStop: async () => {
          if (clock) clearInterval(clock);
        },
      };
    },
  });
}
