import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { fakeMicrophone, signUpInBrowser, startE2E, type E2E } from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'e2e-voice-'));
  e2e = await startE2E({ browserArgs: [...(await fakeMicrophone(dir)), '--autoplay-policy=no-user-gesture-required'] });
});
afterAll(async () => {
  await e2e?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const visible = (locator: Locator, timeout?: number) => locator.first().waitFor({ state: 'visible', timeout });
const voiceProfile = (page: Page) =>
  page.evaluate(() => fetch(`/api/voice-profile/${localStorage.getItem('sessionId')}`).then((r) => r.json()));

async function subscribedPage() {
  const page = await e2e.newPage({ permissions: ['microphone'] });
  await signUpInBrowser(page);
  const userId = await page.evaluate(() =>
    fetch('/api/auth/user')
      .then((r) => r.json())
      .then((u) => u.id as string),
  );
  await e2e.system.grantSubscription(userId);
  return page;
}

test('a subscriber records the five sentences, listens, clones with consent, sees the clone, and re-recording deletes it', async () => {
  const page = await subscribedPage();
  await page.goto('/record-voice');
  await visible(page.getByRole('heading', { level: 1, name: 'Record Your Voice' }));
  for (const sentence of VOICE_SAMPLE_SENTENCES) await visible(page.getByText(sentence));
  await visible(page.getByText(/local voice engine: a synthetic voice matched to your recording/));

  await page.getByRole('button', { name: 'Start recording' }).click();
  await visible(page.getByText('Recording started'));
  await visible(page.getByText('Speak slowly and soulfully'));
  // Read for 30 seconds (the clock on the page), then stop.
  await visible(page.getByText('0:30'), 60_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await visible(page.getByText('Recording complete'));

  await page.getByRole('button', { name: 'Listen to Recording' }).click();
  await visible(page.getByRole('button', { name: 'Stop Playback' }));
  expect(await page.getByText('Playback failed').count()).toBe(0);
  await page.getByRole('button', { name: 'Stop Playback' }).click();

  const clone = page.getByRole('button', { name: 'Clone My Voice' });
  expect(await clone.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await clone.click();
  await page.waitForURL('**/affirmations', { timeout: 240_000 });
  await visible(page.getByText('Voice cloned successfully'));
  expect((await voiceProfile(page)).isCloned).toBe(true);

  await page.goto('/record-voice');
  await visible(page.getByRole('heading', { name: 'Voice Cloned Successfully!' }));
  await visible(page.getByRole('link', { name: 'Browse Affirmations' }));
  await page.getByRole('button', { name: 'Re-record Voice' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Re-record Your Voice?' });
  await visible(dialog);
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

test('without a subscription, cloning says a subscription is required and goes to pricing', async () => {
  const page = await e2e.newPage({ permissions: ['microphone'] });
  await signUpInBrowser(page);
  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await visible(page.getByText('0:25'), 60_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await page.getByRole('button', { name: 'Clone My Voice' }).click();
  await visible(page.getByText('Subscription required', { exact: true }), 60_000);
  await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
  await visible(page.locator('#pricing').getByRole('button', { name: 'Choose Monthly' }));
  expect((await voiceProfile(page)).isCloned).toBe(false);
});
