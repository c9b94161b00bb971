import { FakeStripe, signedWebhook, startTestSystem, stripeEnv, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import type { Browser } from 'playwright-core';
import { browserClient, expectNoAxeViolations, openJourneyBrowser, visible } from '../src';

jest.setTimeout(240_000);

/**
 * Stripe sends a buyer back to /success once they have paid, but its confirmation (the
 * webhook) can come late. The page asks each second for half a minute; after that it must not
 * spin for ever: it says the payment is still being confirmed and offers to check again, which
 * welcomes the buyer once the confirmation has arrived. This spec runs with billing on (a
 * local server answering as Stripe does), so it starts a system of its own and runs in the
 * single-process project only.
 */
let fake: FakeStripe;
let system: TestSystem;
let browser: Browser;
beforeAll(async () => {
  fake = await FakeStripe.start();
  system = await startTestSystem({ env: { ...process.env, ...stripeEnv(fake) } });
  browser = await openJourneyBrowser();
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await fake?.stop();
});

test('a paid checkout whose confirmation is late: /success stops waiting, offers to check again, then welcomes the buyer', async () => {
  // The checkout starts in this browser, as the pricing page's button does: only the browser
  // (or account) that started a checkout is told its status.
  const context = await browser.newContext({ baseURL: system.url, viewport: { width: 390, height: 844 } });
  const started = await browserClient(context, system.url).api.send('POST /api/create-checkout-session', { body: { plan: 'monthly' } });
  expect(started.status).toBe(200);
  const checkoutId = [...fake.checkoutSessions.values()].at(-1).id as string;

  const page = await context.newPage();
  await page.goto(`/success?session_id=${checkoutId}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Confirming your checkout…' }));
  // Thirty checks a second apart, then the page says where things stand.
  await visible(page.getByRole('heading', { level: 1, name: 'Your payment is still being confirmed' }), 90_000);
  await visible(page.getByText('There is no need to pay again'));
  await expectNoAxeViolations(page, '/success with a late confirmation');

  // Stripe's confirmation arrives; the buyer asks again.
  const { session } = fake.completeCheckout(checkoutId, uniqueEmail('late'));
  const { payload, header } = signedWebhook(fake.event('checkout.session.completed', session));
  const webhook = await new TestClient(system.url).api.send(
    'POST /api/billing/webhook',
    { bytes: payload },
    { headers: { 'content-type': 'application/json', 'stripe-signature': header } },
  );
  expect(webhook.status).toBe(200);
  await page.getByRole('button', { name: 'Check Again' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Welcome to InnerEcho!' }));
  await visible(page.getByText('Your monthly subscription is set up'));
});
