import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { spokenSample, TestClient, uploadRecordingThroughApi } from '@innerecho/embedded';
import { browserClient, browserSessionId } from './browser-client';
import { signUpInBrowser, type E2E } from './harness';

type ContextOptions = Parameters<E2E['newContext']>[0];

/** The signed-in user, as the page's own session sees it. */
export async function currentUser(page: Page) {
  const { user } = await browserClient(page).api.call('GET /api/auth/session', {});
  if (!user) throw new Error('The page is signed out');
  return user;
}

/** The signed-in user's id, as the page's own session sees it. */
export const currentUserId = async (page: Page): Promise<string> => (await currentUser(page)).id;

/** A new account, signed up through the built-in page: signed in, no plan, no voice. */
export async function signedUpListener(
  e2e: E2E,
  options: ContextOptions = {},
): Promise<{ page: Page; context: BrowserContext; userId: string }> {
  const context = await e2e.newContext(options);
  const page = await context.newPage();
  await signUpInBrowser(page);
  return { page, context, userId: await currentUserId(page) };
}

/** A signed-up listener with an active plan (through the test system's subscription event). */
export async function subscribedListener(e2e: E2E, options: ContextOptions = {}) {
  const listener = await signedUpListener(e2e, options);
  await e2e.system.grantSubscription(listener.userId);
  return listener;
}

/** A subscribed listener whose voice is cloned through the voice service's own routes. */
export async function clonedListener(e2e: E2E, options: ContextOptions = {}) {
  const listener = await subscribedListener(e2e, options);
  const { page } = listener;
  const sessionId = await browserSessionId(page);
  const uploadURL = await uploadRecordingThroughApi(browserClient(page), await spokenSample());
  // The clone call goes to the voice service directly with the browser's session: on a busy
  // machine the local engine can outlast the gateway's proxy timeout. Recording and cloning in
  // the browser are the voice journey's (voice-recording.test.ts).
  const token = (await page.context().cookies()).find((c) => c.name === 'ie_session')!.value;
  const clone = await new TestClient(e2e.system.services.voice.url).api.send(
    'POST /api/voice-profile/clone',
    { body: { sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } } },
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (clone.status !== 200) throw new Error(`clone failed: ${clone.status} ${clone.text}`);
  return listener;
}

/**
 * One subscription of a user that starts and later ends (a cancellation), announced the way
 * billing announces them (billing.subscription.changed, a higher `version` for the end); each
 * step resolves once identity has applied it.
 */
export function subscriptionOf(e2e: E2E, userId: string) {
  const subscriptionId = `sub_e2e_${randomUUID()}`;
  return {
    start: () => e2e.system.changeSubscription(userId, { subscriptionId, entitled: true, version: 1 }),
    end: () => e2e.system.changeSubscription(userId, { subscriptionId, entitled: false, version: 2 }),
  };
}
