import type { Page } from 'playwright-core';
import { browserClient, expectNoAxeViolations, signUpInBrowser, startE2EForThisFile, type E2E } from '../src';

jest.setTimeout(120_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const nav = (page: Page) => page.getByRole('banner');

describe('a visitor', () => {
  test('sees the hero and both plans with their prices on the home page', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Personalized Affirmations In Your Own Voice' }));
    await expectVisible(page.getByRole('link', { name: 'Get Started' }));
    await page.getByRole('button', { name: 'View Pricing' }).click();
    const pricing = page.locator('#pricing');
    await expectVisible(pricing.getByText('$9.99', { exact: true }));
    await expectVisible(pricing.getByText('$79.99', { exact: true }));
    await expectVisible(pricing.getByText('Save $40 a year'));
    expect(await page.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href')).toBe(
      '/api/login?mode=signup&returnTo=%2Frecord-voice',
    );
  });

  test('does not see the Library, Create and Record Voice links', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await expectVisible(nav(page).getByRole('link', { name: 'Sign in' }));
    for (const name of ['Library', 'Create', 'Record Voice']) {
      expect(await nav(page).getByRole('link', { name, exact: true }).count()).toBe(0);
    }
  });

  test('typing /pricing shows the plans, not a 404', async () => {
    const page = await e2e.newPage();
    await page.goto('/pricing');
    const pricing = page.locator('#pricing');
    await expectVisible(pricing.getByText('$9.99', { exact: true }));
    await page.waitForFunction(() => {
      const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? Infinity;
      return top >= -2 && top < window.innerHeight;
    });
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
  });

  test('sees "404 Page Not Found" on an unknown path', async () => {
    const page = await e2e.newPage();
    await page.goto('/this/does/not/exist');
    await expectVisible(page.getByRole('heading', { name: '404 Page Not Found' }));
  });

  test('choosing a plan shows Loading... on that button until checkout answers, then goes to the checkout', async () => {
    const page = await e2e.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/create-checkout-session', async (route) => {
      await held; // hold the answer so the pending state can be seen
      await route.continue();
    });
    await page.goto('/#pricing');
    await page.getByRole('button', { name: 'Choose Monthly' }).click();
    const pending = page.getByRole('button', { name: 'Loading...' });
    await expectVisible(pending);
    expect(await pending.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Choose Yearly' }).isDisabled()).toBe(false);
    release();
    await page.waitForURL('**/api/billing/demo-checkout/**');
  });

  test("a checkout error shows the server's words, and a network failure the generic message", async () => {
    const page = await e2e.newPage();
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Checkout is paused for maintenance' }),
      }),
    );
    await page.goto('/#pricing');
    await page.getByRole('button', { name: 'Choose Yearly' }).click();
    await expectVisible(page.getByText('Checkout is paused for maintenance', { exact: true }));

    await page.unroute('**/api/create-checkout-session');
    await page.route('**/api/create-checkout-session', (route) => route.abort());
    await page.getByRole('button', { name: 'Choose Monthly' }).click();
    await expectVisible(page.getByText('An unexpected error occurred', { exact: true }));
  });

  test('the theme toggle switches to light and the choice survives a reload', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  test('sees a friendly fallback with a retry when a part of the app fails to load, and the retry recovers', async () => {
    const page = await e2e.newPage();
    await page.route('**/remotes/subscriber/**', (route) => route.abort());
    await page.goto('/affirmations');
    await expectVisible(page.getByRole('heading', { name: "This part of InnerEcho didn't load" }));
    await expectVisible(page.getByRole('link', { name: 'InnerEcho' }).first()); // the header is still there
    await page.unroute('**/remotes/subscriber/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Affirmations', exact: true }));
  });
});

describe('a new user', () => {
  test('signs up, sees the nav links, and logs out back to the home page', async () => {
    const page = await e2e.newPage();
    await signUpInBrowser(page);
    expect(new URL(page.url()).pathname).toBe('/affirmations');
    for (const name of ['Library', 'Create', 'Record Voice']) {
      await expectVisible(nav(page).getByRole('link', { name, exact: true }));
    }
    expect(await nav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);

    await nav(page).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(nav(page).getByRole('link', { name: 'Sign in' }));
    expect(await nav(page).getByRole('link', { name: 'Library', exact: true }).count()).toBe(0);
    expect((await browserClient(page).api.send('GET /api/auth/user', {})).status).toBe(401);
  });

  test('on a phone, finds the nav links in the side menu', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signUpInBrowser(page);
    await nav(page).getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Library', 'Create', 'Record Voice']) await expectVisible(menu.getByRole('link', { name, exact: true }));
    await expectNoAxeViolations(page, 'the side menu on a phone');
  });

  test('an admin sees the Admin link on /admin paths only', async () => {
    const page = await e2e.newPage();
    await page.goto('/api/login?mode=signin');
    await page.getByLabel('Email').fill(e2e.system.admin.email);
    await page.getByLabel('Password').fill(e2e.system.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/affirmations');
    expect(await nav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin');
    await expectVisible(nav(page).getByRole('link', { name: 'Admin' }));
  });
});

async function expectVisible(locator: ReturnType<Page['locator']>) {
  await locator.waitFor({ state: 'visible' });
}
