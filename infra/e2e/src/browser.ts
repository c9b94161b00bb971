import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { fakeMicrophone } from './fake-microphone';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium features off in every journey. Chromium honours one --disable-features switch, so
 * this one repeats the list Playwright passes (playwright-core 1.64) and adds its own:
 * - the omnibox popup's WebUI, which headless Chromium builds for every new profile's window
 *   (a renderer process of its own, about 2 s of CPU each, and the journeys open hundreds);
 * - the spare renderer Chromium starts ahead of the next navigation, which a profile that
 *   loads one site never uses.
 */
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'DialMediaRouteProvider', 'GlobalMediaControls'],
  ...['HttpsUpgrades', 'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning'],
  ...['BlockOriginHeaderModificationOnRedirect', 'AvoidCorsURLLoaderRestartOnRedirect', 'Translate', 'AutoDeElevate'],
  ...['OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled'],
  ...['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'],
  'SpareRendererForSitePerProcess',
];

/** Flags this machine needs: no sandbox as root, and no background calls to the closed network. */
const MACHINE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** Where the run's shared Chromium listens; the e2e projects' jest global setup sets it. */
export const SHARED_BROWSER_ENV = 'INNERECHO_E2E_BROWSER';

/**
 * The Chromium every journey drives: the machine's flags, a fake microphone (espeak-ng reading
 * the voice sample, written into `dir`) for the pages that ask for one, and audio that may start
 * without a click, since the journeys play what they generate.
 */
async function journeyBrowserOptions(dir: string): Promise<LaunchOptions> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (see .ci/run)`);
  return {
    executablePath: CHROMIUM_PATH,
    args: [...MACHINE_ARGS, ...(await fakeMicrophone(dir)), '--autoplay-policy=no-user-gesture-required'],
  };
}

/**
 * One Chromium for a whole jest run, which every spec file connects to. Each file starting its
 * own costs a browser process, a compositor process and a renderer for the browser's own UI,
 * on a machine whose cores the journeys already keep busy.
 */
export async function launchSharedBrowser(): Promise<{ wsEndpoint: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ie-e2e-browser-'));
  const server = await chromium.launchServer(await journeyBrowserOptions(dir));
  return {
    wsEndpoint: server.wsEndpoint(),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The run's shared Chromium when the jest project started one, otherwise (a journey run by
 * hand, or `own`) a Chromium of this process's own. Closing the answer ends this connection's
 * contexts only.
 *
 * A spec that records through the fake microphone asks for its own, so the browser's one
 * file-backed fake microphone serves the takes of one spec file at a time: the recording
 * journeys depend on a take's real-time clock, and takes from several spec files at once in
 * one browser have not been shown to keep time.
 */
export async function openJourneyBrowser(options: { own?: boolean } = {}): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  if (shared && !options.own) return chromium.connect(shared);
  const dir = mkdtempSync(join(tmpdir(), 'ie-e2e-browser-'));
  const browser = await chromium.launch(await journeyBrowserOptions(dir));
  browser.on('disconnected', () => rmSync(dir, { recursive: true, force: true }));
  return browser;
}
