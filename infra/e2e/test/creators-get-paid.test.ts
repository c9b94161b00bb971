import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { addMusicTrack } from '@innerecho/embedded';
import { expectNoAxeViolations, pageSettled, signInInBrowser, startE2E, type E2E } from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(() => e2e?.closeContexts());
afterAll(() => e2e?.stop());

const visible = (locator: Locator, timeout?: number) => locator.first().waitFor({ state: 'visible', timeout });
const PHONE = { width: 390, height: 844 };

async function adminAt(path: string, viewport = PHONE) {
  const page = await e2e.newPage({ viewport });
  await signInInBrowser(page, e2e.system.admin.email, e2e.system.admin.password, path);
  return page;
}

/** Nothing on the page is wider than the screen: wide tables scroll inside themselves. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('creators find their sign-in from every page: the footer links to /creator-login', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto('/affirmations');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Creator Sign-in' }).click();
  await page.waitForURL('**/creator-login');
  await pageSettled(page);
  await visible(page.getByLabel('Email'));
});

test('an admin on a phone: transcripts are searched and paged, music is previewed, and no tab is wider than the screen', async () => {
  const track = `Preview Pad ${randomUUID().slice(0, 6)}`;
  await addMusicTrack(e2e.system, track, 12);
  const admin = await adminAt('/admin');
  await pageSettled(admin);

  // Transcripts: 20 a page, with the count; a search narrows them.
  const status = admin.getByRole('status').filter({ hasText: /Showing|No transcripts/ });
  await visible(status.filter({ hasText: /^Showing 1–20 of \d+$/ }));
  const total = Number((await status.first().textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(20);
  expect(await admin.getByRole('table').getByRole('row').count()).toBe(21); // a header and 20 rows
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  const pages = admin.getByRole('navigation', { name: 'Transcript pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await visible(status.filter({ hasText: `Showing 21–${Math.min(40, total)} of ${total}` }));
  await visible(pages.getByText(`Page 2 of ${Math.ceil(total / 20)}`));
  const first = await admin.evaluate(() =>
    fetch('/api/transcripts')
      .then((r) => r.json())
      .then((list) => list[0] as { title: string }),
  );
  await admin.getByRole('searchbox', { name: 'Search transcripts' }).fill(first.title);
  await visible(admin.getByRole('row').filter({ hasText: first.title }));
  await visible(status.filter({ hasText: /^Showing 1–\d+ of \d+$/ }));
  expect(await pages.count()).toBe(0);
  await admin.getByRole('searchbox', { name: 'Search transcripts' }).fill('zzz no such words');
  await visible(admin.getByText('No transcripts match “zzz no such words”'));
  await expectNoAxeViolations(admin, 'the transcripts search with no result');

  // Creators and Payouts stay inside the screen.
  for (const tab of ['Creators', 'Payouts']) {
    await admin.getByRole('tab', { name: tab }).click();
    await pageSettled(admin);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  }

  // Music: the uploaded track plays in a preview.
  await admin.getByRole('tab', { name: 'Music' }).click();
  await admin.getByRole('button', { name: `Play preview of ${track}` }).click();
  const preview = admin.locator(`audio[aria-label="Preview of ${track}"]`);
  await admin.waitForFunction(
    (label) => ((document.querySelector(`audio[aria-label="${label}"]`) as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2,
    `Preview of ${track}`,
    { timeout: 30_000 },
  );
  expect(await preview.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(12);
  await expectNoAxeViolations(admin, 'a music preview');
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  await admin.getByRole('button', { name: `Hide preview of ${track}` }).click();
  expect(await preview.count()).toBe(0);
});
