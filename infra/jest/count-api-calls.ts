/**
 * Counts the API calls the tests write, by how they name the endpoint: by its declared id
 * through the typed client (`client.api.call('GET /api/transcripts', …)`, `client.api.send(…)`,
 * and the frontends' `callApi(…)`, `apiQuery(…)` and `createPageApi(base)(…)`),
 * or by a path written by hand (`client.get('/api/…')`, `fetch(`${url}/api/…`)`). A call by
 * hand is any call with an argument, string or template, that holds `/api/`; the few tests that
 * send on purpose what the typed client cannot (a malformed path, bad JSON, a raw body) count as
 * by hand, as they are. Calls by id that send a body the declaration refuses, on purpose
 * (`invalidBody`, `invalidQuery`), are counted by id and shown apart.
 *
 *   npx tsx infra/jest/count-api-calls.ts [--by-file] [folder …]     (every test folder when none is named)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..');

/** Test code: every `test` folder, the end-to-end suite, and the harnesses the tests start systems with. */
const isTestCode = (path: string) =>
  /\/test\//.test(path) ||
  path.startsWith('infra/e2e/') ||
  path.startsWith('infra/embedded/src/') ||
  path === 'infra/distributed/src/testing.ts';

function* typescriptFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* typescriptFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

interface Counts {
  typed: number;
  offContract: number;
  byHand: number;
}

const literalText = (node: ts.Node): string | undefined => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join('');
  return undefined;
};

/** The typed client's methods, called on `….api`. */
const TYPED = new Set(['call', 'send', 'queryOptions', 'mutationFn']);

/**
 * Calls that name an API path without calling it: assertions and string tests on paths, a
 * browser's navigation and request interception (and the journeys' helpers that open a page in
 * the browser or name the page they check), look-ups in the OpenAPI document, and query keys.
 */
const NOT_A_CALL = new Set([
  ...['toBe', 'toEqual', 'toContain', 'toMatch', 'toHaveProperty', 'toStrictEqual', 'stringContaining'],
  ...['startsWith', 'endsWith', 'includes', 'replace', 'test', 'match', 'describe', 'it'],
  ...['goto', 'waitForURL', 'route', 'unroute', 'waitForResponse', 'waitForRequest'],
  ...['inBothThemes', 'checkPages', 'expectNoAxeViolations'],
  ...['jsonBody', 'jsonAnswer', 'apiQueryKey'],
]);

const calleeName = (callee: ts.Expression) =>
  ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;

/** The frontends' typed client: `callApi(id, …)`, `apiQuery(id, …)`, and the call a page's `createPageApi(base)` makes. */
const FRONTEND_TYPED = new Set(['callApi', 'apiQuery']);
const PAGE_API_FACTORIES = new Set(['createPageApi']);

/** Names bound in the file to a page's typed call (`const call = createPageApi(base)`). */
function pageApiNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isPageApi(node.initializer))
      names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}
const isPageApi = (node: ts.Expression) =>
  ts.isCallExpression(node) && ts.isIdentifier(node.expression) && PAGE_API_FACTORIES.has(node.expression.text);

/**
 * A route of an Express app or router built in place (`express().get('/api/…', store.handlers().GET)`):
 * the chain under the call starts at `express()` or `Router()`.
 */
function isRouteOfAppBuiltInPlace(callee: ts.Expression): boolean {
  let node: ts.Expression = callee;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ['express', 'Router'].includes(node.expression.text)) return true;
    node = node.expression;
  }
  return false;
}

function countFile(source: ts.SourceFile): Counts {
  const counts: Counts = { typed: 0, offContract: 0, byHand: 0 };
  const pageApis = pageApiNames(source);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const first = node.arguments[0] && literalText(node.arguments[0]);
      const throughTestClient =
        ts.isPropertyAccessExpression(callee) &&
        TYPED.has(callee.name.text) &&
        ts.isPropertyAccessExpression(callee.expression) &&
        callee.expression.name.text === 'api';
      const throughFrontendClient =
        (ts.isIdentifier(callee) && (FRONTEND_TYPED.has(callee.text) || pageApis.has(callee.text))) || isPageApi(callee);
      const typed = (throughTestClient || throughFrontendClient) && first !== undefined && /^(GET|POST|PUT|PATCH|DELETE) \//.test(first);
      if (typed) {
        counts.typed++;
        if (node.arguments.slice(1).some((arg) => /invalidBody|invalidQuery/.test(arg.getText(source)))) counts.offContract++;
      } else if (
        node.arguments.some((arg) => literalText(arg)?.includes('/api/')) &&
        !NOT_A_CALL.has(calleeName(callee) ?? '') &&
        // A route defined on a stand-in server (`app.get('/api/…', handler)`) is not a call.
        !node.arguments.some((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) &&
        !isRouteOfAppBuiltInPlace(callee)
      )
        counts.byHand++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

const byFile = process.argv.includes('--by-file');
const folders = process.argv.slice(2).filter((arg) => arg !== '--by-file');
const byFolder = new Map<string, Counts>();
const total: Counts = { typed: 0, offContract: 0, byHand: 0 };
for (const path of typescriptFiles(root)) {
  const rel = relative(root, path);
  if (!isTestCode(rel)) continue;
  if (folders.length && !folders.some((folder) => rel.startsWith(folder.replace(/\/$/, '') + '/'))) continue;
  const counts = countFile(ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true));
  if (!counts.typed && !counts.byHand) continue;
  const folder = byFile ? rel : rel.slice(0, rel.search(/\/(test|src)\//) + 1 || undefined).replace(/\/$/, '') || rel;
  const sum = byFolder.get(folder) ?? { typed: 0, offContract: 0, byHand: 0 };
  for (const key of ['typed', 'offContract', 'byHand'] as const) {
    sum[key] += counts[key];
    total[key] += counts[key];
  }
  byFolder.set(folder, sum);
}

const share = (c: Counts) => (c.typed + c.byHand ? `${((100 * c.typed) / (c.typed + c.byHand)).toFixed(1)}%` : '–');
const row = (name: string, c: Counts) =>
  `${name.padEnd(byFile ? 70 : 40)} ${String(c.typed).padStart(6)} ${String(c.offContract).padStart(13)} ${String(c.byHand).padStart(8)} ${share(c).padStart(7)}`;
console.log(
  `${'test code'.padEnd(byFile ? 70 : 40)} ${'by id'.padStart(6)} ${'(off-contract)'.padStart(13)} ${'by hand'.padStart(8)} ${'by id'.padStart(7)}`,
);
for (const [folder, counts] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) console.log(row(folder, counts));
console.log(row('all', total));
