import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FRONTENDS = resolve(__dirname, '..', '..', '..', 'frontends');
const STAMP = join(FRONTENDS, '.build-stamp');
const APPS = ['shell', 'public', 'subscriber', 'creator', 'admin'];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * `npm start` builds the frontends in production mode, but only when a source changed
 * since the last build (a full build takes most of a minute on two cores).
 */
export function buildFrontendsIfStale(log: (message: string) => void = console.log) {
  const built = existsSync(STAMP) && APPS.every((app) => existsSync(join(FRONTENDS, app, 'dist')));
  if (built && statSync(STAMP).mtimeMs >= newestMtime(FRONTENDS)) {
    log('Frontends are up to date.');
    return;
  }
  log('Building the frontends (production mode)…');
  execFileSync('npm', ['run', 'build'], { cwd: resolve(FRONTENDS, '..'), stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}
