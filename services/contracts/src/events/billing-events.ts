import { z } from 'zod';
import { defineEvent } from './define-event';
import { PLAN_IDS } from '../api/plans';

export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete'] as const;

/** The subscription of a user changed; identity derives subscriptionStatus from it. */
export const ZSubscriptionChangedV1 = z.object({
  subscriptionId: z.string().min(1),
  userId: z.string().uuid().nullable(),
  email: z.string().email().nullable(),
  plan: z.enum(PLAN_IDS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Grants access: true while active or trialing. */
  entitled: z.boolean(),
  currentPeriodEnd: z.string().datetime().nullable(),
  referralCode: z.string().nullable(),
  /** Monotonic per subscription, so an older change arriving late is ignored. */
  version: z.number().int().nonnegative(),
});
export const SubscriptionChangedV1 = defineEvent('billing.subscription.changed.v1', ZSubscriptionChangedV1);

export const ZInvoicePaidV1 = z.object({
  invoiceId: z.string().min(1),
  subscriptionId: z.string().min(1),
  userId: z.string().uuid().nullable(),
  email: z.string().email().nullable(),
  plan: z.enum(PLAN_IDS),
  amountPaidCents: z.number().int().nonnegative(),
  paidAt: z.string().datetime(),
  referralCode: z.string().nullable(),
});
export const InvoicePaidV1 = defineEvent('billing.invoice.paid.v1', ZInvoicePaidV1);

export const ZInvoiceRefundedV1 = z.object({
  invoiceId: z.string().min(1),
  /** Refunded on this invoice so far, in total (a later partial refund carries the new total). */
  amountRefundedCents: z.number().int().nonnegative(),
  amountPaidCents: z.number().int().nonnegative(),
  refundedAt: z.string().datetime(),
});
export const InvoiceRefundedV1 = defineEvent('billing.invoice.refunded.v1', ZInvoiceRefundedV1);

/**
 * A trial ends in about three days and turns into the first charge (the payment provider
 * said so: Stripe's `customer.subscription.trial_will_end`). Announced once per notice.
 */
export const ZTrialEndingAnnouncedV1 = z.object({
  subscriptionId: z.string().min(1),
  userId: z.string().uuid().nullable(),
  email: z.string().email().nullable(),
  plan: z.enum(PLAN_IDS),
  /** What the first charge will take, in cents. */
  amountCents: z.number().int().nonnegative(),
  /** When the trial ends and the first charge is made. */
  trialEndsAt: z.string().datetime(),
});
export const TrialEndingAnnouncedV1 = defineEvent('billing.trial.ending-announced.v1', ZTrialEndingAnnouncedV1);
