import { type E2E, expectNoAxeViolations, pageSettled, startE2EForThisFile, visible, welcomedAfterCheckout } from '../src';

jest.setTimeout(300_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

test('/success welcomes nobody who did not finish a checkout, and never shows a raw checkout id', async () => {
  const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  // A checkout started but never paid: its real id in the address is not enough.
  await page.goto('/#pricing');
  await page.getByRole('button', { name: 'Choose Yearly' }).click();
  await page.waitForURL('**/api/billing/demo-checkout/**');
  const unpaid = new URL(page.url()).pathname.split('/').at(-1)!;
  expect(unpaid).toMatch(/^demo_cs_/);

  for (const path of ['/success', `/success?session_id=${unpaid}`, '/success?session_id=demo_cs_made_up']) {
    await page.goto(path);
    await pageSettled(page);
    await visible(page.getByRole('heading', { level: 1, name: 'No finished checkout here' }));
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('trial has begun');
    expect(text).not.toContain('demo_cs_');
    expect(text).not.toContain('Checkout reference');
    await visible(page.getByRole('link', { name: 'See Plans' }));
  }
  await expectNoAxeViolations(page, '/success without a finished checkout');

  // Once the same checkout is finished, the page welcomes its buyer (and still shows no id).
  await page.goto(`/api/billing/demo-checkout/${unpaid}`);
  await page.getByLabel('Email').fill(`buyer.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await welcomedAfterCheckout(page);
  await visible(page.getByText('Your yearly subscription is set up and your 3-day free trial has begun.'));
  expect(await page.locator('main').textContent()).not.toContain(unpaid);
});
