import { launchSharedBrowser, SHARED_BROWSER_ENV } from '../src/browser';

declare global {
  var __innerechoSharedBrowser: Awaited<ReturnType<typeof launchSharedBrowser>> | undefined;
}

/**
 * The e2e projects: one Chromium for every spec file of the run (both projects' setups run in
 * jest's main process, so the second finds the first's browser and keeps it).
 */
export default async function globalSetup() {
  if (globalThis.__innerechoSharedBrowser) return;
  const browser = await launchSharedBrowser();
  globalThis.__innerechoSharedBrowser = browser;
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint;
}
