import Stripe from 'stripe';
import { badRequest, type Logger } from '@innerecho/kit';
import type { PlanId } from '@innerecho/contracts';
import type { BillingConfig } from '../config';
import { normaliseReferralCode, type BillingFact, type SubscriptionFacts } from './billing-facts';

/** Where Stripe Checkout returns the buyer (then on to /success, or to the already-subscribed page). */
export const CHECKOUT_RETURN_PATH = '/api/billing/checkout-return';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Billing's view of Stripe: create checkouts and portal sessions, verify webhooks, and
 * translate Stripe's objects into billing facts. Tolerates both the current ("basil")
 * shapes and older ones (invoice.subscription, charge.invoice, subscription.current_period_end).
 */
export class StripeProvider {
  readonly stripe: Stripe;

  constructor(private readonly config: BillingConfig & { STRIPE_SECRET_KEY: string }) {
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', '') as 'http' | 'https',
          }
        : {}),
    });
  }

  priceFor(plan: PlanId): string {
    return plan === 'monthly' ? this.config.STRIPE_PRICE_MONTHLY! : this.config.STRIPE_PRICE_YEARLY!;
  }

  planForPrice(priceId: string | null | undefined): PlanId | null {
    if (priceId && priceId === this.config.STRIPE_PRICE_MONTHLY) return 'monthly';
    if (priceId && priceId === this.config.STRIPE_PRICE_YEARLY) return 'yearly';
    return null;
  }

  async createCheckout(input: {
    plan: PlanId;
    referralCode: string | null;
    user: { id: string; email: string } | null;
    customerId: string | null;
    publicUrl: string;
  }): Promise<{ id: string; url: string }> {
    const metadata: Record<string, string> = { plan: input.plan };
    if (input.referralCode) metadata.referralCode = input.referralCode;
    if (input.user) metadata.userId = input.user.id;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.priceFor(input.plan), quantity: 1 }],
      subscription_data: { trial_period_days: 3, metadata },
      metadata,
      ...(input.user ? { client_reference_id: input.user.id } : {}),
      ...(input.customerId ? { customer: input.customerId } : input.user ? { customer_email: input.user.email } : {}),
      // Back through billing, which turns away a second subscription before /success.
      success_url: `${input.publicUrl}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.publicUrl}/#pricing`,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { id: session.id, url: session.url };
  }

  /** A completed checkout as Stripe holds it; null for one Stripe does not know. */
  async completedCheckout(
    sessionId: string,
  ): Promise<{ id: string; subscriptionId: string; userId: string | null; email: string | null } | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if ((error as any)?.statusCode === 404) return null;
      throw error;
    }
    const subscriptionId = idOf(session.subscription as any);
    if (session.status !== 'complete' || !subscriptionId) return null;
    return {
      id: session.id,
      subscriptionId,
      userId: session.client_reference_id || null,
      email: session.customer_details?.email ?? session.customer_email ?? null,
    };
  }

  /** Cancels at once (no proration, no invoice); a subscription that has already ended stays as it is. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    await this.stripe.subscriptions.cancel(subscriptionId);
  }

  async createPortal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  /** The verified event; a bad or missing signature is a 400. */
  verifyWebhook(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    if (!rawBody || !signature) throw badRequest('Missing webhook signature', 'BAD_SIGNATURE');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.STRIPE_WEBHOOK_SECRET!);
    } catch {
      throw badRequest('Webhook signature verification failed', 'BAD_SIGNATURE');
    }
  }

  /** The subscription as Stripe holds it now: events may arrive out of order, the API is current. */
  async currentSubscription(subscriptionId: string): Promise<SubscriptionFacts & { trialEnd: number | null }> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['customer'] });
    return this.subscriptionFacts(subscription);
  }

  subscriptionFacts(subscription: Stripe.Subscription): SubscriptionFacts & { trialEnd: number | null } {
    const item = subscription.items?.data?.[0];
    const periodEnd = (item as any)?.current_period_end ?? (subscription as any).current_period_end ?? null;
    const customer = subscription.customer;
    const email =
      typeof customer === 'object' && customer && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer).email : null;
    const metadata = subscription.metadata ?? {};
    return {
      subscriptionId: subscription.id,
      customerId: idOf(customer as any),
      userId: metadata.userId || null,
      email: email ?? null,
      plan: this.planForPrice(item?.price?.id) ?? (metadata.plan === 'monthly' || metadata.plan === 'yearly' ? metadata.plan : null),
      referralCode: normaliseReferralCode(metadata.referralCode),
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      trialEnd: subscription.trial_end ?? null,
    };
  }

  /** Translates a verified event into a billing fact (null: nothing billing acts on). */
  async toFact(event: Stripe.Event, logger: Logger): Promise<BillingFact | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return null;
        const subscriptionId = idOf(session.subscription as any);
        if (!subscriptionId) return null;
        const current = await this.currentSubscription(subscriptionId);
        const metadata = session.metadata ?? {};
        return {
          kind: 'checkout-completed',
          checkoutId: session.id,
          subscription: {
            ...current,
            customerId: idOf(session.customer as any) ?? current.customerId,
            userId: session.client_reference_id || current.userId,
            email: session.customer_details?.email ?? session.customer_email ?? current.email,
            plan: current.plan ?? (metadata.plan === 'yearly' ? 'yearly' : metadata.plan === 'monthly' ? 'monthly' : null),
            referralCode: current.referralCode ?? normaliseReferralCode(metadata.referralCode),
          },
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        try {
          return { kind: 'subscription-changed', subscription: await this.currentSubscription(subscription.id) };
        } catch (error) {
          if ((error as any)?.statusCode !== 404) throw error;
          logger.warn({ subscriptionId: subscription.id }, 'subscription gone at Stripe; using the event');
          return { kind: 'subscription-changed', subscription: this.subscriptionFacts(subscription) };
        }
      }
      case 'customer.subscription.trial_will_end': {
        // Sent three days before a trial turns into the first charge.
        const subscription = event.data.object as Stripe.Subscription;
        const current = await this.currentSubscription(subscription.id);
        const trialEnd = subscription.trial_end ?? current.trialEnd;
        if (!trialEnd) return null;
        const item = subscription.items?.data?.[0];
        const amount = item?.price?.unit_amount;
        return {
          kind: 'trial-will-end',
          subscription: current,
          trialEndsAt: new Date(trialEnd * 1000),
          amountCents: typeof amount === 'number' ? amount * (item?.quantity ?? 1) : null,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object as Stripe.Invoice & Record<string, any>;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as any) ?? idOf(invoice.subscription);
        if (!subscriptionId || !invoice.id) return null;
        const subscription = await this.currentSubscription(subscriptionId);
        if (event.type === 'invoice.payment_failed') return { kind: 'invoice-payment-failed', invoiceId: invoice.id, subscription };
        const payment = invoice.payments?.data?.[0]?.payment;
        return {
          kind: 'invoice-paid',
          invoiceId: invoice.id,
          subscriptionId,
          amountPaidCents: invoice.amount_paid,
          paidAt: new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000),
          paymentIntentId: idOf(payment?.payment_intent) ?? idOf(invoice.payment_intent),
          chargeId: idOf(payment?.charge) ?? idOf(invoice.charge),
          subscription,
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object as Stripe.Charge & Record<string, any>;
        return {
          kind: 'charge-refunded',
          invoiceId: idOf(charge.invoice),
          paymentIntentId: idOf(charge.payment_intent as any),
          chargeId: charge.id,
          amountRefundedCents: charge.amount_refunded,
        };
      }
      default:
        return null;
    }
  }
}
