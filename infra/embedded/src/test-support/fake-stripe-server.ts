import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers like Stripe's API for what billing uses: checkout
 * sessions, customers, subscriptions and billing portal sessions. The official SDK is
 * pointed at it (host/port/protocol), and tests sign webhook payloads with the SDK's
 * own test header helper, so both directions use Stripe's real formats.
 */
export const FAKE_PRICES = { monthly: 'price_test_monthly', yearly: 'price_test_yearly' } as const;
/** What each price charges, in cents (the plans' prices). */
const FAKE_AMOUNTS: Record<string, number> = { [FAKE_PRICES.monthly]: 999, [FAKE_PRICES.yearly]: 7999 };
export const FAKE_WEBHOOK_SECRET = 'whsec_test_innerecho';

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  /** When the trial ends (unix seconds), null without one. */
  trial_end: number | null;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      quantity: number;
      price: { id: string; unit_amount: number };
      current_period_end: number;
      current_period_start: number;
    }[];
  };
}

export class FakeStripe {
  readonly checkoutSessions = new Map<string, any>();
  readonly customers = new Map<string, any>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly requests: { method: string; path: string; body: any }[] = [];
  private server!: Server;
  url = '';

  static async start(): Promise<FakeStripe> {
    const fake = new FakeStripe();
    fake.server = createServer((req, res) => {
      fake.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(JSON.stringify(body));
        },
        (error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        },
      );
    });
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url!, 'http://stripe.test');
    const body = qs.parse(Buffer.concat(chunks).toString('utf8'));
    const query = qs.parse(url.search.slice(1));
    this.requests.push({ method: req.method!, path: url.pathname, body });
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const missing = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    let m: RegExpMatchArray | null;

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = {
        id: id('cs'),
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        url: `https://checkout.stripe.test/c/pay/${id('cs')}`,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        customer_details: null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items_params: body.line_items,
        subscription_data: body.subscription_data,
      };
      this.checkoutSessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (req.method === 'GET' && (m = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = this.checkoutSessions.get(m[1]);
      return session ? { status: 200, body: session } : missing('checkout.session');
    }
    if ((m = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]);
      if (!sub) return missing('subscription');
      if (req.method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      if (req.method === 'DELETE') sub.status = 'canceled';
      const expand = ([] as string[]).concat((query.expand as string[]) ?? (body.expand as string[]) ?? []);
      return { status: 200, body: expand.includes('customer') ? { ...sub, customer: this.customers.get(sub.customer) } : sub };
    }
    if ((m = url.pathname.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(m[1]);
      return customer ? { status: 200, body: customer } : missing('customer');
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!this.customers.has(String(body.customer))) return missing('customer');
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id('bps')}`,
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } },
    };
  }

  /** What Stripe does when the buyer pays: a customer and a trialing subscription; returns the completed session. */
  completeCheckout(sessionId: string, email: string) {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const customer = session.customer ? this.customers.get(session.customer) : { id: id('cus'), object: 'customer', email };
    this.customers.set(customer.id, customer);
    const price = session.line_items_params[0].price;
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const sub: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: customer.id,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      trial_end: trialDays > 0 ? now() + trialDays * 86400 : null,
      metadata: session.subscription_data?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            quantity: 1,
            price: { id: price, unit_amount: FAKE_AMOUNTS[price] ?? 0 },
            current_period_start: now(),
            current_period_end: now() + trialDays * 86400,
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', customer: customer.id, subscription: sub.id, customer_details: { email } });
    return { session, subscription: sub, customer };
  }

  setSubscription(subscriptionId: string, patch: Partial<FakeSubscription> & { current_period_end?: number }) {
    const sub = this.subscriptions.get(subscriptionId)!;
    const { current_period_end, ...rest } = patch;
    Object.assign(sub, rest);
    if (current_period_end) sub.items.data[0].current_period_end = current_period_end;
    return sub;
  }

  /** An event as Stripe would send it. */
  event(type: string, object: unknown): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      api_version: '2025-08-27.basil',
      livemode: false,
      pending_webhooks: 1,
      request: null,
      data: { object },
    } as any;
  }

  /** A paid invoice of the subscription (basil shape: parent.subscription_details, payments). */
  invoice(subscriptionId: string, amountPaidCents: number) {
    const paymentIntent = id('pi');
    return {
      id: id('in'),
      object: 'invoice',
      amount_paid: amountPaidCents,
      status: 'paid',
      status_transitions: { paid_at: now() },
      customer: this.subscriptions.get(subscriptionId)?.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: paymentIntent } }] },
      paymentIntent,
    };
  }

  charge(invoice: { paymentIntent: string; amount_paid: number }, refundedCents: number) {
    return {
      id: id('ch'),
      object: 'charge',
      amount: invoice.amount_paid,
      amount_refunded: refundedCents,
      refunded: refundedCents >= invoice.amount_paid,
      payment_intent: invoice.paymentIntent,
    };
  }
}

/** A webhook request body and its Stripe-Signature header, made with the SDK's test helper. */
export function signedWebhook(event: Stripe.Event, secret = FAKE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_innerecho',
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: FAKE_PRICES.monthly,
    STRIPE_PRICE_YEARLY: FAKE_PRICES.yearly,
    STRIPE_API_BASE: fake.url,
  };
}
