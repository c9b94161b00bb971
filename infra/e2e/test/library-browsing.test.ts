import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { startE2E, type E2E } from '../src';

jest.setTimeout(180_000);

let e2e: E2E;
beforeAll(async () => {
  // The starter library a fresh install ships: 60 affirmations, 3 featured creators.
  e2e = await startE2E();
});
afterAll(() => e2e?.stop());

const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
const allAffirmations = (page: Page) => page.getByRole('region', { name: 'All Affirmations' });
const cards = (page: Page) => allAffirmations(page).getByRole('article');

describe('a visitor browsing the library', () => {
  test('sees featured creators with their most played affirmations, and every affirmation under All', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    const featured = page.getByRole('region', { name: 'Featured Creators' });
    for (const name of ['Maya Rivers', 'Jonah Bell', 'Amara Okafor']) await visible(featured.getByRole('link', { name }));
    expect(await featured.getByRole('link', { name: 'Use in My Voice' }).count()).toBe(9);

    await visible(cards(page).first());
    expect(await page.getByRole('tab', { name: 'All', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await cards(page).count()).toBe(60);
    // Most played first.
    expect(await cards(page).first().getByRole('heading').textContent()).toBe('I Believe in Myself');
  });

  test('a category tab shows only that category, most played first', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await visible(cards(page).first());
    await page.getByRole('tab', { name: 'Calm & Relaxation' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="all-affirmations-title"] article').length === 12);
    const badges = await cards(page).locator('span', { hasText: /&/ }).allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Calm & Relaxation']));
    expect(await cards(page).first().getByRole('heading').textContent()).toBe('Peace in This Moment');
  });

  test('the full-content dialog shows the whole text and the play count, and leads to generation', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    const card = cards(page).filter({ hasText: 'Restful Sleep' });
    await card.getByRole('button', { name: 'View Full Content' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Restful Sleep' }));
    await visible(dialog.getByText('I wake refreshed, restored and ready.', { exact: false }));
    await visible(dialog.getByText('Played 161 times'));
    expect(await dialog.getByRole('link', { name: 'Use This Affirmation' }).getAttribute('href')).toMatch(/^\/generate\/[0-9a-f-]{36}$/);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a creator page shows the header, the three numbers, top affirmations and all of theirs', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await page.getByRole('region', { name: 'Featured Creators' }).getByRole('link', { name: 'Amara Okafor' }).click();
    await page.waitForURL(/\/creator\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Amara Okafor' }));
    const stats = page.getByRole('list', { name: 'Creator statistics' });
    await visible(stats.getByText('818', { exact: true }));
    await visible(stats.getByText('5', { exact: true }));
    await visible(stats.getByText('163.6', { exact: true }));
    expect(await page.getByRole('link', { name: 'Visit YouTube Channel' }).getAttribute('href')).toContain('youtube.com');
    const top = page.getByRole('region', { name: 'Top Affirmations' });
    await visible(top.getByText('229 plays'));
    expect(await top.getByRole('article').count()).toBe(5);
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.waitForURL(/\/affirmations$/);
  });

  test('a missing creator shows "Creator not found"', async () => {
    const page = await e2e.newPage();
    await page.goto(`/creator/${randomUUID()}`);
    await visible(page.getByRole('heading', { name: 'Creator not found' }));
  });
});
