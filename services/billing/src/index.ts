import { join } from 'node:path';
import type { ServiceModule } from '@innerecho/kit';
import type { BillingConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { checkoutRoutes } from './entry-points/http/checkout-routes';

export { ZBillingEnv, type BillingConfig } from './config';
export * as billingTables from './data-access/schema';

/** Owns checkouts, subscriptions, invoices and entitlement facts. */
export function billingService(): ServiceModule<BillingConfig> {
  return {
    name: 'billing',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build() {
      return { routes: checkoutRoutes(), consumers: [identityEventsConsumer] };
    },
  };
}
