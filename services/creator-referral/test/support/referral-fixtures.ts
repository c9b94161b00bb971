import { randomBytes } from 'node:crypto';
import { TestClient, uniqueEmail, type TestSystem, FakeStripe, signedWebhook } from '@innerecho/embedded';
import { hashPassword } from '@innerecho/kit';
import { creatorReferralTables } from '@innerecho/creator-referral';

export const CREATOR_PASSWORD = 'creator password 123';

/** A creator account as the admin routes would make it (written straight to creator-referral's own table). */
export async function createCreator(system: TestSystem, overrides: { email?: string; active?: boolean; name?: string } = {}) {
  const code = `c${randomBytes(5).toString('hex')}`;
  const [row] = await system.services.creatorReferral.context.db
    .insert(creatorReferralTables.creators)
    .values({
      name: overrides.name ?? `Creator ${code}`,
      email: overrides.email ?? uniqueEmail('creator'),
      passwordHash: await hashPassword(CREATOR_PASSWORD),
      referralCode: code,
      active: overrides.active ?? true,
    })
    .returning();
  return row;
}

export async function signInCreator(system: TestSystem, email: string) {
  const c = new TestClient(system.url);
  const res = await c.api.send('POST /api/creator-auth/login', { body: { email, password: CREATOR_PASSWORD } });
  if (res.status !== 200) throw new Error(`creator sign-in failed: ${res.status} ${res.text}`);
  return c;
}

/** Drives billing the way Stripe would: checkouts through the API, then signed webhooks. */
export class StripeDriver {
  constructor(
    private readonly system: TestSystem,
    readonly fake: FakeStripe,
  ) {}

  async send(type: string, object: unknown) {
    const event = this.fake.event(type, object);
    const { payload, header } = signedWebhook(event);
    const res = await new TestClient(this.system.url).api.send(
      'POST /api/billing/webhook',
      { bytes: payload },
      { headers: { 'content-type': 'application/json', 'stripe-signature': header } },
    );
    if (res.status !== 200) throw new Error(`webhook ${type} failed: ${res.status} ${res.text}`);
    return event;
  }

  /** A completed checkout with the trial's $0 invoice; returns the subscription id. */
  async subscribe(options: { plan: 'monthly' | 'yearly'; referralCode?: string; email?: string; client?: TestClient }) {
    const c = options.client ?? new TestClient(this.system.url);
    const res = await c.api.send('POST /api/create-checkout-session', {
      body: {
        plan: options.plan,
        ...(options.referralCode ? { referralCode: options.referralCode } : {}),
      },
    });
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`);
    const sessionId = [...this.fake.checkoutSessions.values()].at(-1).id as string;
    const { session, subscription } = this.fake.completeCheckout(sessionId, options.email ?? uniqueEmail('buyer'));
    await this.send('checkout.session.completed', session);
    await this.pay(subscription.id, 0);
    return subscription.id;
  }

  /** A paid invoice of the subscription; returns it (with its payment intent, for refunds). */
  async pay(subscriptionId: string, amountCents: number) {
    this.fake.setSubscription(subscriptionId, { status: 'active' });
    const invoice = this.fake.invoice(subscriptionId, amountCents);
    await this.send('invoice.paid', invoice);
    return invoice;
  }

  async refund(invoice: ReturnType<FakeStripe['invoice']>, amountCents = invoice.amount_paid) {
    await this.send('charge.refunded', this.fake.charge(invoice, amountCents));
  }
}
