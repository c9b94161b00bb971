import { runDemoBillingClock } from '@innerecho/billing';
import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(120_000);

let demo: TestSystem;
beforeAll(async () => {
  const env = { ...process.env };
  delete env.STRIPE_SECRET_KEY;
  demo = await startTestSystem({ env });
});
afterAll(() => demo?.stop());

describe('the notice before a demo trial turns into the first charge (no Stripe key)', () => {
  it("the demo clock announces a trial's end three days ahead, once, as Stripe would", async () => {
    const email = uniqueEmail('demo-trial');
    const c = new TestClient(demo.url);
    await c.signUp(email);
    const started = await c.api.call('POST /api/create-checkout-session', { body: { plan: 'monthly' } });
    expect((await c.request('POST', `${started.url}/complete`, { form: {} })).status).toBe(303);
    const billing = demo.services.billing.context;
    await runDemoBillingClock(billing);
    await runDemoBillingClock(billing);
    const [mail] = await eventually(async () => {
      const found = demo.mailbox.to(email).filter((m) => m.subject.startsWith('Your InnerEcho trial ends on'));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail.text).toContain('First charge: $9.99 on');
    // Another sweep later: still the one notice (and another listener's marks the sweep as handled).
    await runDemoBillingClock(billing);
    const other = uniqueEmail('demo-trial-marker');
    const o = new TestClient(demo.url);
    await o.signUp(other);
    const second = await o.api.call('POST /api/create-checkout-session', { body: { plan: 'yearly' } });
    await o.request('POST', `${second.url}/complete`, { form: {} });
    await runDemoBillingClock(billing);
    await eventually(async () => expect(demo.mailbox.to(other).filter((m) => m.subject.includes('trial ends'))).toHaveLength(1));
    expect(demo.mailbox.to(email).filter((m) => m.subject.includes('trial ends'))).toHaveLength(1);
  });
});
