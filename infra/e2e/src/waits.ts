import type { Locator, Page } from 'playwright-core';
import { NAVIGATION_TIMEOUT_MS } from './harness';

/** Waits until the first element the locator finds is visible (15 s unless told). */
export const visible = (locator: Locator, timeout?: number) => locator.first().waitFor({ state: 'visible', timeout });

/**
 * The voice recorder's clock at 0:30 or later. It shows the seconds since the start, redrawn a
 * few times a second, so on a busy machine it can go from 0:29 straight to 0:31: waiting for
 * "0:30" exactly could wait for ever.
 */
export const recordedThirtySeconds = (page: Page) => visible(page.getByText(/^(0:[3-5]\d|[1-9]\d*:\d\d)$/), 60_000);

/** The first thing a page shows once loaded: a page load's time (60 s), not an action's. */
export const shownAfterLoad = (locator: Locator) => visible(locator, NAVIGATION_TIMEOUT_MS);

/**
 * Back from a checkout on /success, waits for the welcome: the page first asks billing each
 * second until the checkout is confirmed (up to 30 s; in the distributed form the payment's
 * confirmation crosses NATS, which takes longer on a busy machine than one action's 15 s).
 */
export async function welcomedAfterCheckout(page: Page) {
  await page.waitForURL('**/success?session_id=*');
  await visible(page.getByRole('heading', { name: 'Welcome to InnerEcho!' }), 45_000);
}
