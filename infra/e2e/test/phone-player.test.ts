import { browserClient, storedSessionId, clonedListener, type E2E, expectNoAxeViolations, startE2EForThisFile, visible } from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

test('an hour-long affirmation on a 390 px phone: a tap on the drawn seek bar lands within a pixel of the minute aimed at, skips move 15 s back and 30 s on, presets set the speed', async () => {
  const { page } = await clonedListener(e2e, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto('/affirmations');
  const sessionId = await storedSessionId(page);
  const browser = browserClient(page);
  const [transcript] = await browser.api.call('GET /api/transcripts', {});
  // An hour, rendered through the same call the generate page makes, read to its end as the page
  // does: the MP3 streams as it is made, and is saved once the download completes.
  const generated = await browser.api.send('POST /api/generate-audio', {
    body: { sessionId, transcriptId: transcript.id, voiceSpeed: '1.0', audioDuration: '3600' },
  });
  expect(generated.status).toBe(201);

  await page.goto('/affirmations?tab=saved');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: transcript.title }) });
  await visible(item.getByText('1h 0m'));
  await item.getByRole('button', { name: `Play ${transcript.title}` }).click();
  // The Hide button shows no pause sign: hiding is not pausing.
  const hide = item.getByRole('button', { name: `Hide player for ${transcript.title}` });
  expect(await hide.locator('svg.lucide-pause').count()).toBe(0);

  const seek = item.getByRole('slider', { name: `Position in ${transcript.title}` });
  await page.waitForFunction(() => Number(document.querySelector('li input[type="range"]')?.getAttribute('max') ?? 0) >= 3599);
  // In the middle of the screen, clear of the sticky header, where a thumb reaches it. At once:
  // the site scrolls smoothly, and a bar measured mid-scroll is tapped where it no longer is.
  await seek.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  // The bar as drawn: at least 300 px for the hour, about 12 s a pixel.
  const bar = (await item.getByTestId('seek-track').boundingBox())!;
  expect(bar.width).toBeGreaterThanOrEqual(300);
  // Minute marks under it, every ten minutes of the hour.
  expect(await item.getByText(/^\d0 min$/).allTextContents()).toEqual(['10 min', '20 min', '30 min', '40 min', '50 min']);
  const audio = item.locator('audio');
  const secondsPerPixel = 3600 / bar.width;
  for (const minute of [10, 45]) {
    // A tap on the drawn bar at minute/60 of its width lands at that minute, within a pixel's worth.
    const target = minute * 60;
    const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    await page.touchscreen.tap(bar.x + (bar.width * minute) / 60, bar.y + bar.height / 2);
    // The tap has moved the track (the two minutes aimed at are far from where it was).
    await page.waitForFunction((b) => Math.abs((document.querySelector('li audio') as HTMLAudioElement).currentTime - b) > 120, before);
    const landed = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
    expect({ minute, off: Math.abs(landed - target) <= secondsPerPixel + 2 ? 'within a pixel' : landed - target }).toEqual({
      minute,
      off: 'within a pixel',
    });
  }

  const at = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  const before = await at();
  await item.getByRole('button', { name: 'Back 15 seconds' }).tap();
  expect(Math.round(before - (await at()))).toBe(15);
  await item.getByRole('button', { name: 'Forward 30 seconds' }).tap();
  expect(Math.round((await at()) - before)).toBe(15);
  await visible(item.getByTestId('player-position').filter({ hasText: /^\d+:\d{2}:\d{2}$|^\d+:\d{2}$/ }));

  // Speed: one tap to a preset, the fine steps beside it.
  await item.getByRole('button', { name: '1.5x speed' }).tap();
  expect(await audio.evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([1.5, true]);
  expect(await item.getByRole('button', { name: '1.5x speed' }).getAttribute('aria-pressed')).toBe('true');
  await item.getByRole('button', { name: 'Faster' }).tap();
  await visible(item.getByText('1.55x'));
  expect(await item.getByRole('button', { name: '1.5x speed' }).getAttribute('aria-pressed')).toBe('false');
  await item.getByRole('button', { name: '0.75x speed' }).tap();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);

  // Play and pause from the player's own button.
  await item
    .getByRole('button', { name: `Play ${transcript.title}` })
    .last()
    .tap();
  await page.waitForFunction(() => !(document.querySelector('li audio') as HTMLAudioElement).paused);
  await item.getByRole('button', { name: `Pause ${transcript.title}` }).tap();
  await page.waitForFunction(() => (document.querySelector('li audio') as HTMLAudioElement).paused);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the phone player of an hour-long affirmation');
  await hide.tap();
});
