import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { writeToneMp3 } from '@innerecho/embedded';
import { type E2E, signInInBrowser, startE2E, visible } from '../src';

jest.setTimeout(180_000);

let e2e: E2E;
let work: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'admin-e2e-'));
  e2e = await startE2E();
});
afterEach(() => e2e?.closeContexts());
afterAll(async () => {
  await e2e?.stop();
  rmSync(work, { recursive: true, force: true });
});

// A modal dialog hides the rest of the page from the accessibility tree, toasts included: find them by element.
const toast = (page: Page, title: string) => visible(page.locator('li').filter({ hasText: title }).first());

async function adminPage(tab: 'Transcripts' | 'Creators' | 'Music') {
  const page = await e2e.newPage();
  await signInInBrowser(page, e2e.system.admin.email, e2e.system.admin.password, '/admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab }).click();
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('an admin curating the library', () => {
  test('adds a transcript, edits it and deletes it', async () => {
    const page = await adminPage('Transcripts');
    await page.getByRole('button', { name: 'Add Transcript' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('  Quiet Strength  ');
    await choose(page, 'Category', 'Calm & Relaxation');
    await choose(page, 'Creator', 'Maya Rivers');
    await dialog.getByLabel('Content').fill('I am quietly strong. I move through today with ease.');
    await dialog.getByRole('button', { name: 'Add Transcript' }).click();
    await toast(page, 'Transcript created');
    const row = page.getByRole('row').filter({ hasText: 'Quiet Strength' });
    await visible(row.getByText('Maya Rivers'));
    await visible(row.getByText('Calm & Relaxation'));

    await row.getByRole('button', { name: 'Edit Quiet Strength' }).click();
    await dialog.getByLabel('Title').fill('Quiet Strength Within');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Transcript updated');
    const edited = page.getByRole('row').filter({ hasText: 'Quiet Strength Within' });
    await visible(edited);

    await edited.getByRole('button', { name: 'Delete Quiet Strength Within' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Transcript deleted');
    await edited.waitFor({ state: 'detached' });
  });

  test('a transcript without a title is refused with "Missing information"', async () => {
    const page = await adminPage('Transcripts');
    await page.getByRole('button', { name: 'Add Transcript' }).click();
    await page.getByRole('dialog').getByLabel('Content').fill('Words without a title.');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Transcript' }).click();
    await toast(page, 'Missing information');
    await visible(page.getByRole('dialog'));
  });

  test('adds a creator; the referral code is lowercased without spaces as it is typed', async () => {
    const page = await adminPage('Creators');
    await page.getByRole('button', { name: 'Add Creator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Lena Park');
    await dialog.getByLabel('Bio').fill('Sleep coach and writer.');
    await dialog.getByLabel('YouTube channel').fill('https://www.youtube.com/@lenapark');
    await dialog.getByLabel('Email').fill(`lena.${Date.now()}@example.com`);
    await dialog.getByLabel('Password').fill('lena password 1');
    await dialog.getByLabel('Referral code').pressSequentially('Lena Park 1');
    expect(await dialog.getByLabel('Referral code').inputValue()).toBe('lenapark1');
    await dialog.getByRole('button', { name: 'Add Creator' }).click();
    await toast(page, 'Creator added');
    await visible(page.getByRole('row').filter({ hasText: 'Lena Park' }));

    // The edit dialog has no password field.
    await page.getByRole('button', { name: 'Edit Lena Park' }).click();
    await visible(dialog.getByLabel('Name'));
    expect(await dialog.getByLabel('Password').count()).toBe(0);
  });

  test('uploads a music track through the Uppy dialog; Save waits for the file and the title', async () => {
    writeToneMp3(join(work, 'soft-tone.mp3'), { frequencyHz: 196, seconds: 20 });
    const page = await adminPage('Music');
    await page.getByRole('button', { name: 'Upload Music' }).first().click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').first().setInputFiles(join(work, 'soft-tone.mp3'));
    await dialog.getByLabel('Title').fill('Soft Tone');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /^Upload 1 file/ }).click();
    await toast(page, 'File uploaded');
    await save.click();
    await toast(page, 'Music uploaded');
    // The measured length, not the 300 seconds the client sends.
    await visible(page.getByRole('listitem').filter({ hasText: 'Soft Tone' }).getByText('0:20'));
  });
});
