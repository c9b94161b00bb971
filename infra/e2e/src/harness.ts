import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestSystem, uniqueEmail, type TestSystem } from '@innerecho/embedded';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FRONTENDS_DIR = resolve(__dirname, '..', '..', '..', 'frontends');

/** Flags this machine needs: no sandbox as root, and no background calls to the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium package (see .ci/run)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface E2E {
  system: TestSystem;
  browser: Browser;
  /** A fresh browser profile (no cookies, empty local storage). */
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<Page>;
  stop(): Promise<void>;
}

/** The real app (built frontends, every service, the gateway) and a real Chromium. */
export async function startE2E(options: { browserArgs?: string[]; system?: Parameters<typeof startTestSystem>[0] } = {}): Promise<E2E> {
  if (!existsSync(join(FRONTENDS_DIR, 'shell', 'dist', 'index.html'))) {
    throw new Error('The frontends are not built: run `npm run build` first (npm test does it).');
  }
  const system = await startTestSystem(options.system);
  const browser = await launchBrowser(options.browserArgs);
  const contexts: BrowserContext[] = [];
  const newContext = async (contextOptions?: Parameters<Browser['newContext']>[0]) => {
    const context = await browser.newContext({ baseURL: system.url, ...contextOptions });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return context;
  };
  return {
    system,
    browser,
    newContext,
    newPage: async (contextOptions) => (await newContext(contextOptions)).newPage(),
    async stop() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await system.stop();
    },
  };
}

/** Creates an account through the built-in sign-in page, as a visitor would. */
export async function signUpInBrowser(page: Page, options: { email?: string; password?: string; name?: string; returnTo?: string } = {}) {
  const email = options.email ?? uniqueEmail('e2e');
  const password = options.password ?? 'a long enough password';
  await page.goto(`/api/login?mode=signup${options.returnTo ? `&returnTo=${encodeURIComponent(options.returnTo)}` : ''}`);
  await page.getByLabel('Name').fill(options.name ?? 'Test Listener');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
  return { email, password };
}

/** Signs in through the built-in page. */
export async function signInInBrowser(page: Page, email: string, password: string, returnTo?: string) {
  await page.goto(`/api/login?mode=signin${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
}
