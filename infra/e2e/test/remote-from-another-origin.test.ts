import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import express from 'express';
import type { Browser } from 'playwright-core';
import { startTestSystem, type TestSystem } from '@innerecho/embedded';
import { openJourneyBrowser } from '../src';

jest.setTimeout(180_000);

/**
 * A team ships its remote on its own: the creator area's build is served from another
 * origin (here another port, as a CDN would be), the gateway is told where
 * (REMOTE_URL_CREATOR) and the shell, unchanged, loads it from there. This spec starts its
 * own system with that configuration, so it runs in the single-process project only.
 */
let cdn: Server;
let system: TestSystem;
let browser: Browser;
let cdnOrigin: string;
beforeAll(async () => {
  const app = express();
  // What a bucket or CDN in front of a remote must send: the app's pages fetch from it.
  app.use((_req, res, next) => {
    res.setHeader('access-control-allow-origin', '*');
    next();
  });
  app.use('/creator/', express.static(join(resolve(__dirname, '..', '..', '..'), 'frontends', 'creator', 'dist')));
  cdn = await new Promise<Server>((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  system = await startTestSystem({ env: { ...process.env, REMOTE_URL_CREATOR: `${cdnOrigin}/creator/` } });
  browser = await openJourneyBrowser();
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await new Promise((r) => cdn?.close(r));
});

test('the creator area loads from the origin the gateway names, the other areas still from the gateway', async () => {
  const page = await (await browser.newContext({ baseURL: system.url })).newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/creator-login');
  await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible', timeout: 30_000 });
  expect(scripts).toContain(`${cdnOrigin}/creator/remoteEntry.js`);
  expect(scripts.filter((url) => url.startsWith(`${system.url}/remotes/creator/`))).toEqual([]);

  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Personalized Affirmations In Your Own Voice' }).waitFor({ state: 'visible' });
  expect(scripts).toContain(`${system.url}/remotes/public/remoteEntry.js`);
});
