import type { Page } from 'playwright-core';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { eventually, TestClient } from '@innerecho/embedded';
import {
  browserClient,
  clonedListener,
  currentUserId,
  type E2E,
  shownAfterLoad,
  signedUpListener,
  signUpInBrowser,
  startE2EForThisFile,
  visible,
} from '../src';

jest.setTimeout(900_000);

/**
 * One browser, several people: whatever ends a listener's session (here "sign out everywhere"
 * on this browser; "sign out everywhere", a password change and the account's deletion from
 * another device; a session whose cookie expired) leaves nothing of theirs on this browser
 * for the next person: no offline audio, no saved titles offline, no sessionId
 * of theirs, no stored recording or listening position.
 */
let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const TITLE = 'Only For The First Listener';

/** Another device holding a copy of this browser's session, where the listener acts. */
async function anotherDevice(page: Page) {
  const device = new TestClient(e2e.system.url);
  device.cookies.set('ie_session', (await page.context().cookies()).find((c) => c.name === 'ie_session')!.value);
  return device;
}

/** Once the gateway refuses the old session (the revocation reached it), the next page this browser opens meets it. */
const sessionEnded = (device: TestClient) =>
  eventually(async () => expect((await device.api.send('GET /api/auth/user', {})).status).toBe(401));

/** What this browser keeps besides the theme: storage keys, cache names, service workers, databases. */
const kept = (page: Page) =>
  page.evaluate(async () => ({
    storage: Object.keys(localStorage).filter((key) => key !== 'theme'),
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    databases: (await indexedDB.databases()).map((db) => db.name),
  }));

/** A cloned listener on this browser with their own affirmation rendered and kept offline (Cache Storage and the service worker). */
async function listenerWithAnAffirmationKeptOffline() {
  const { page, userId: firstUserId } = await clonedListener(e2e);
  await page.goto('/affirmations?tab=saved');
  const firstSessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  expect(firstSessionId).toBeTruthy();

  // The first listener's own affirmation, rendered and kept offline on this browser.
  const browser = browserClient(page);
  const custom = await browser.api.call('POST /api/custom-affirmations', {
    body: { sessionId: firstSessionId!, title: TITLE, content: VOICE_SAMPLE_SENTENCES[0], category: 'Other' },
  });
  const generated = await browser.api.send('POST /api/generate-audio', {
    body: { sessionId: firstSessionId!, customAffirmationId: custom.id, audioDuration: '60', voiceSpeed: '1.0' },
  });
  if (generated.status !== 201) throw new Error(`generation failed: ${generated.status} ${generated.text}`);
  const savedId = generated.headers.get('x-saved-affirmation-id')!;
  await page.reload();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await item.getByRole('button', { name: `Keep Offline: ${TITLE}` }).click();
  await visible(item.getByText('Available offline'), 60_000);
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(await page.evaluate((key) => caches.match(key).then(Boolean), `/offline-audio/${firstUserId}/${savedId}`)).toBe(true);

  return { page, firstUserId, firstSessionId, savedId };
}

test('after the first listener signs out everywhere from another device, the next person to sign in here finds none of their offline audio or titles, and their own Saved tab works', async () => {
  const { page, firstUserId, firstSessionId, savedId } = await listenerWithAnAffirmationKeptOffline();

  // On another device, "Sign out everywhere": this browser's session ends too.
  const device = await anotherDevice(page);
  expect((await device.api.send('POST /api/auth/logout-everywhere', {})).status).toBe(200);
  await sessionEnded(device);

  // The next person signs up on this browser, straight away.
  await signUpInBrowser(page, { returnTo: '/affirmations?tab=saved' });
  const secondUserId = await currentUserId(page);
  expect(secondUserId).not.toBe(firstUserId);

  // Their Saved tab works online: their own empty list, not a refusal of the first one's sessionId.
  await visible(page.getByText('No saved affirmations yet'), 30_000);
  expect(await page.getByText("We couldn't load your saved affirmations").count()).toBe(0);
  const secondSessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  expect(secondSessionId).toBeTruthy();
  expect(secondSessionId).not.toBe(firstSessionId);
  expect(
    (await browserClient(page).api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId: secondSessionId! } })).status,
  ).toBe(200);

  // Nothing of the first listener is left on this browser.
  expect(await page.evaluate((key) => caches.match(key).then(Boolean), `/offline-audio/${firstUserId}/${savedId}`)).toBe(false);
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 0, undefined, {
    timeout: 10_000,
    polling: 250,
  });
  // What any cache still holds (the worker, until this page goes, keeps the new person's reads) names none of the first listener's.
  const cached = await page.evaluate(async () => {
    const entries: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        entries.push(`${request.url} ${type.includes('json') ? await response!.text() : ''}`);
      }
    }
    return entries.join('\n');
  });
  for (const trace of [TITLE, firstUserId, firstSessionId!, savedId]) expect(cached).not.toContain(trace);

  // Offline, a reload shows nothing of theirs either.
  await page.context().setOffline(true);
  await page.reload().catch(() => undefined); // no worker kept the page: the browser's own offline page
  expect(await page.getByText(TITLE).count()).toBe(0);
  await page.context().setOffline(false);
});

