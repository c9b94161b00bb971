import type { Page } from 'playwright-core';
import { hashPassword } from '@innerecho/kit';
import { billingTables } from '@innerecho/billing';
import { creatorReferralTables } from '@innerecho/creator-referral';
import { uniqueEmail } from '@innerecho/embedded';
import {
  type E2E,
  expectNoAxeViolations,
  pageSettled,
  shownAfterLoad,
  signedUpListener,
  startE2EForThisFile,
  subscribedListener,
  visible,
} from '../src';

jest.setTimeout(300_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const SIGN_UP_THEN_RECORD = '/api/login?mode=signup&returnTo=%2Frecord-voice';

describe('the home page', () => {
  test("a visitor's Get Started and Start Your Journey open sign-up (not sign-in), then lead to recording a voice", async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(SIGN_UP_THEN_RECORD);
    expect(await page.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href')).toBe(SIGN_UP_THEN_RECORD);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await visible(page.getByRole('button', { name: 'Create account' }));
  });

  test('a subscriber sees the way into the app and Manage subscription, not Get Started or the plan buttons', async () => {
    const { page } = await subscribedListener(e2e);
    await page.goto('/');
    await shownAfterLoad(page.getByRole('link', { name: 'Go to Your Library' }));
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Start Your Journey' }).count()).toBe(0);
    const pricing = page.locator('#pricing');
    await visible(pricing.getByText('You are subscribed.', { exact: false }));
    await visible(pricing.getByRole('button', { name: 'Manage subscription' }));
    expect(await pricing.getByRole('button', { name: /^Choose/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to Your Library' }).first().click();
    await page.waitForURL('**/affirmations');
  });

  test('a signed-in listener without a plan is shown the plans by "Start Your Free Trial", and can choose one', async () => {
    const { page } = await signedUpListener(e2e);
    await page.goto('/');
    // Once the page knows who is looking, the way in is the plans, never the visitor's sign-up.
    await shownAfterLoad(page.getByRole('button', { name: 'Start Your Free Trial' }));
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start Your Free Trial' }).first().click();
    const monthly = page.locator('#pricing').getByRole('button', { name: 'Choose Monthly' });
    await visible(monthly);
    await page.waitForFunction(() => {
      const box = document.getElementById('pricing')!.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
  });

  test('the hero plays a real sample: the MP3 plays and pauses, and its length is shown', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    const play = page.getByRole('button', { name: 'Play sample' });
    await play.click();
    await visible(page.getByRole('button', { name: 'Pause sample' }));
    await page.waitForFunction(() => (document.querySelector('[data-testid="hero-sample"]') as HTMLAudioElement).currentTime > 0.5);
    const sample = await page.getByTestId('hero-sample').evaluate((a: HTMLAudioElement) => ({ duration: a.duration, src: a.currentSrc }));
    expect(sample.duration).toBeGreaterThan(5);
    const res = await page.request.get(sample.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('audio/mpeg');
    await visible(page.getByText(`0:${String(Math.round(sample.duration)).padStart(2, '0')}`, { exact: true }));
    await page.getByRole('button', { name: 'Pause sample' }).click();
    await visible(page.getByRole('button', { name: 'Play sample' }));
    expect(await page.getByTestId('hero-sample').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  });

  test('the home page and the record page agree on how long recording takes', async () => {
    const { page } = await subscribedListener(e2e);
    await page.goto('/');
    await shownAfterLoad(page.getByText('Read five short sentences aloud, slowly and soulfully. It takes about 30 seconds.'));
    await page.goto('/record-voice');
    await shownAfterLoad(page.getByText('Reading all five takes about 30 seconds.'));
  });

  test('the plans and the terms speak of the daily hour of audio, not of credits', async () => {
    const page = await e2e.newPage();
    for (const path of ['/', '/terms', '/privacy']) {
      await page.goto(path);
      await pageSettled(page);
      expect(await page.getByRole('main').innerText()).not.toMatch(/credits? per day|daily credits|how credits work/i);
    }
    await page.goto('/#pricing');
    await shownAfterLoad(page.locator('#pricing').getByText('Up to 1 hour of audio generated every day'));
    await page.goto('/terms');
    await shownAfterLoad(page.getByText('up to 1 hour of audio', { exact: false }));
  });
});

describe('after checkout', () => {
  test('a signed-in listener on /success is led to record their voice, through /api/login', async () => {
    const { page, userId } = await subscribedListener(e2e);
    // A checkout of theirs that finished: /success welcomes only such a one.
    const checkoutId = `demo_cs_way_in_${Date.now()}`;
    await e2e.system.services.billing.context.db
      .insert(billingTables.checkoutSessions)
      .values({ id: checkoutId, mode: 'demo', plan: 'monthly', userId, status: 'complete', completedAt: new Date() });
    await page.goto(`/success?session_id=${checkoutId}`);
    const next = page.getByRole('link', { name: 'Record Your Voice' });
    expect(await next.getAttribute('href')).toBe('/api/login?returnTo=%2Frecord-voice');
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /Sign In/i })
        .count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    await next.click();
    await page.waitForURL((url) => url.pathname === '/record-voice');
    await visible(page.getByRole('button', { name: 'Start recording' }));
  });
});

describe('the creator area', () => {
  test('has one name for signing out: the header offers no listener Sign in, the page says Log out', async () => {
    const email = uniqueEmail('way-in-creator');
    await e2e.system.services.creatorReferral.context.db.insert(creatorReferralTables.creators).values({
      name: 'Noor Creator',
      email,
      passwordHash: await hashPassword('creator password 123'),
      referralCode: `noor${Date.now().toString(36)}`,
    });
    const page: Page = await e2e.newPage();
    await page.goto('/creator-login');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('creator password 123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/creator-dashboard');
    await visible(page.getByRole('button', { name: 'Log out' }));
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/creator-login');
  });
});
