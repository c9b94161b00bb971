import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addMusicTrack } from '@innerecho/embedded';
import {
  browserClient,
  storedSessionId,
  clonedListener,
  type E2E,
  firstTranscriptId,
  expectNoAxeViolations,
  shownAfterLoad,
  startE2EForThisFile,
  visible,
} from '../src';

jest.setTimeout(900_000);

let e2e: E2E;
const TRACK = 'Journey Calm Pad';
startE2EForThisFile(async (started) => {
  e2e = started;
  await addMusicTrack(e2e.system, TRACK);
});

test('a listener picks a library affirmation, generates 3 minutes over music, changes speed, downloads, finds it saved and plays it at that speed', async () => {
  const { page } = await clonedListener(e2e, { acceptDownloads: true });
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
  await expectNoAxeViolations(page, 'the generated affirmation');

  // Speed: 0.5-2 in 0.05 steps, pitch preserved, buttons disabled at the bounds.
  await page.getByRole('button', { name: 'Faster' }).click();
  await visible(page.getByText('1.05x'));
  expect(await player.evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([1.05, true]);
  for (let i = 0; i < 19; i++) await page.getByRole('button', { name: 'Faster' }).click();
  await visible(page.getByText('2.00x'));
  expect(await page.getByRole('button', { name: 'Faster' }).isDisabled()).toBe(true);
  // Back to 1.25x: the chosen speed is kept with the saved affirmation.
  // Clicks in a row are kept as one change once they settle; a change still settling from the
  // clicks before may be sent first, so the one awaited is the change to 1.25x.
  const kept = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' && r.url().includes('/api/saved-affirmations/') && r.request().postDataJSON()?.voiceSpeed === 1.25,
  );
  for (let i = 0; i < 15; i++) await page.getByRole('button', { name: 'Slower' }).click();
  await visible(page.getByText('1.25x'));
  expect((await (await kept).json()).voiceSpeed).toBe(1.25);

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
  await visible(item.getByText('1.25x speed'));
  await expectNoAxeViolations(page, 'the Saved tab');
  await item.getByRole('button', { name: `Play ${title}` }).click();
  // It plays, and the player can seek in it (the audio is served with Range).
  await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2, undefined, {
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
  expect(await item.locator('audio').evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([1.25, true]);
  const savedDownload = page.waitForEvent('download');
  await item.getByRole('link', { name: `Download ${title}` }).click();
  expect((await savedDownload).suggestedFilename()).toBe(`${title.toLowerCase().replace(/\s+/g, '-')}.mp3`);
});

test('a listener writes a custom affirmation: Save & Generate shows its title and words and generates at once; after re-recording it asks for the voice again', async () => {
  const { page } = await clonedListener(e2e);
  await page.goto('/create-affirmation');
  await shownAfterLoad(page.getByRole('heading', { level: 1, name: 'Create Custom Affirmation' }));
  await expectNoAxeViolations(page, 'the create page');
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
  // Its own title and words, not "Custom Affirmation"; and it is generating without another click.
  await visible(page.getByRole('heading', { level: 2, name: 'Evening Wind Down' }));
  await visible(page.getByText(content));
  await visible(page.getByText('Saved to Your Library'), 240_000);
  await visible(page.getByRole('definition').filter({ hasText: '1m 0s' }));
  const sessionId = await storedSessionId(page);
  const savedList = () => browserClient(page).api.call('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  const savedCount = async () => (await savedList()).length;
  expect(await savedCount()).toBe(1);
  // A reload does not generate it again.
  await page.reload();
  await visible(page.getByRole('button', { name: 'Generate Audio' }));
  await page.waitForLoadState('networkidle'); // a render, had one started, would be under way
  expect(await page.getByRole('button', { name: 'Generating...' }).count()).toBe(0);
  expect(await savedCount()).toBe(1);

  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Re-record Voice' }).click();
  await page.getByRole('alertdialog', { name: 'Re-record Your Voice?' }).getByRole('button', { name: 'Yes, Re-record' }).click();
  await visible(page.getByText('Voice profile deleted'));

  const [saved] = await savedList();
  expect(saved.customAffirmation?.title).toBe('Evening Wind Down');
  const customId = saved.customAffirmation!.id;
  const audio = await page.evaluate(
    (path) => fetch(path, { headers: { range: 'bytes=0-3' } }).then(async (r) => [r.status, (await r.arrayBuffer()).byteLength]),
    saved.audioFilePath,
  );
  expect(audio).toEqual([206, 4]);

  // Without a clone, the generate page asks for one and offers the way back here.
  await page.goto(`/generate/custom-${customId}`);
  await shownAfterLoad(page.getByRole('heading', { name: 'First, Record Your Voice' }));
  await page.getByRole('link', { name: 'Record Your Voice' }).click();
  await page.waitForURL(`**/record-voice?returnTo=%2Fgenerate%2Fcustom-${customId}`);
  await visible(page.getByRole('button', { name: 'Start recording' }));
});

test('a made-up custom affirmation id says "Affirmation not found" when the page opens', async () => {
  const { page } = await clonedListener(e2e);
  for (const id of [`custom-${randomUUID()}`, 'custom-not-an-id']) {
    await page.goto(`/generate/${id}`);
    await shownAfterLoad(page.getByRole('heading', { level: 2, name: 'Affirmation not found' }));
    expect(await page.getByRole('button', { name: 'Generate Audio' }).count()).toBe(0);
    await visible(page.getByRole('link', { name: 'Write a New Affirmation' }));
  }
});

test("the duration slider shows what is left of today's hour, stops there, and says when it renews in the listener's time", async () => {
  const { page, userId } = await clonedListener(e2e, { timezoneId: 'Asia/Tokyo' });
  const generationDb = e2e.system.services.generation.context.db;
  const useSeconds = async (seconds: number) => {
    await generationDb.execute(sql`delete from generation.daily_usage where user_id = ${userId}`);
    await generationDb.execute(
      sql`insert into generation.daily_usage (user_id, day, seconds_used) values (${userId}, ${new Date().toISOString().slice(0, 10)}, ${seconds})`,
    );
  };
  const transcriptId = await firstTranscriptId(e2e);
  await useSeconds(3000);
  await page.goto(`/generate/${transcriptId}`);
  // Midnight UTC is 9:00 in Tokyo (no daylight saving there).
  await shownAfterLoad(page.getByText(/^10 of 60 minutes left today · renews (tomorrow )?at 9:00\sAM$/));
  const slider = page.getByRole('slider', { name: 'Audio duration' });
  expect(await slider.getAttribute('aria-valuemax')).toBe('600');
  await slider.focus();
  await page.keyboard.press('End');
  await visible(page.getByText('10m 0s'));
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await visible(page.getByText('2m 0s'));
  await page.getByRole('button', { name: 'Generate Audio' }).click();
  await visible(page.getByText('Saved to Your Library'), 240_000);
  await visible(page.getByText(/^8 of 60 minutes left today/));

  await useSeconds(3600);
  await page.reload();
  await visible(page.getByText(/^You have used today's 60 minutes of audio\. Your allowance renews (tomorrow )?at 9:00\sAM\.$/));
  expect(await page.getByRole('button', { name: 'Generate Audio' }).isDisabled()).toBe(true);
  await expectNoAxeViolations(page, 'the generate page with the allowance used');

  // Create says so too, and saves for later instead of leading to a page that cannot generate.
  await page.goto('/create-affirmation');
  await shownAfterLoad(page.getByText(/Today's hour of generated audio is used up; it starts again (tomorrow )?at 9:00\sAM\./));
  expect(await page.getByRole('button', { name: 'Save & Generate Audio' }).count()).toBe(0);
  await page.getByRole('textbox', { name: 'Title' }).fill('For Tomorrow');
  await page.getByRole('textbox', { name: 'Affirmation' }).fill('I rest well and wake up ready.');
  await page.getByRole('button', { name: 'Save for Later' }).click();
  await page.waitForURL((url) => url.pathname === '/affirmations' && url.searchParams.get('tab') === 'mine');
  await visible(page.getByRole('heading', { name: 'For Tomorrow' }));
});