test('"Sign out everywhere" on this browser removes its offline audio, kept answers and stored ids before the sign-in page shows: offline, the Saved tab shows and plays nothing of the listener', async () => {
  const { page, firstUserId, savedId } = await listenerWithAnAffirmationKeptOffline();
  await page.goto('/api/auth/account');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await visible(page.getByText('You have been signed out on every device.'));
  // The answer that ended the session cleared this site's data before the sign-in page showed.
  expect(await kept(page)).toEqual({ storage: [], caches: [], workers: 0, databases: [] });
  expect(await page.evaluate((key) => caches.match(key).then(Boolean), `/offline-audio/${firstUserId}/${savedId}`)).toBe(false);

  await page.context().setOffline(true);
  await page.goto('/affirmations?tab=saved').catch(() => undefined); // no worker kept the app: the browser's own offline page
  expect(await page.getByText(TITLE).count()).toBe(0);
  expect(await page.getByText('Available offline').count()).toBe(0);
  expect(await page.locator('audio').count()).toBe(0);
  await page.context().setOffline(false);
});

test("after a password change on another device, the next page this browser opens removes the listener's stored ids, recording and positions before anyone signs in", async () => {
  const { page } = await clonedListener(e2e);
  await page.goto('/affirmations');
  // What a listener leaves while using the app: their sessionId, where they stopped listening,
  // a recording kept through a checkout (IndexedDB).
  await page.evaluate(async () => {
    localStorage.setItem('innerecho.position.some-saved-affirmation', '42.0');
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('innerecho-voice', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('kept-take');
      open.onsuccess = () => {
        const tx = open.result.transaction('kept-take', 'readwrite');
        tx.objectStore('kept-take').put({ userId: 'x', audio: new Blob(['take']), seconds: 30, keptAt: Date.now() }, 'take');
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
  const before = await kept(page);
  expect(before.storage).toEqual(expect.arrayContaining(['sessionId', 'innerecho.position.some-saved-affirmation']));
  expect(before.databases).toContain('innerecho-voice');

  const device = await anotherDevice(page);
  const changed = await device.api.send('POST /api/auth/password', {
    body: { currentPassword: 'a long enough password', newPassword: 'a brand new password' },
  });
  expect(changed.status).toBe(200);
  // This browser's session is among those the change ended.
  const here = new TestClient(e2e.system.url);
  here.cookies.set('ie_session', (await page.context().cookies()).find((c) => c.name === 'ie_session')!.value);
  await sessionEnded(here);

  await page.goto('/');
  await shownAfterLoad(page.getByRole('link', { name: 'Sign in' }));
  await page.waitForFunction(async () => Object.keys(localStorage).every((key) => key === 'theme'), undefined, {
    timeout: 10_000,
    polling: 250,
  });
  const after = await kept(page);
  expect(after.storage).toEqual([]);
  expect(after.databases).not.toContain('innerecho-voice');
});

test.each([
  [
    'the account is deleted on another device',
    async (page: Page) => {
      const device = await anotherDevice(page);
      expect((await device.api.send('DELETE /api/auth/account', { body: { password: 'a long enough password' } })).status).toBe(200);
      await sessionEnded(device);
    },
  ],
  // The browser drops a cookie once it expires: the next page finds no session at all.
  ['the session expires (the browser has dropped its cookie)', (page: Page) => page.context().clearCookies()],
])("when %s, the next page this browser opens removes the listener's stored ids and positions", async (_when, endSession) => {
  const { page } = await signedUpListener(e2e);
  await page.goto('/affirmations');
  await page.evaluate(() => {
    localStorage.setItem('sessionId', `session_${Date.now()}_shared`);
    localStorage.setItem('innerecho.position.some-saved-affirmation', '42.0');
  });
  expect((await kept(page)).storage).toEqual(expect.arrayContaining(['sessionId', 'innerecho.position.some-saved-affirmation']));

  await endSession(page);
  await page.goto('/');
  await shownAfterLoad(page.getByRole('link', { name: 'Sign in' }));
  await page.waitForFunction(async () => Object.keys(localStorage).every((key) => key === 'theme'), undefined, {
    timeout: 10_000,
    polling: 250,
  });
  expect((await kept(page)).storage).toEqual([]);
});
