import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINT_LIST } from '@innerecho/contracts';

/**
 * Two of the shell's scripts are plain JavaScript that cannot import the endpoint
 * declarations: the service worker (which answers the session read and the Saved tab's reads
 * from its copies offline, and clears them on sign-out) and the inline start of index.html
 * (which asks who is signed in before the app's scripts arrive). Their paths are held to the
 * declarations here, so renaming or removing a route fails a test instead of silently turning
 * the offline copies or the early session read off.
 */
const SRC = join(__dirname, '..', 'src');
const serviceWorker = readFileSync(join(SRC, 'pwa', 'sw.js'), 'utf8');
const indexHtml = readFileSync(join(SRC, 'index.html'), 'utf8');

/** The value of `const NAME = …;` in the service worker, evaluated (string, array of strings or of regexes). */
function workerConstant(name: string): unknown {
  const found = new RegExp(`^const ${name} = (.+);$`, 'm').exec(serviceWorker);
  if (!found) throw new Error(`sw.js no longer declares ${name}`);
  return new Function(`return ${found[1]};`)();
}

const declared = (method: string, path: string) => ENDPOINT_LIST.some((e) => e.method === method && e.path === path);
/** A concrete path for a declared pattern: each `:param` filled with a plausible value. */
const samplePath = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'a1b2c3');

test('the service worker reads the declared session route', () => {
  const sessionRead = workerConstant('SESSION_READ');
  expect(typeof sessionRead).toBe('string');
  expect(declared('GET', sessionRead as string)).toBe(true);
});

test('every page the service worker treats as a sign-out is a declared route', () => {
  const signOutPaths = workerConstant('SIGN_OUT_PATHS') as string[];
  expect(signOutPaths.length).toBeGreaterThan(0);
  for (const path of signOutPaths) expect({ path, declared: ENDPOINT_LIST.some((e) => e.path === path) }).toEqual({ path, declared: true });
});

test("the service worker keeps copies of exactly the Saved tab's two declared reads, and no other route", () => {
  const personalReads = workerConstant('PERSONAL_READS') as RegExp[];
  const kept = ENDPOINT_LIST.filter((e) => e.method === 'GET' && personalReads.some((read) => read.test(samplePath(e.path))));
  expect(kept.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
    'GET /api/saved-affirmations/:sessionId',
    'GET /api/saved-affirmations/:sessionId/streak',
  ]);
});

test("index.html's early session read asks the declared session route", () => {
  const fetched = [...indexHtml.matchAll(/fetch\('([^']+)'/g)].map((m) => m[1]);
  expect(fetched).toEqual(['/api/auth/session']);
  expect(declared('GET', fetched[0])).toBe(true);
});
