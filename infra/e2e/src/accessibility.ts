import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (every rule it runs by default, best practices included) on the page as it is
 * now, and fails with a readable list when anything is found. Finite animations (a dialog
 * fading in) are let finish first, so colours are measured as a person sees them.
 */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the devtools protocol rather than added as a <script>: the app's CSP
  // (rightly) refuses inline scripts, and the test must not loosen it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  if (violations.length === 0) return;
  const report = violations
    .map((v) => `  ${v.impact ?? 'minor'} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    at ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  throw new Error(`axe found ${violations.length} accessibility violation(s) on ${where}:\n${report}`);
}

/**
 * Collects what the page logs as errors (failed requests included: Chromium logs
 * "Failed to load resource" for every non-2xx answer) from now on.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url || page.url()})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
