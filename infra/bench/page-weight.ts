/**
 * npm run bench:pages: what a first visit transfers, per route (/, /affirmations, /admin),
 * measured in Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH) against a
 * throwaway system in a child process: JavaScript bytes as transferred (compressed when the
 * gateway compressed them) and as decoded, until the network is idle. Needs `npm run build`.
 *
 *   npm run bench:pages
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

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
    for (const route of ROUTES) {
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
      await page.goto(url + route, { waitUntil: 'networkidle' });
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
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  const header = ['route', 'scripts', 'JS transferred', 'JS decoded', 'encodings', 'goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `First visit per route, Chromium, until the network is idle:\n\n${fmt(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(fmt).join('\n')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
