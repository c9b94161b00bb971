import { SubscriptionChangedV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { applySubscriptionChange } from '../../domain/apply-subscription-change';

export const billingEventsConsumer = {
  name: 'billing-events',
  handlers: [on(SubscriptionChangedV1, applySubscriptionChange)],
};
