import type { Locator, Page } from 'playwright-core';
import { NAVIGATION_TIMEOUT_MS } from './harness';

/** Waits until the first element the locator finds is visible (15 s unless told). */
export const visible = (locator: Locator, timeout?: number) => locator.first().waitFor({ state: 'visible', timeout });

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
