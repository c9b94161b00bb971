import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type E2E, expectNoAxeViolations, shownAfterLoad, startE2EForThisFile, visible } from '../src';

jest.setTimeout(180_000);

let e2e: E2E;
// The starter library a fresh install ships: 60 affirmations, 3 featured creators.
startE2EForThisFile((started) => (e2e = started));

const allAffirmations = (page: Page) => page.getByRole('region', { name: 'All Affirmations' });
const cards = (page: Page) => allAffirmations(page).getByRole('article');

describe('a visitor browsing the library', () => {
  test('sees featured creators with their most played affirmations, and every affirmation under All', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    const featured = page.getByRole('region', { name: 'Featured Creators' });
    // The featured creators are the first visit's content, drawn as their figures arrive: a page load's allowance.
    for (const name of ['Maya Rivers', 'Jonah Bell', 'Amara Okafor']) {
      await featured.getByRole('link', { name }).waitFor({ state: 'visible', timeout: 60_000 });
    }
    expect(await featured.getByRole('link', { name: 'Use in My Voice' }).count()).toBe(9);

    await visible(cards(page).first());
    expect(await page.getByRole('tab', { name: 'All', exact: true }).getAttribute('aria-selected')).toBe('true');
    // Most played first.
    expect(await cards(page).first().getByRole('heading').textContent()).toBe('I Believe in Myself');
    await expectNoAxeViolations(page, 'the library');
  });

  test('while the library loads it shows six skeleton cards, a failure offers a retry that recovers, and both pass axe', async () => {
    const page = await e2e.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/transcripts', async (route) => {
      await held;
      await route.abort();
    });
    await page.goto('/affirmations');
    const loading = page.getByRole('status', { name: 'Loading affirmations' });
    await shownAfterLoad(loading);
    expect(await loading.locator(':scope > *').count()).toBe(6);
    await expectNoAxeViolations(page, 'the library while it loads');
    release();
    await visible(page.getByRole('heading', { name: 'The library could not be loaded' }));
    await expectNoAxeViolations(page, 'the library when it failed to load');
    await page.unroute('**/api/transcripts');
    await allAffirmations(page).getByRole('button', { name: 'Try again' }).click();
    await visible(cards(page).first());
  });

  test('shows twelve cards at a time, and Show More adds twelve until all 60 are there', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await shownAfterLoad(cards(page).first());
    expect(await cards(page).count()).toBe(12);
    await visible(allAffirmations(page).getByText('Showing 12 of 60 affirmations'));
    for (let shown = 24; shown <= 60; shown += 12) {
      await allAffirmations(page).getByRole('button', { name: 'Show 12 More' }).click();
      await visible(allAffirmations(page).getByText(`Showing ${shown} of 60 affirmations`));
      expect(await cards(page).count()).toBe(shown);
    }
    expect(
      await allAffirmations(page)
        .getByRole('button', { name: /^Show \d+ More$/ })
        .count(),
    ).toBe(0);
  });

  test('search finds affirmations by title and by words in their text, within the chosen category', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await shownAfterLoad(cards(page).first());
    const search = page.getByRole('searchbox', { name: 'Search affirmations' });
    // A title.
    await search.fill('restful sleep');
    // The list follows the search a moment later (the typing stays quick): wait for its count,
    // since the card is already among the first twelve before the search applies.
    await visible(allAffirmations(page).getByText('Showing 1 of 1 affirmation', { exact: true }));
    await visible(cards(page).filter({ hasText: 'Restful Sleep' }));
    expect(await cards(page).count()).toBe(1);
    // Words that are only in the text of an affirmation, not its title.
    await search.fill('refreshed restored');
    await visible(cards(page).filter({ hasText: 'Restful Sleep' }));
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(titles).toEqual(['Restful Sleep']);
    // Every shown card has the words; the count says so.
    await search.fill('calm');
    await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="all-affirmations-title"] article').length > 1);
    for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toContain('calm');
    // Within a category.
    await page.getByRole('tab', { name: 'Wealth & Success' }).click();
    await visible(page.getByText(/No affirmations match “calm”|Showing \d+ of \d+/));
    for (const badge of await cards(page).locator('span', { hasText: /&/ }).allTextContents()) expect(badge).toBe('Wealth & Success');
    // Nothing found: say so, and offer to clear the search.
    await page.getByRole('tab', { name: 'All', exact: true }).click();
    await search.fill('zebra xylophone');
    await visible(page.getByRole('heading', { name: 'No affirmations match “zebra xylophone”' }));
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await visible(allAffirmations(page).getByText('Showing 12 of 60 affirmations'));
    expect(await search.inputValue()).toBe('');
  });

  test('on a phone, featured creators scroll sideways, card buttons sit side by side, and the category tabs show they scroll', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/affirmations');
    const featured = page.getByRole('list', { name: 'Featured creators' });
    await visible(featured.getByRole('link', { name: 'Jonah Bell' }));
    const creatorCards = featured.locator(':scope > li');
    const tops = await creatorCards.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1); // one row
    expect(await featured.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);

    const card = cards(page).first();
    await visible(card);
    const [view, use] = await Promise.all([
      card.getByRole('button', { name: 'View Full Content' }).boundingBox(),
      card.getByRole('link', { name: 'Use This Affirmation' }).boundingBox(),
    ]);
    expect(Math.abs(view!.y - use!.y)).toBeLessThan(2);

    const last = page.getByRole('tab', { name: 'Happiness & Positivity' });
    const rightEdge = async () => last.evaluate((el) => el.getBoundingClientRect().right);
    expect(await rightEdge()).toBeGreaterThan(390);
    const more = page.getByRole('button', { name: 'Show more categories' });
    await visible(more);
    // Each press scrolls on; at the end the last category is in view and the button goes.
    for (let presses = 0; (await more.count()) > 0; presses++) {
      expect(presses).toBeLessThan(8);
      const before = await rightEdge();
      await more.click();
      await page.waitForFunction((edge) => {
        const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Happiness & Positivity')!;
        return tab.getBoundingClientRect().right < edge - 1;
      }, before);
      // The smooth scroll has settled once the tab stands still from one frame to the next.
      await page.waitForFunction(
        () => {
          const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Happiness & Positivity')!;
          const right = tab.getBoundingClientRect().right;
          const seen = window as unknown as { lastTabRight?: number };
          const still = seen.lastTabRight === right;
          seen.lastTabRight = right;
          return still;
        },
        undefined,
        { polling: 'raf' },
      );
    }
    expect(await rightEdge()).toBeLessThanOrEqual(390);
    await visible(page.getByRole('button', { name: 'Show earlier categories' }));
    await expectNoAxeViolations(page, 'the library on a phone');
  });

  test('a category tab shows only that category, most played first', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await shownAfterLoad(cards(page).first());
    await page.getByRole('tab', { name: 'Calm & Relaxation' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="all-affirmations-title"] article').length === 12);
    const badges = await cards(page).locator('span', { hasText: /&/ }).allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Calm & Relaxation']));
    expect(await cards(page).first().getByRole('heading').textContent()).toBe('Peace in This Moment');
  });

  test('the full-content dialog shows the whole text and the play count, leads to generation, and gives focus back on closing', async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    await page.getByRole('searchbox', { name: 'Search affirmations' }).fill('Restful Sleep');
    const card = cards(page).filter({ hasText: 'Restful Sleep' });
    const opener = card.getByRole('button', { name: 'View Full Content' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Restful Sleep' }));
    await visible(dialog.getByText('I wake refreshed, restored and ready.', { exact: false }));
    await visible(dialog.getByText('Played 161 times'));
    expect(await dialog.getByRole('link', { name: 'Use This Affirmation' }).getAttribute('href')).toMatch(/^\/generate\/[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page, 'the full-content dialog');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle(), { timeout: 5_000 });
    // Escape closes it the same way.
    await opener.click();
    await visible(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back once the dialog has finished closing, a moment after it is hidden.
    await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle(), { timeout: 5_000 });
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
    // 818 plays over 5 affirmations: an average read as whole plays.
    await visible(stats.getByText('164', { exact: true }));
    expect(await page.getByRole('link', { name: 'Visit YouTube Channel' }).getAttribute('href')).toContain('youtube.com');
    // Top: the three most played; All: every one of the five, A to Z, so the two lists differ.
    const top = page.getByRole('region', { name: 'Top Affirmations' });
    await visible(top.getByText('229 plays'));
    expect(await top.getByRole('article').count()).toBe(3);
    const all = page.getByRole('region', { name: 'All Affirmations' });
    await visible(all.getByRole('article').first());
    expect(await all.getByRole('article').count()).toBe(5);
    const titles = await all.getByRole('article').getByRole('heading').allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    await expectNoAxeViolations(page, 'a creator page');
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.waitForURL(/\/affirmations$/);
  });

  test('a missing creator shows "Creator not found" as the page heading', async () => {
    const page = await e2e.newPage();
    await page.goto(`/creator/${randomUUID()}`);
    await shownAfterLoad(page.getByRole('heading', { level: 1, name: 'Creator not found' }));
    await expectNoAxeViolations(page, 'a missing creator');
  });
});
