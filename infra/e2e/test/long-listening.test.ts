import { VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import { addMusicTrack } from '@innerecho/embedded';
import {
  browserClient,
  storedSessionId,
  clonedListener,
  type E2E,
  expectNoAxeViolations,
  shownAfterLoad,
  startE2EForThisFile,
  visible,
} from '../src';
import { text } from 'node:stream/consumers';

jest.setTimeout(900_000);

let e2e: E2E;
const TRACK = 'Long Listening Pad';
// It records through the microphone.
startE2EForThisFile(
  async (started) => {
    e2e = started;
    await addMusicTrack(e2e.system, TRACK);
  },
  { ownBrowser: true },
);

test('a listener records an affirmation themselves, generates 5 minutes over music at "voice forward", finds it saved as their recording, plays it with the sleep timer, sees the streak and takes a daily reminder', async () => {
  const { page } = await clonedListener(e2e, { acceptDownloads: true });
  await page.goto('/affirmations');
  const sessionId = await storedSessionId(page);
  // Two of the sentences the fake microphone reads.
  const content = VOICE_SAMPLE_SENTENCES.slice(0, 2).join(' ');
  const created = await browserClient(page).api.call('POST /api/custom-affirmations', {
    body: { sessionId, title: 'In My Own Words', content, category: 'Other' },
  });
  await page.goto(`/generate/custom-${created.id}`);
  await shownAfterLoad(page.getByRole('heading', { level: 2, name: 'In My Own Words' }));

  // Record it yourself: the words large, record, stop, listen back, keep.
  await page.getByRole('button', { name: 'Record it yourself' }).click();
  await visible(page.getByLabel('Read aloud').filter({ hasText: content }));
  // A render now would not use the take being read: Generate waits for Keep or Cancel.
  await visible(page.getByText('Keep your recording or cancel it to generate.'));
  expect(await page.getByRole('button', { name: 'Generate Audio' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Start Recording' }).click();
  await visible(page.getByRole('button', { name: 'Stop Recording' }));
  // The fake microphone reads for as long as the take lasts: stop once the take's clock shows 16 s.
  await visible(page.getByText('0:16', { exact: true }), 30_000);
  await page.getByRole('button', { name: 'Stop Recording' }).click();
  await page.getByRole('button', { name: 'Listen Back' }).click();
  await visible(page.getByRole('button', { name: 'Stop Playback' }));
  await expectNoAxeViolations(page, 'the recorder of an own reading');
  await page.getByRole('button', { name: 'Keep This Recording' }).click();
  await visible(page.getByText('speaks this affirmation'), 60_000);
  await visible(page.getByRole('button', { name: 'Replace Recording' }));
  expect(await page.getByRole('button', { name: 'Generate Audio' }).isDisabled()).toBe(false);

  // Five minutes over music.
  await page.getByRole('combobox', { name: 'Background Music' }).click();
  await page.getByRole('option', { name: TRACK }).click();
  // Voice forward, heard first in a short preview of the mix.
  await page.getByRole('slider', { name: 'Voice and music balance' }).focus();
  await page.keyboard.press('Home');
  expect(await page.getByRole('slider', { name: 'Voice and music balance' }).getAttribute('aria-valuetext')).toBe('Voice forward');
  await page.getByRole('button', { name: 'Preview the Mix' }).click();
  await visible(page.getByLabel('Preview of the mix'), 60_000);
  await page.waitForFunction(() => (document.querySelector('audio[aria-label="Preview of the mix"]') as HTMLAudioElement)?.duration > 7);
  await page.getByRole('slider', { name: 'Audio duration' }).focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await visible(page.getByText('5m 0s'));
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await visible(page.getByText('Saved to Your Library'), 240_000);
  await visible(page.getByRole('definition').filter({ hasText: 'Your recording' }));
  await visible(page.getByRole('definition').filter({ hasText: 'Voice forward' }));

  await page.getByRole('link', { name: 'View Saved Affirmations' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'In My Own Words' }) });
  await visible(item.getByText('Your recording'));
  await visible(item.getByText('5m 0s'));
  await visible(item.getByText('Voice forward'));

  // The shared player: lock-screen metadata, a sleep timer at the end of the track that fades
  // the last 10 seconds out, and the position remembered on this device.
  await item.getByRole('button', { name: 'Play In My Own Words' }).click();
  const audio = item.locator('audio');
  await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2, undefined, {
    timeout: 30_000,
  });
  expect(await page.evaluate(() => [navigator.mediaSession.metadata?.title, navigator.mediaSession.metadata?.album])).toEqual([
    'In My Own Words',
    'Other',
  ]);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  // The play counts today: the streak on the Saved tab says so.
  await visible(page.getByText('1 day in a row'));
  await item.getByRole('combobox', { name: 'Sleep timer' }).click();
  await page.getByRole('option', { name: 'End of track' }).click();
  await audio.evaluate((a: HTMLAudioElement) => (a.currentTime = a.duration - 12));
  await visible(item.getByText(/Stops in 0:\d\d, fading out/), 20_000);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeLessThan(1);
  await visible(page.getByText('Playback stopped. Sleep well.'), 30_000);
  expect(await audio.evaluate((a: HTMLAudioElement) => [a.paused, a.volume])).toEqual([true, 1]);

  // Stopped halfway: the next play starts there.
  await audio.evaluate(async (a: HTMLAudioElement) => {
    a.currentTime = 150;
    await a.play();
    a.pause();
  });
  await item.getByRole('button', { name: 'Hide player for In My Own Words' }).click();
  await item.getByRole('button', { name: 'Play In My Own Words' }).click();
  await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) >= 149, undefined, {
    timeout: 30_000,
  });
  // A daily reminder, as a calendar file.
  await page.getByRole('button', { name: 'Remind me daily' }).click();
  await page.getByLabel('Reminder time').fill('21:15');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to Calendar' }).click();
  const calendar = await downloading;
  expect(calendar.suggestedFilename()).toBe('innerecho-daily-reminder.ics');
  // Read as a stream: the browser may run on the other end of a connection, with the file on its side.
  const ics = await text(await calendar.createReadStream());
  expect(ics).toMatch(/DTSTART:\d{8}T211500\r\nDTEND:\d{8}T213000\r\nRRULE:FREQ=DAILY/);
  // Or by mail, beside it: at the same time, in this browser's time zone.
  await page.getByRole('button', { name: 'Email me daily' }).click();
  await visible(page.getByText(/We will mail you at 21:15 \(.+\) each day\./).first());
  const reminder = await browserClient(page).api.call('GET /api/notifications/preferences', {});
  expect(reminder.reminder).toEqual({
    time: '21:15',
    timeZone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  });
  await expectNoAxeViolations(page, 'the Saved tab with the player open');
  await item.getByRole('button', { name: 'Hide player for In My Own Words' }).click();

  // Kept offline: the copy and the space it takes, then no network for the page or its
  // service worker, a reload, and the affirmation plays from the copy on this device.
  await item.getByRole('button', { name: 'Keep Offline: In My Own Words' }).click();
  await visible(item.getByText('Available offline'), 60_000);
  await visible(page.getByText(/^Offline: 1 affirmation, \d+\.\d MB$/));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.context().setOffline(true);
  await page.reload();
  await visible(page.getByText("You're offline."));
  // Nothing reaches the server now, not even through the worker: a file it never kept fails.
  expect(
    await page.evaluate(() =>
      fetch('/icon-192.png?never-kept').then(
        (r) => r.status,
        () => 'no network',
      ),
    ),
  ).toBe('no network');
  await visible(item.getByText('Available offline'));
  await visible(page.getByText('1 day in a row'));
  await expectNoAxeViolations(page, 'the Saved tab offline');
  await item.getByRole('button', { name: 'Play In My Own Words' }).click();
  await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2, undefined, {
    timeout: 30_000,
  });
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentSrc)).toMatch(/^blob:/);

  // Back online: removed, the space line goes; kept again, then signing out leaves nothing personal behind.
  await page.context().setOffline(false);
  await item.getByRole('button', { name: 'Hide player for In My Own Words' }).click();
  await item.getByRole('button', { name: 'Remove the offline copy of In My Own Words' }).click();
  await visible(item.getByRole('button', { name: 'Keep Offline: In My Own Words' }));
  expect(await page.getByText(/^Offline: /).count()).toBe(0);
  await item.getByRole('button', { name: 'Keep Offline: In My Own Words' }).click();
  await visible(item.getByText('Available offline'), 60_000);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
  // The worker's registration ends once the page it controlled is gone.
  await page.waitForFunction(
    async () => (await caches.keys()).length === 0 && (await navigator.serviceWorker.getRegistrations()).length === 0,
    undefined,
    {
      timeout: 10_000,
      polling: 250,
    },
  );
});
