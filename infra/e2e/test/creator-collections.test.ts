import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { eventually, signedInAdmin, TestClient, uniqueEmail } from '@innerecho/embedded';
import { type E2E, expectNoAxeViolations, pageSettled, shownAfterLoad, signInInBrowser, startE2E, visible } from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterEach(() => e2e?.closeContexts());
afterAll(() => e2e?.stop());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LOOKS = [
  { theme: 'dark', ...DESKTOP },
  { theme: 'light', ...DESKTOP },
  { theme: 'dark', ...PHONE },
  { theme: 'light', ...PHONE },
] as const;

/** A creator an admin made, with one library affirmation featured as theirs. */
async function featuredCreator(name: string) {
  const admin = await signedInAdmin(e2e.system.url, e2e.system.admin);
  const account = { email: uniqueEmail('collector'), password: 'a creator password', referralCode: `c${randomUUID().slice(0, 8)}` };
  const made = await admin.api.send('POST /api/creators', { body: { name, bio: 'Sleep coach.', ...account } });
  expect(made.status).toBe(201);
  // The library learns of the creator from an event: until then it refuses to feature them.
  await eventually(async () => {
    const featured = await admin.api.send('POST /api/transcripts', {
      body: {
        title: `Soft landing ${name}`,
        content: 'I let the day go, one breath at a time.',
        category: 'Calm & Relaxation',
        creatorId: made.data.id,
      },
    });
    expect(featured.status).toBe(201);
  });
  return { id: made.data.id, ...account };
}

async function signInCreator(page: Page, email: string, password: string) {
  await page.goto('/creator-login');
  await shownAfterLoad(page.getByLabel('Email'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL('**/creator-dashboard');
}

/** The page in each look passes axe. */
async function everyLookPassesAxe(page: Page, path: string, where: string) {
  const found: string[] = [];
  for (const look of LOOKS) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
    await page.goto(path);
    await pageSettled(page);
    await expectNoAxeViolations(page, `${where} (${look.theme}, ${look.width}px)`).catch((error: Error) => found.push(error.message));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > look.width) found.push(`${where} (${look.width}px) is ${width}px wide`);
  }
  expect(found).toEqual([]);
}

