import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Release } from '@innerecho/kit';

/** Kept between runs on one machine (a fresh CI machine makes it once per run). */
const CHECKOUTS = join('node_modules', '.cache', 'innerecho-releases');
const READY_MARK = '.innerecho-release-ready';

export interface ReleaseCheckout {
  root: string;
  /** How long extracting and installing took; 0 when a checkout made earlier was reused. */
  seconds: number;
}

/**
 * The code of a recorded release, runnable on its own: its files as git has them at the
 * release's commit (`git archive`, which leaves no worktree registered behind a killed run),
 * with its own dependencies (`npm ci` against its own lockfile). Made once per commit.
 */
export async function prepareReleaseCheckout(
  repositoryRoot: string,
  release: Release,
  log: (line: string) => void,
): Promise<ReleaseCheckout> {
  const root = join(repositoryRoot, CHECKOUTS, release.commit);
  if (existsSync(join(root, READY_MARK))) return { root, seconds: 0 };
  const started = Date.now();
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  log(`extracting release ${release.name} (${release.commit.slice(0, 7)}) into ${root}`);
  const archive = execFileSync('git', ['-C', repositoryRoot, 'archive', '--format=tar', release.commit], { maxBuffer: 1024 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  log(`npm ci for release ${release.name}`);
  await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], root);
  writeFileSync(join(root, READY_MARK), `${release.name} ${release.commit}\n`);
  return { root, seconds: (Date.now() - started) / 1000 };
}

function run(command: string, args: string[], cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${Buffer.concat(output).toString().slice(-3000)}`)),
    );
  });
}
