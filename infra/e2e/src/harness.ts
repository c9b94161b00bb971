import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from '@innerecho/kit';
import { startTestSystem, TestClient, uniqueEmail, type ServiceKey, type TestSystem } from '@innerecho/embedded';
import { attachToDistributedSystem, DISTRIBUTED_DESCRIPTOR_ENV, type DistributedSystemDescriptor } from '@innerecho/distributed';
import { openJourneyBrowser } from './browser';

const FRONTENDS_DIR = resolve(__dirname, '..', '..', '..', 'frontends');

/**
 * Which form of the product the journeys drive:
 * - `single-process` (default): a fresh test system in this process per spec file;
 * - `distributed`: every service and the gateway in its own process on PostgreSQL, NATS and
 *   S3 (s3rver), started once for the whole run by infra/distributed's jest global setup
 *   (the `e2e-distributed` jest project) and shared by the spec files.
 * The jest project sets the global `__E2E_FORM__`; `E2E_FORM` in the environment works too.
 */
export type E2EForm = 'single-process' | 'distributed';

export function e2eForm(): E2EForm {
  const chosen = (globalThis as { __E2E_FORM__?: string }).__E2E_FORM__ ?? process.env.E2E_FORM;
  return chosen === 'distributed' ? 'distributed' : 'single-process';
}

/**
 * What a journey may use of the system under test, in either form: its address, the
 * admin's credentials, each service's own address and database (to arrange facts as an
 * operator would), and a subscription granted through the real event bus.
 */
export interface E2ESystem {
  form: E2EForm;
  url: string;
  admin: { email: string; password: string };
  services: Record<ServiceKey, { url: string; context: { db: Db } }>;
  grantSubscription: TestSystem['grantSubscription'];
  changeSubscription: TestSystem['changeSubscription'];
  /** The real SMTP server the single-process system sends to (the distributed run keeps its mail in notifications' table). */
  mailbox?: TestSystem['mailbox'];
}

async function startSystemUnderTest(options: Parameters<typeof startTestSystem>[0]): Promise<E2ESystem & { stop(): Promise<void> }> {
  if (e2eForm() === 'single-process') {
    const system = await startTestSystem(options);
    return Object.assign(system, { form: 'single-process' as const });
  }
  const file = process.env[DISTRIBUTED_DESCRIPTOR_ENV];
  if (!file)
    throw new Error(
      `The distributed form runs under the e2e-distributed jest project (its global setup sets ${DISTRIBUTED_DESCRIPTOR_ENV})`,
    );
  // Shared by every spec file of the run: options that would need a system of its own are not available here.
  const attached = await attachToDistributedSystem(JSON.parse(readFileSync(file, 'utf8')) as DistributedSystemDescriptor);
  return { ...attached, form: 'distributed', stop: () => attached.close() };
}

export interface E2E {
  system: E2ESystem;
  browser: Browser;
  /** A fresh browser profile (no cookies, empty local storage). */
  newContext(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  newPage(options?: Parameters<Browser['newContext']>[0]): Promise<Page>;
  /**
   * Closes every profile opened so far. Spec files call it after each test: a finished test's
   * pages would otherwise go on running (players, timers, renderer processes) to the file's end.
   */
  closeContexts(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The system a spec file drives: started before its tests (`ready` receives it, and may add
 * what the tests share), each test's browser profiles closed after it, stopped after the last.
 */
export function startE2EForThisFile(ready: (e2e: E2E) => unknown, options?: Parameters<typeof startE2E>[0]): void {
  let started: E2E | undefined;
  beforeAll(async () => {
    started = await startE2E(options);
    await ready(started);
  });
  afterEach(() => started?.closeContexts());
  afterAll(() => started?.stop());
}

/** The id of one of the starter library's transcripts, for the pages that show one. */
export async function firstTranscriptId(e2e: E2E): Promise<string> {
  const [first] = await new TestClient(e2e.system.url).api.call('GET /api/transcripts', {});
  if (!first) throw new Error('The library has no transcripts');
  return first.id;
}

/** This process's environment without Stripe's key: checkouts go through the demo checkout, as on a fresh `npm start`. */
export function demoCheckoutEnv(): NodeJS.ProcessEnv {
  const { STRIPE_SECRET_KEY: _stripe, ...env } = process.env;
  return env;
}

/** How long a page load may take (see `newContext`), and so the first thing a loaded page shows. */
export const NAVIGATION_TIMEOUT_MS = 60_000;

/** The real app (built frontends, every service, the gateway) and a real Chromium. */
export async function startE2E(
  options: {
    system?: Parameters<typeof startTestSystem>[0];
    /** A Chromium of this spec file's own rather than the run's shared one (see `openJourneyBrowser`). */
    ownBrowser?: boolean;
  } = {},
): Promise<E2E> {
  if (!existsSync(join(FRONTENDS_DIR, 'shell', 'dist', 'index.html'))) {
    throw new Error('The frontends are not built: run `npm run build` first (npm test does it).');
  }
  const system = await startSystemUnderTest(options.system);
  // A browser that cannot start must not leave the system running (its database
  // connections would starve the next test files of the run).
  const browser = await openJourneyBrowser({ own: options.ownBrowser }).catch(async (error) => {
    await system.stop();
    throw error;
  });
  let contexts: BrowserContext[] = [];
  const newContext = async (contextOptions?: Parameters<Browser['newContext']>[0]) => {
    const context = await browser.newContext({ baseURL: system.url, ...contextOptions });
    context.setDefaultTimeout(15_000);
    // A page load (goto, reload, waitForURL) waits for the whole page and its scripts, which on a
    // machine busy with three spec files can outlast 15 s; a click or a text still may not.
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    contexts.push(context);
    return context;
  };
  const closeContexts = async () => {
    const open = contexts;
    contexts = [];
    await Promise.allSettled(open.map((c) => c.close()));
  };
  return {
    system,
    browser,
    newContext,
    newPage: async (contextOptions) => (await newContext(contextOptions)).newPage(),
    closeContexts,
    async stop() {
      await closeContexts();
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

/**
 * The page has drawn its content: a main heading, nothing still loading, the fonts in. Waits
 * for what a person sees rather than a quiet network, which a busy machine reaches late.
 */
export async function pageSettled(page: Page) {
  await page.waitForFunction(() => document.querySelector('h1') !== null && document.querySelector('[aria-busy="true"]') === null);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
