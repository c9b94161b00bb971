import type { Locator, Page } from 'playwright-core';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import { spokenSample } from '@innerecho/voice/test/voice-samples';
import { addMusicTrack } from '@innerecho/generation/test/library-setup';
import { signUpInBrowser, startE2E, type E2E } from '../src';

jest.setTimeout(900_000);

let e2e: E2E;
const TRACK = 'Journey Calm Pad';
beforeAll(async () => {
  e2e = await startE2E({ browserArgs: ['--autoplay-policy=no-user-gesture-required'] });
  await addMusicTrack(e2e.system, TRACK);
});
afterAll(() => e2e?.stop());

const visible = (locator: Locator, timeout?: number) => locator.first().waitFor({ state: 'visible', timeout });

/** A signed-up, subscribed listener whose voice is cloned through the voice service's own routes. */
async function clonedListener(): Promise<Page> {
  const page = await e2e.newPage({ acceptDownloads: true });
  await signUpInBrowser(page);
  const userId = await page.evaluate(() =>
    fetch('/api/auth/user')
      .then((r) => r.json())
      .then((u) => u.id as string),
  );
  await e2e.system.grantSubscription(userId);
  const sessionId = await page.evaluate(() => {
    let id = localStorage.getItem('sessionId');
    if (!id) localStorage.setItem('sessionId', (id = `session_${Date.now()}_e2egen`));
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
  expect(clone.status).toBe(200);
  return page;
}

test('a listener picks a library affirmation, generates 3 minutes over music, changes speed, downloads, finds it saved and plays it', async () => {
  const page = await clonedListener();
  await page.goto('/affirmations');
  const firstCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'Use This Affirmation' }) })
    .first();
  await visible(firstCard);
  const title = (await firstCard.getByRole('heading').first().textContent())!.trim();
  await firstCard.getByRole('link', { name: 'Use This Affirmation' }).click();
  await page.waitForURL('**/generate/*');
  await visible(page.getByRole('heading', { level: 1, name: 'Generate Your Affirmation' }));
  await visible(page.getByRole('heading', { name: title }));

  await page.getByRole('combobox', { name: 'Background Music' }).click();
  await visible(page.getByRole('option', { name: 'No Music' }));
  const track = TRACK;
  await page.getByRole('option', { name: track }).click();
  await visible(page.getByText('3m 0s')); // the default duration

  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await visible(page.getByRole('button', { name: 'Generating...' }));
  await visible(page.getByText('Saved to Your Library'), 240_000);
  await visible(page.getByText('Audio generated successfully'));
  const player = page.getByTestId('generated-audio');
  await page.waitForFunction(() => (document.querySelector('[data-testid="generated-audio"]') as HTMLAudioElement)?.duration > 0);
  expect(await player.evaluate((a: HTMLAudioElement) => Math.abs(a.duration - 180) < 0.1)).toBe(true);
  const details = page.getByRole('definition');
  await visible(details.filter({ hasText: '3m 0s' }));
  await visible(details.filter({ hasText: track }));

  // Speed: 0.5-2 in 0.05 steps, pitch preserved, buttons disabled at the bounds.
  await page.getByRole('button', { name: 'Faster' }).click();
  await visible(page.getByText('1.05x'));
  expect(await player.evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([1.05, true]);
  for (let i = 0; i < 19; i++) await page.getByRole('button', { name: 'Faster' }).click();
  await visible(page.getByText('2.00x'));
  expect(await page.getByRole('button', { name: 'Faster' }).isDisabled()).toBe(true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download MP3' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^affirmation-\d+\.mp3$/);
  await visible(page.getByText('Downloading'));

  await page.getByRole('link', { name: 'View Saved Affirmations' }).click();
  await page.waitForURL('**/affirmations?tab=saved');
  // The link opens the Saved tab by itself.
  expect(await page.getByRole('tab', { name: 'Saved Affirmations' }).getAttribute('aria-selected')).toBe('true');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await visible(item);
  await visible(item.getByText('3m 0s'));
  await visible(item.getByText(track));
  await visible(item.getByText('Generated just now'));
  await item.getByRole('button', { name: `Play ${title}` }).click();
  // It plays, and the player can seek in it (the audio is served with Range).
  await page.waitForFunction(() => (document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime! > 0.2, undefined, {
    timeout: 30_000,
  });
  const seeked = await item.locator('audio').evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
        a.currentTime = 150;
      }),
  );
  expect(seeked).toBeGreaterThanOrEqual(149);
  const savedDownload = page.waitForEvent('download');
  await item.getByRole('link', { name: `Download ${title}` }).click();
  expect((await savedDownload).suggestedFilename()).toBe(`${title.toLowerCase().replace(/\s+/g, '-')}.mp3`);
});

test('a listener writes a custom affirmation and generates it; re-recording deletes the clone and saved audio still plays', async () => {
  const page = await clonedListener();
  await page.goto('/create-affirmation');
  await visible(page.getByRole('heading', { level: 1, name: 'Create Custom Affirmation' }));
  await page.getByRole('button', { name: 'Save & Generate Audio' }).click();
  await visible(page.getByText('Missing information'));
  await visible(page.getByText('Please fill in all fields'));

  await page.getByLabel('Title').fill('Evening Wind Down');
  const content = 'I let the day go. My breath is slow and my mind is quiet. I am safe, and I rest.';
  await page.getByLabel('Affirmation', { exact: true }).fill(content);
  await visible(page.getByText(`${content.length} / 2000 characters`));
  await page.getByRole('slider', { name: 'Audio duration' }).focus();
  await page.keyboard.press('Home');
  await visible(page.getByText('1m 0s'));
  await page.getByRole('button', { name: 'Save & Generate Audio' }).click();
  await page.waitForURL(/\/generate\/custom-[0-9a-f-]+\?duration=60$/);
  await visible(page.getByText('Affirmation created'));
  await visible(page.getByRole('heading', { name: 'Custom Affirmation' }));
  await visible(page.getByText('1m 0s'));
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await visible(page.getByText('Saved to Your Library'), 240_000);

  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Re-record Voice' }).click();
  await page.getByRole('alertdialog', { name: 'Re-record Your Voice?' }).getByRole('button', { name: 'Yes, Re-record' }).click();
  await visible(page.getByText('Voice profile deleted'));

  const saved = await page.evaluate(() => fetch(`/api/saved-affirmations/${localStorage.getItem('sessionId')}`).then((r) => r.json()));
  expect(saved[0].customAffirmation.title).toBe('Evening Wind Down');
  const audio = await page.evaluate(
    (path) => fetch(path, { headers: { range: 'bytes=0-3' } }).then(async (r) => [r.status, (await r.arrayBuffer()).byteLength]),
    saved[0].audioFilePath,
  );
  expect(audio).toEqual([206, 4]);

  await page.goto(saved[0].customAffirmation ? `/generate/custom-${saved[0].customAffirmation.id}` : '/');
  await visible(page.getByRole('heading', { name: 'Voice Not Cloned' }));
  await visible(page.getByRole('link', { name: 'Record Your Voice' }));
});
