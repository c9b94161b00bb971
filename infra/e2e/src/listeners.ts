import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { spokenSample } from '@innerecho/embedded';
import { signUpInBrowser, type E2E } from './harness';

type ContextOptions = Parameters<E2E['newContext']>[0];

/** The signed-in user's id, as the page's own session sees it. */
export const currentUserId = (page: Page) =>
  page.evaluate(() =>
    fetch('/api/auth/session')
      .then((r) => r.json())
      .then((s) => s.user.id as string),
  );

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
  const sessionId = await page.evaluate(() => {
    let id = localStorage.getItem('sessionId');
    if (!id) localStorage.setItem('sessionId', (id = `session_${Date.now()}_e2eclone`));
    return id;
  });
  const sample = (await spokenSample()).toString('base64');
  const uploadURL = await page.evaluate(async (b64) => {
    const upload = await fetch('/api/voice-profile/upload', { method: 'POST' }).then((r) => r.json());
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const put = await fetch(upload.uploadURL, { method: 'PUT', headers: { 'content-type': 'audio/webm' }, body: bytes });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    return upload.uploadURL as string;
  }, sample);
  // The clone call goes to the voice service directly with the browser's session: on a busy
  // machine the local engine can outlast the gateway's proxy timeout. Recording and cloning in
  // the browser are the voice journey's (voice-recording.test.ts).
  const token = (await page.context().cookies()).find((c) => c.name === 'ie_session')!.value;
  const clone = await fetch(`${e2e.system.services.voice.url}/api/voice-profile/clone`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, uploadURL, consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION } }),
  });
  if (clone.status !== 200) throw new Error(`clone failed: ${clone.status} ${await clone.text()}`);
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