test('a creator writes and orders a collection and submits it; an admin returns it with a reason, then approves it; a listener finds it and makes it a session', async () => {
  const name = `Ines ${randomUUID().slice(0, 6)}`;
  const creator = await featuredCreator(name);

  // The creator, on a phone, writes a collection: two new texts and one of theirs, reordered by keyboard.
  const page = await e2e.newPage({ viewport: PHONE });
  await signInCreator(page, creator.email, creator.password);
  const section = page.getByRole('region', { name: 'Your collections' });
  await visible(section.getByText('No collections yet'));
  await section.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Title', { exact: true }).fill('Evening wind-down');
  await dialog.getByLabel('Description').fill('Three minutes to put the day down.');
  await dialog.getByText('Ocean').click();
  await dialog.getByRole('button', { name: 'Write a new affirmation' }).click();
  await dialog.getByLabel('Title of affirmation 1').fill('Unclench');
  await dialog.getByLabel('Words of affirmation 1').fill('My shoulders drop and my jaw softens.');
  await dialog.getByRole('button', { name: 'Write a new affirmation' }).click();
  await dialog.getByLabel('Title of affirmation 2').fill('Enough for today');
  await dialog.getByLabel('Words of affirmation 2').fill('I did enough today. I rest now.');
  await dialog.getByRole('combobox', { name: 'Add one of your affirmations' }).click();
  await page.getByRole('option', { name: `Soft landing ${name}` }).click();
  await visible(dialog.getByText(`Soft landing ${name}`));
  await expectNoAxeViolations(page, 'the collection editor on a phone');
  // Keyboard: "Soft landing" moves up twice, to the top; focus follows it.
  await dialog.getByRole('button', { name: `Move “Soft landing ${name}” up` }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const order = await dialog.getByRole('listitem').evaluateAll((items) => items.map((item) => item.textContent ?? ''));
  expect(order[0]).toContain(`Soft landing ${name}`);
  await dialog.getByRole('button', { name: 'Save collection' }).click();
  await visible(page.getByText('Collection saved'));
  const row = section.getByRole('listitem').filter({ hasText: 'Evening wind-down' });
  await visible(row.getByText('Draft'));
  await row.getByRole('button', { name: 'Submit for review' }).click();
  await visible(row.getByText('In review'));
  await expectNoAxeViolations(page, 'the dashboard with a collection in review');

  // The admin returns it with a reason.
  const admin = await e2e.newPage({ viewport: DESKTOP });
  await signInInBrowser(admin, e2e.system.admin.email, e2e.system.admin.password, '/admin');
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Collections' }).click();
  const review = admin.getByRole('article', { name: 'Evening wind-down' });
  await visible(review.getByText(`By ${name}`));
  await visible(review.getByText('My shoulders drop and my jaw softens.'));
  await expectNoAxeViolations(admin, 'the collections to review');
  await review.getByRole('button', { name: 'Return with a reason' }).click();
  const returning = admin.getByRole('dialog', { name: 'Return “Evening wind-down”' });
  await returning.getByLabel('Reason').fill('Please end on the rest text.');
  await returning.getByRole('button', { name: 'Return collection' }).click();
  await visible(admin.getByText('Collection returned'));

  // The creator reads why, changes it and submits again; the admin approves.
  await page.reload();
  await visible(row.getByText('Returned by an admin: “Please end on the rest text.”', { exact: false }));
  await row.getByRole('button', { name: 'Edit Evening wind-down' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit collection' });
  await editor.getByRole('button', { name: 'Move “Unclench” up' }).click();
  await editor.getByRole('button', { name: 'Save collection' }).click();
  await visible(page.getByText('Collection saved'));
  await row.getByRole('button', { name: 'Submit for review' }).click();
  await visible(row.getByText('In review'));
  await admin.reload();
  await admin.getByRole('tab', { name: 'Collections' }).click();
  await review.getByRole('button', { name: 'Approve' }).click();
  await visible(admin.getByText('Collection approved'));

  // Approved: on the creator's dashboard with its link and figures.
  await page.reload();
  await visible(row.getByText('Approved'));
  await visible(row.getByText('0 plays · 0 sessions', { exact: false }));
  const link = await row.getByLabel('Collection link').inputValue();
  await row.getByRole('button', { name: 'Copy the link to Evening wind-down' }).click();
  await visible(page.getByText('Collection link copied to clipboard'));
  expect(link).toMatch(new RegExp(`/collections/[0-9a-f-]{36}\\?ref=${creator.referralCode}$`));
  await expectNoAxeViolations(page, 'the dashboard with an approved collection');

  // A visitor arrives through the collection's link: attributed to the creator as through the referral link.
  const visitor = await e2e.newPage({ viewport: PHONE });
  const clicked = visitor.waitForResponse((res) => res.url().endsWith('/api/referrals/click') && res.status() === 200);
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await shownAfterLoad(visitor.getByRole('heading', { level: 1, name: 'Evening wind-down' }));
  await clicked;
  const cookies = await visitor.context().cookies();
  expect(cookies.find((c) => c.name === 'innerecho_ref')?.value).toBe(creator.referralCode);

  // The listener finds it in the library and makes it a session in one click.
  await visitor.goto('/affirmations');
  const card = visitor.getByRole('article', { name: 'Evening wind-down' });
  await shownAfterLoad(card);
  await visible(card.getByText(`By ${name}`));
  const session = card.getByRole('link', { name: /^Make it a session\W+Evening wind-down$/ });
  const href = (await session.getAttribute('href'))!;
  const collectionId = new URL(link).pathname.split('/').pop()!;
  const detail = await new TestClient(e2e.system.url).api.call('GET /api/collections/:id', { params: { id: collectionId } });
  expect(detail.transcripts.map((t) => t.title)).toEqual(['Unclench', `Soft landing ${name}`, 'Enough for today']);
  expect(href).toBe(`/sessions/new?transcripts=${detail.transcriptIds.join(',')}&collection=${collectionId}`);
  await card.getByRole('link', { name: 'Evening wind-down', exact: true }).click();
  await visitor.waitForURL(`**/collections/${collectionId}`);
  expect(await visitor.getByRole('link', { name: 'Make it a session' }).getAttribute('href')).toBe(href);
  // One click takes the visitor to the session builder, which asks them to sign in first.
  await visitor.getByRole('link', { name: 'Make it a session' }).click();
  await visitor.waitForURL((url) => url.pathname === '/sessions/new' && url.searchParams.get('collection') === collectionId);
  await shownAfterLoad(visitor.getByRole('heading', { name: 'Sign in to build a session' }));

  // The new pages pass axe in both themes at both widths.
  await everyLookPassesAxe(visitor, `/collections/${collectionId}`, 'the collection page');
  await everyLookPassesAxe(visitor, `/creator/${creator.id}`, 'the creator page with a collection');
  await everyLookPassesAxe(visitor, '/affirmations', 'the library with a collection');
  await everyLookPassesAxe(page, '/creator-dashboard', 'the creator dashboard with a collection');
});
