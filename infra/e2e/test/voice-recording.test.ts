import type { Locator, Page } from 'playwright-core';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { TestClient } from '@innerecho/embedded';
import {
  browserClient,
  demoCheckoutEnv,
  type E2E,
  expectNoAxeViolations,
  recordedThirtySeconds,
  shownAfterLoad,
  storedSessionId,
  signedUpListener,
  startE2EForThisFile,
  subscribedListener,
  subscriptionOf,
  visible,
  welcomedAfterCheckout,
} from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
// The kept-take journey goes through the demo checkout; it records through the microphone.
startE2EForThisFile((started) => (e2e = started), { system: { env: demoCheckoutEnv() }, ownBrowser: true });

const voiceProfile = async (page: Page) =>
  browserClient(page).api.call('GET /api/voice-profile/:sessionId', { params: { sessionId: await storedSessionId(page) } });

const subscribedPage = async (options: Parameters<typeof subscribedListener>[1] = {}) =>
  (await subscribedListener(e2e, { permissions: ['microphone'], ...options })).page;

/** Where an element is on screen, and whether two of them overlap. */
const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a subscriber sent from an affirmation records the five sentences, listens, clones with consent, is back on that affirmation, and re-recording deletes it', async () => {
  const page = await subscribedPage();
  // "Use This Affirmation" without a voice: the generate page asks for one first.
  const [transcript] = await new TestClient(e2e.system.url).api.call('GET /api/transcripts', {});
  await page.goto(`/generate/${transcript.id}`);
  await shownAfterLoad(page.getByRole('heading', { name: 'First, Record Your Voice' }));
  await page.getByRole('link', { name: 'Record Your Voice' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Record Your Voice' }));
  for (const sentence of VOICE_SAMPLE_SENTENCES) await visible(page.getByText(sentence));
  // The listener is told in plain words what voice they get; the operator's detail stays in the README.
  await visible(page.getByText(/matched to your recording’s pitch, range and tone/));
  expect(await page.getByText(/ElevenLabs|This installation|is configured/).count()).toBe(0);
  await expectNoAxeViolations(page, 'the record screen');

  await page.getByRole('button', { name: 'Start recording' }).click();
  await visible(page.getByText('Recording started'));
  await visible(page.getByText('Speak slowly and soulfully'));
  // Read for 30 seconds (the clock on the page), then stop.
  await recordedThirtySeconds(page);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await visible(page.getByText('Recording complete'));

  await expectNoAxeViolations(page, 'the record screen with a take');
  await page.getByRole('button', { name: 'Listen to Recording' }).click();
  await visible(page.getByRole('button', { name: 'Stop Playback' }));
  expect(await page.getByText('Playback failed').count()).toBe(0);
  await page.getByRole('button', { name: 'Stop Playback' }).click();

  const clone = page.getByRole('button', { name: 'Clone My Voice' });
  expect(await clone.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await clone.click();
  // Back on the affirmation the listener chose, ready to generate.
  await page.waitForURL(`**/generate/${transcript.id}`, { timeout: 240_000 });
  await visible(page.getByText('Voice cloned successfully'));
  await visible(page.getByRole('heading', { level: 2, name: transcript.title }));
  await visible(page.getByRole('button', { name: 'Generate Audio' }));
  expect((await voiceProfile(page)).isCloned).toBe(true);

  await page.goto('/record-voice');
  await shownAfterLoad(page.getByRole('heading', { name: 'Voice Cloned Successfully!' }));
  await visible(page.getByRole('link', { name: 'Browse Affirmations' }));
  await page.getByRole('button', { name: 'Re-record Voice' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Re-record Your Voice?' });
  await visible(dialog);
  await expectNoAxeViolations(page, 'the re-record dialog');
  await visible(dialog.getByText('This deletes your current voice clone.'));
  await dialog.getByRole('button', { name: 'Yes, Re-record' }).click();
  await visible(page.getByText('Voice profile deleted'));
  await visible(page.getByRole('heading', { level: 1, name: 'Record Your Voice' }));
  expect((await voiceProfile(page)).isCloned).toBe(false);
});

test('a refused microphone shows "Microphone access denied" and stays on the record screen', async () => {
  const page = await subscribedPage();
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await visible(page.getByText('Microphone access denied'));
  await visible(page.getByText('Please allow microphone access to record your voice'));
  expect(await page.getByRole('button', { name: 'Clone My Voice' }).count()).toBe(0);
});

test('on a phone the record and stop control stays in view while reading, toasts keep off it, and a take is not discarded without asking', async () => {
  const page = await subscribedPage({ viewport: { width: 390, height: 844 } });
  await page.goto('/record-voice');
  const start = page.getByRole('button', { name: 'Start recording' });
  await visible(start);
  // In view at once: nobody scrolls down to start.
  expect(await start.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  await start.click();
  const stop = page.getByRole('button', { name: 'Stop recording' });
  const started = page.locator('li').filter({ hasText: 'Recording started' }).first();
  await visible(started);
  expect(overlaps(await box(started), await box(stop))).toBe(false);
  // Reading the last sentence, the stop control is still on screen.
  await page.getByText(VOICE_SAMPLE_SENTENCES[4]!).scrollIntoViewIfNeeded();
  const inView = await stop.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });
  expect(inView).toBe(true);
  // At least three seconds recorded. Any later second will do: a busy machine's checks are
  // about a second apart and can miss the one second that reads 0:03.
  await visible(page.getByText(/0:(0[3-9]|[1-5]\d)/));
  await stop.click();
  const complete = page.locator('li').filter({ hasText: 'Recording complete' }).first();
  await visible(complete);
  for (const name of ['Record again', 'Listen to Recording', 'Re-record']) {
    expect(overlaps(await box(complete), await box(page.getByRole('button', { name })))).toBe(false);
  }

  // "Record again" asks first; keeping the take leaves it there and focus where it was.
  const again = page.getByRole('button', { name: 'Record again' });
  await again.click();
  const confirm = page.getByRole('alertdialog', { name: 'Record again?' });
  await visible(confirm.getByText('This discards the recording you just made.', { exact: false }));
  await expectNoAxeViolations(page, 'the record-again dialog on a phone');
  await confirm.getByRole('button', { name: 'Keep This Recording' }).click();
  await confirm.waitFor({ state: 'hidden' });
  // Focus comes back as the dialog finishes closing, a moment after it is hidden.
  await page.waitForFunction((el) => el === document.activeElement, await again.elementHandle(), { timeout: 5_000 });
  await visible(page.getByRole('button', { name: 'Listen to Recording' }));

  // Re-record asks too; discarding goes back to the start.
  await page.getByRole('button', { name: 'Re-record' }).click();
  await page.getByRole('alertdialog', { name: 'Record again?' }).getByRole('button', { name: 'Discard Recording' }).click();
  await visible(page.getByRole('button', { name: 'Start recording' }));
  expect(await page.getByRole('button', { name: 'Listen to Recording' }).count()).toBe(0);
});

test('a plan that ends after the page opened: the clone is refused, the take survives the checkout and is cloned on return', async () => {
  const { page, userId } = await signedUpListener(e2e, { permissions: ['microphone'] });
  const subscription = subscriptionOf(e2e, userId);
  await subscription.start();
  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await visible(page.getByText('0:25'), 60_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await subscription.end();
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await page.getByRole('button', { name: 'Clone My Voice' }).click();
  await visible(page.getByText('Subscription required', { exact: true }), 60_000);
  await visible(page.getByText('Your recording is kept: start your free trial, then come back to clone your voice.'));
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
  expect((await voiceProfile(page)).isCloned).toBe(false);

  // The demo checkout, signed in: the subscription is this account's.
  await page.locator('#pricing').getByRole('button', { name: 'Choose Monthly' }).click();
  await page.waitForURL('**/api/billing/demo-checkout/**');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await welcomedAfterCheckout(page);
  await visible(page.getByRole('link', { name: 'Record Your Voice' }));
  await page.getByRole('status').filter({ hasText: 'being set up' }).waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('link', { name: 'Record Your Voice' }).click();

  // Back on the record page, the take is there: listen, consent, clone.
  await page.waitForURL((url) => url.pathname === '/record-voice');
  await visible(page.getByText('We kept the recording you made earlier.', { exact: false }));
  await page.getByRole('button', { name: 'Listen to Recording' }).click();
  await visible(page.getByRole('button', { name: 'Stop Playback' }));
  await page.getByRole('button', { name: 'Stop Playback' }).click();
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await page.getByRole('button', { name: 'Clone My Voice' }).click();
  await page.waitForURL('**/affirmations', { timeout: 240_000 });
  await visible(page.getByText('Voice cloned successfully'));
  expect((await voiceProfile(page)).isCloned).toBe(true);
  // Once cloned, the kept take is gone: a later visit starts from the cloned state.
  await page.goto('/record-voice');
  await shownAfterLoad(page.getByRole('heading', { name: 'Voice Cloned Successfully!' }));
});
