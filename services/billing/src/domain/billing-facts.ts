import type { PlanId } from '@innerecho/contracts';

/**
 * What billing learns from its payment provider, in its own words. Stripe webhooks and
 * the demo checkout are both translated into these, so both drive the same use case.
 */
export interface SubscriptionFacts {
  subscriptionId: string;
  customerId: string | null;
  /** Set when the checkout was started by a signed-in user (client_reference_id or metadata). */
  userId: string | null;
  email: string | null;
  plan: PlanId | null;
  referralCode: string | null;
  status: string | null;
  cancelAtPeriodEnd: boolean | null;
  currentPeriodEnd: Date | null;
}

export type BillingFact =
  | { kind: 'checkout-completed'; checkoutId: string; subscription: SubscriptionFacts }
  | { kind: 'subscription-changed'; subscription: SubscriptionFacts }
  | {
      kind: 'invoice-paid';
      invoiceId: string;
      subscriptionId: string;
      amountPaidCents: number;
      paidAt: Date;
      paymentIntentId: string | null;
      chargeId: string | null;
      /** The subscription as it stands now, when the provider can tell (an invoice may arrive first). */
      subscription: SubscriptionFacts | null;
    }
  | { kind: 'invoice-payment-failed'; invoiceId: string; subscription: SubscriptionFacts | null }
  | {
      kind: 'trial-will-end';
      subscription: SubscriptionFacts;
      /** When the trial turns into the first charge. */
      trialEndsAt: Date;
      /** What that charge will take, when the provider says (else the plan's price). */
      amountCents: number | null;
    }
  | {
      kind: 'charge-refunded';
      invoiceId: string | null;
      paymentIntentId: string | null;
      chargeId: string;
      /** Refunded so far on this charge, in total. */
      amountRefundedCents: number;
    };

export const emptyFacts = (subscriptionId: string): SubscriptionFacts => ({
  subscriptionId,
  customerId: null,
  userId: null,
  email: null,
  plan: null,
  referralCode: null,
  status: null,
  cancelAtPeriodEnd: null,
  currentPeriodEnd: null,
});

/** Stripe's statuses mapped onto the contract's; access follows `entitled`. */
export function contractStatus(status: string): 'none' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    case 'paused':
      return 'unpaid';
    default:
      return 'none';
  }
}

export const isEntitledStatus = (status: string) => status === 'active' || status === 'trialing';

/** Referral codes are lowercase letters, digits, - and _ (at most 64); anything else is dropped. */
export function normaliseReferralCode(code: string | null | undefined): string | null {
  const value = code?.trim().toLowerCase();
  return value && /^[a-z0-9_-]{1,64}$/.test(value) ? value : null;
}
