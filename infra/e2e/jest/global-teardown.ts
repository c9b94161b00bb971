import { SHARED_BROWSER_ENV } from '../src/browser';

/** Closes the run's shared Chromium; the other e2e project's teardown then finds nothing left to close. */
export default async function globalTeardown() {
  const browser = globalThis.__innerechoSharedBrowser;
  globalThis.__innerechoSharedBrowser = undefined;
  delete process.env[SHARED_BROWSER_ENV];
  await browser?.close();
}
