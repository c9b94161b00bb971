import { InvoicePaidV1, InvoiceRefundedV1, SubscriptionChangedV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import { applySubscriptionChange, earnCommission, reverseCommission } from '../../domain/commissions';

/** Attribution and commissions follow billing's subscriptions and invoices. */
export const billingEventsConsumer = (context: ServiceContext<CreatorReferralConfig>) => ({
  name: 'billing-events',
  handlers: [
    on(SubscriptionChangedV1, (payload, ctx) => applySubscriptionChange(payload, ctx)),
    on(InvoicePaidV1, (payload, ctx) => earnCommission(context, payload, ctx)),
    on(InvoiceRefundedV1, (payload, ctx) => reverseCommission(payload, ctx)),
  ],
});
