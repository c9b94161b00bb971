import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { partVersionIn, RELEASES_FILE, type DeclaredBreakingChange, type Release } from '@innerecho/kit';
import { planRelease } from '../src/release-plan';

/**
 * Releases in a repository laid out as this one (workspaces, a kit the identity service uses,
 * a gateway): what a cut records, and the version each part then reports.
 */
jest.setTimeout(60_000);

let root: string;
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const commit = (message: string) => {
  git('add', '.');
  git('commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD');
};
const manifest = (name: string, dependencies: Record<string, string> = {}) => JSON.stringify({ name, dependencies });
/** Cuts a release at `at` and records it, as `npm run release:cut` does. */
const cut = (at: string, declared: DeclaredBreakingChange[] = []) => {
  const plan = planRelease({ root, commit: at, declared });
  const record = JSON.parse(readFileSync(join(root, RELEASES_FILE), 'utf8')) as { releases: Release[] };
  write(RELEASES_FILE, JSON.stringify({ releases: [...record.releases, plan.release] }));
  commit(`release ${plan.release.name}`);
  return plan;
};

let first: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'innerecho-releases-'));
  git('init', '-q');
  git('config', 'user.email', 'release@example.com');
  git('config', 'user.name', 'Release');
  write('package.json', JSON.stringify({ workspaces: ['services/*', 'gateway'] }));
  write('package-lock.json', '{}');
  write(RELEASES_FILE, JSON.stringify({ releases: [] }));
  write('services/kit/package.json', manifest('@innerecho/kit'));
  write('services/kit/src/index.ts', 'export {};\n');
  write('services/identity/package.json', manifest('@innerecho/identity', { '@innerecho/kit': '0.1.0' }));
  write('services/identity/src/main.ts', 'export {};\n');
  write('services/identity/src/data-access/migrations/0000_init.sql', 'CREATE TABLE "identity"."users" ("id" uuid);\n');
  write('services/voice/package.json', manifest('@innerecho/voice'));
  write('services/voice/src/main.ts', 'export {};\n');
  write('gateway/package.json', manifest('@innerecho/gateway'));
  first = commit('first');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('the first release records every part at 1.0.0 with its migrations, and each part then reports that version', async () => {
  const { release } = cut(first);
  expect(release).toMatchObject({
    commit: first,
    parts: {
      gateway: { version: '1.0.0' },
      identity: { version: '1.0.0', migrations: ['0000_init'] },
      voice: { version: '1.0.0', migrations: [] },
    },
  });
  expect(release.parts.kit).toBeUndefined(); // a workspace without an entry point is no part
  expect(await partVersionIn(root, 'identity')).toBe('1.0.0');
  expect(() => planRelease({ root, commit: first, declared: [] })).toThrow(/already release/);
});

test('after a change to a workspace a part uses, the part reports the commit; tests and notes change nothing; the next cut moves only what changed', async () => {
  write('services/identity/test/identity.test.ts', 'test.todo("x");\n');
  write('services/identity/README.md', 'Notes.\n');
  commit('a test and notes');
  expect(await partVersionIn(root, 'identity')).toBe('1.0.0');

  write('services/kit/src/index.ts', 'export const changed = true;\n');
  write('services/voice/src/main.ts', 'export const louder = true;\n');
  write('services/voice/src/data-access/migrations/0001_louder.sql', 'ALTER TABLE "voice"."x" ADD COLUMN "y" text;\n');
  write('services/notifications/package.json', manifest('@innerecho/notifications'));
  write('services/notifications/src/main.ts', 'export {};\n');
  const second = commit('kit, voice and a new service');
  const head = second.slice(0, 7);
  expect(await partVersionIn(root, 'identity')).toBe(`1.0.0+${head}`);
  expect(await partVersionIn(root, 'gateway')).toBe('1.0.0');
  expect(await partVersionIn(root, 'notifications')).toBe(`unreleased+${head}`);

  const breaking = { part: 'voice', change: 'POST /api/voice: removed', migration: 'Use POST /api/voices.' };
  const { release, changes } = cut(second, [breaking]);
  expect(changes.map(({ part, state }) => `${part} ${state}`)).toEqual([
    'gateway unchanged',
    'identity changed',
    'notifications new',
    'voice changed',
  ]);
  expect(release.parts).toEqual({
    gateway: { version: '1.0.0' },
    identity: { version: '1.1.0', migrations: ['0000_init'] },
    notifications: { version: '1.0.0', migrations: [] },
    voice: { version: '2.0.0', migrations: ['0001_louder'] },
  });
  expect(release.breakingChanges).toEqual([breaking]);
  expect(await partVersionIn(root, 'voice')).toBe('2.0.0');
});

test('a release is cut only on a commit that descends from the last one', () => {
  git('checkout', '-q', '-b', 'elsewhere', first);
  write('services/voice/src/main.ts', 'export const other = true;\n');
  const aside = commit('a branch from before the last release');
  git('checkout', '-q', '-');
  expect(() => planRelease({ root, commit: aside, declared: [] })).toThrow(/does not descend from the last release/);
});
