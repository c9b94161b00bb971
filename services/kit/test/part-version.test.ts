import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { partVersionIn, RELEASES_FILE } from '../src';

/**
 * The version a part reports: the last release's while its code is as released, then that
 * version with the commit its code is at, in a repository laid out as this one.
 */
let root: string;
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const manifest = (name: string, dependencies: Record<string, string> = {}) => JSON.stringify({ name, dependencies });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'innerecho-versions-'));
  git('init', '-q');
  git('config', 'user.email', 'release@example.com');
  git('config', 'user.name', 'Release');
  write('package.json', JSON.stringify({ workspaces: ['services/*', 'gateway'] }));
  write('package-lock.json', '{}');
  write('services/kit/package.json', manifest('@innerecho/kit'));
  write('services/kit/src/index.ts', 'export {};\n');
  write('services/identity/package.json', manifest('@innerecho/identity', { '@innerecho/kit': '0.1.0' }));
  write('services/identity/src/main.ts', 'export {};\n');
  write('services/voice/package.json', manifest('@innerecho/voice'));
  write('services/voice/src/main.ts', 'export {};\n');
  write('gateway/package.json', manifest('@innerecho/gateway'));
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  const commit = git('rev-parse', 'HEAD');
  const parts = { gateway: { version: '1.0.0' }, identity: { version: '1.2.0' }, voice: { version: '1.0.0' } };
  write(RELEASES_FILE, JSON.stringify({ releases: [{ name: 'r1', commit, cutAt: '', parts, breakingChanges: [] }] }));
  git('add', '.');
  git('commit', '-q', '-m', 'release r1');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('a part whose code is as released reports the release version; a change to it, or to a workspace it uses, adds the commit', async () => {
  expect(await partVersionIn(root, 'identity')).toBe('1.2.0');
  write('services/identity/test/identity.test.ts', 'test.todo("x");\n');
  write('services/identity/README.md', 'Notes.\n');
  git('add', '.');
  git('commit', '-q', '-m', 'a test and notes');
  expect(await partVersionIn(root, 'identity')).toBe('1.2.0'); // tests and documentation change nothing that runs

  write('services/kit/src/index.ts', 'export const changed = true;\n');
  git('add', '.');
  git('commit', '-q', '-m', 'kit changed');
  const head = git('rev-parse', '--short=7', 'HEAD');
  expect(await partVersionIn(root, 'identity')).toBe(`1.2.0+${head}`);
  expect(await partVersionIn(root, 'voice')).toBe('1.0.0'); // voice does not use the kit here
  expect(await partVersionIn(root, 'notifications')).toBe(`unreleased+${head}`);
});
