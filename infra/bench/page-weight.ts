/**
 * npm run bench:pages: what a first visit transfers, per route (/, /affirmations, /admin),
 * measured in Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) against a
 * throwaway system in a child process: JavaScript bytes as transferred (compressed when the
 * gateway compressed them) and as decoded, until the network is idle. Then a signed-in
 * listener's first visit to /affirmations and to /generate/{id} (subscribed, voice cloned):
 * the API calls each makes, how many rounds they take (a call that starts only after another
 * answered is one round later), and the time until the content is drawn. Needs `npm run build`.
 *
 *   npm run bench:pages
 *   npm run bench:pages -- --signed-in-only
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Page } from 'playwright-core';
import { VOICE_CONSENT_VERSION } from '@innerecho/contracts';
import {
  newSessionId,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  uploadRecordingThroughApi,
  spokenSample,
} from '@innerecho/embedded';

const ROUTES = ['/', '/affirmations', '/admin'];
/** The goal for the first visit to '/': compressed JavaScript before the page is interactive. */
const FIRST_VISIT_JS_BUDGET = 150 * 1024;

async function main() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'serve-system.ts')], {
    cwd: resolve(__dirname, '..', '..'),
    env: (({ DATABASE_URL: _db, ...rest }) => rest)(process.env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { url } = JSON.parse(line) as { url: string };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: string[][] = [];
  try {
    for (const route of process.argv.includes('--signed-in-only') ? [] : ROUTES) {
      // A fresh context per route: a first visit, nothing cached.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: { url: string; transferred: number; decoded: number; encoding: string }[] = [];
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'script') return;
        const response = await request.response();
        const sizes = await request.sizes();
        const body = await response?.body().catch(() => null);
        scripts.push({
          url: request.url(),
          transferred: sizes.responseBodySize,
          decoded: body?.length ?? 0,
          encoding: (await response?.headerValue('content-encoding')) ?? 'none',
        });
      });
      await page.goto(url + route, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.waitForTimeout(200);
      const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
      const decoded = scripts.reduce((sum, s) => sum + s.decoded, 0);
      const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
      rows.push([
        route,
        String(scripts.length),
        `${(transferred / 1024).toFixed(1)} KB`,
        `${(decoded / 1024).toFixed(1)} KB`,
        encodings,
        route === '/' ? (transferred <= FIRST_VISIT_JS_BUDGET ? 'MET (at most 150 KB)' : 'MISS (at most 150 KB)') : '',
      ]);
      await context.close();
    }
    if (rows.length)
      printTable(
        'First visit per route, Chromium, until the network is idle:',
        ['route', 'scripts', 'JS transferred', 'JS decoded', 'encodings', 'goal'],
        rows,
      );
    await signedInVisits(browser, url);
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

function printTable(title: string, header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`${title}\n\n${fmt(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(fmt).join('\n')}\n`);
}

/** A subscribed listener with a cloned voice, made through the API as the app would; their session cookie. */
async function listenerWithVoice(url: string) {
  const client = new TestClient(url);
  const email = uniqueEmail('pages-listener');
  await client.signUp(email);
  await subscribeThroughDemoCheckout(url, { client, email });
  const clone = await client.postJson('/api/voice-profile/clone', {
    sessionId: newSessionId(),
    uploadURL: await uploadRecordingThroughApi(client, new Uint8Array(await spokenSample())),
    consent: { accepted: true, textVersion: VOICE_CONSENT_VERSION },
  });
  if (clone.status !== 200) throw new Error(`cloning failed: ${clone.status} ${clone.text}`);
  const transcripts = (await client.get('/api/transcripts')).data as { id: string; title: string }[];
  return { token: client.cookies.get('ie_session')!, transcript: transcripts[0] };
}

interface ApiCall {
  path: string;
  start: number;
  end: number;
}

/** Rounds of API calls: a call that started after another had answered is one round after it. */
function roundsOf(calls: ApiCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const round = new Map<ApiCall, number>();
  for (const call of sorted) round.set(call, 1 + Math.max(0, ...sorted.filter((c) => c.end <= call.start).map((c) => round.get(c) ?? 0)));
  return Math.max(0, ...round.values());
}

/**
 * A signed-in listener opens a page in a fresh browser (nothing cached): the API calls it
 * makes until the network is idle, and when the content was drawn (`drawn` shows it).
 */
async function visit(browser: Browser, url: string, token: string, path: string, drawn: (page: Page) => Promise<unknown>) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'ie_session', value: token, url }]);
  const page = await context.newPage();
  const calls: ApiCall[] = [];
  const now = () => page.evaluate(() => performance.now()).catch(() => NaN);
  page.on('requestfinished', async (request) => {
    const at = new URL(request.url());
    if (!at.pathname.startsWith('/api/')) return;
    const timing = request.timing();
    calls.push({ path: at.pathname + at.search, start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  await page.goto(url + path, { waitUntil: 'commit' });
  await drawn(page);
  const drawnAt = await now();
  await page.waitForLoadState('networkidle');
  await context.close();
  const names = [
    ...new Set(calls.map((c) => c.path.replace(/session_[0-9]+_[a-z0-9]+/, '{sessionId}').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}'))),
  ];
  return { calls: calls.length, distinct: names.length, rounds: roundsOf(calls), drawnMs: drawnAt, names };
}

async function signedInVisits(browser: Browser, url: string) {
  const { token, transcript } = await listenerWithVoice(url);
  const pages: [string, string, (page: Page) => Promise<unknown>][] = [
    // The library's cards, with the first transcript's title.
    ['/affirmations', '/affirmations', (page) => page.getByText(transcript.title).first().waitFor({ timeout: 60_000 })],
    // The generate screen ready to generate: the affirmation's title and its enabled Generate button.
    [
      '/generate/{id}',
      `/generate/${transcript.id}`,
      (page) =>
        Promise.all([
          page.getByText(transcript.title).first().waitFor({ timeout: 60_000 }),
          page
            .locator('button:not([disabled])', { hasText: /^Generate/ })
            .first()
            .waitFor({ timeout: 60_000 }),
        ]),
    ],
  ];
  const rows: string[][] = [];
  const runs = 3;
  for (const [label, path, drawn] of pages) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await visit(browser, url, token, path, drawn));
    const median = results.map((r) => r.drawnMs).sort((a, b) => a - b)[Math.floor(runs / 2)];
    const last = results[results.length - 1];
    rows.push([label, String(last.calls), String(last.rounds), `${median.toFixed(0)} ms`, last.names.join(', ')]);
  }
  printTable(
    `A signed-in listener's first visit (fresh browser, subscribed, voice cloned; median of ${runs}): API calls until the network is idle, their rounds, and the time from navigation until the content is drawn:`,
    ['page', 'API calls', 'rounds', 'content drawn', 'calls'],
    rows,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
