import {
  eventually,
  FakeStripe,
  signedWebhook,
  startTestSystem,
  stripeEnv,
  TestClient,
  uniqueEmail,
  type TestSystem,
} from '@innerecho/embedded';

jest.setTimeout(120_000);

let fake: FakeStripe;
let system: TestSystem;
beforeAll(async () => {
  fake = await FakeStripe.start();
  system = await startTestSystem({ env: { ...process.env, ...stripeEnv(fake) } });
});
afterAll(async () => {
  await system?.stop();
  await fake?.stop();
});

async function sendWebhook(event: ReturnType<FakeStripe['event']>) {
  const { payload, header } = signedWebhook(event);
  const res = await new TestClient(system.url).api.send(
    'POST /api/billing/webhook',
    { bytes: payload },
    { headers: { 'content-type': 'application/json', 'stripe-signature': header } },
  );
  expect(res.status).toBe(200);
}

/** A signed-in listener's checkout, completed at the fake Stripe: a trialing subscription. */
async function trialingListener(plan: 'monthly' | 'yearly') {
  const email = uniqueEmail('trial');
  const c = new TestClient(system.url);
  await c.signUp(email);
  expect((await c.api.send('POST /api/create-checkout-session', { body: { plan } })).status).toBe(200);
  const sessionId = [...fake.checkoutSessions.values()].at(-1).id as string;
  const { session, subscription } = fake.completeCheckout(sessionId, email);
  await sendWebhook(fake.event('checkout.session.completed', session));
  return { email, subscription };
}

describe('the notice before a trial turns into the first charge', () => {
  it("Stripe's trial_will_end becomes one mail with the plan, the amount, the date and how to cancel", async () => {
    const { email, subscription } = await trialingListener('yearly');
    const trialEnd = Date.UTC(2026, 11, 4, 12) / 1000;
    fake.setSubscription(subscription.id, { trial_end: trialEnd });
    const notice = fake.event('customer.subscription.trial_will_end', fake.subscriptions.get(subscription.id));
    await sendWebhook(notice);
    const [mail] = await eventually(async () => {
      const found = system.mailbox.to(email).filter((m) => m.subject.includes('trial'));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.subject).toBe('Your InnerEcho trial ends on December 4, 2026');
    expect(mail.text).toContain('Plan: InnerEcho Yearly ($79.99 a year)');
    expect(mail.text).toContain('First charge: $79.99 on December 4, 2026');
    expect(mail.text).toContain('cancel before December 4, 2026');
    expect(mail.links[0]).toBe(`${system.services.notifications.context.config.PUBLIC_URL}/affirmations`);
    // About money: no unsubscribe.
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
    expect(mail.header('List-Unsubscribe-Post')).toBeUndefined();

    // Stripe retries the same webhook: still one mail. A later mail shows the retry was handled.
    await sendWebhook(notice);
    const marker = await trialingListener('monthly');
    fake.setSubscription(marker.subscription.id, { trial_end: trialEnd });
    await sendWebhook(fake.event('customer.subscription.trial_will_end', fake.subscriptions.get(marker.subscription.id)));
    await eventually(async () => expect(system.mailbox.to(marker.email).filter((m) => m.subject.includes('trial'))).toHaveLength(1));
    expect(system.mailbox.to(marker.email).find((m) => m.subject.includes('trial'))!.text).toContain('First charge: $9.99');
    expect(system.mailbox.to(email).filter((m) => m.subject.includes('trial'))).toHaveLength(1);
  });

  it('a trial already cancelled to end with no charge gets no notice', async () => {
    const { email, subscription } = await trialingListener('monthly');
    fake.setSubscription(subscription.id, { cancel_at_period_end: true });
    await sendWebhook(fake.event('customer.subscription.trial_will_end', fake.subscriptions.get(subscription.id)));
    const marker = await trialingListener('monthly');
    await sendWebhook(fake.event('customer.subscription.trial_will_end', fake.subscriptions.get(marker.subscription.id)));
    await eventually(async () => expect(system.mailbox.to(marker.email).filter((m) => m.subject.includes('trial'))).toHaveLength(1));
    expect(system.mailbox.to(email).filter((m) => m.subject.includes('trial'))).toHaveLength(0);
  });
});
