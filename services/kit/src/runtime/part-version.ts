import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { lastRelease, partPathspecs, readReleases, repositoryRoot, workingTree } from './releases';

const run = promisify(execFile);
const known = new Map<string, Promise<string>>();

/**
 * The version a part reports in `/health`, as the release record has it: the version of the
 * last release when the part's code has not changed since that release's commit, else that
 * version followed by `+<commit>` (code after it, not released yet), `unreleased+<commit>` for
 * a part no release has shipped. A process of one part given `INNERECHO_VERSION` (an image,
 * which holds no repository) reports that instead (`versionSetting`). Worked out once per
 * part, on first ask.
 */
export function partVersion(part: string): Promise<string> {
  let version = known.get(part);
  if (!version) {
    const root = repositoryRoot();
    version = root ? partVersionIn(root, part).catch(() => 'unknown') : Promise.resolve('unknown');
    known.set(part, version);
  }
  return version;
}

/** The version of `part` in the checkout at `root`, as `partVersion` reports it. */
export async function partVersionIn(root: string, part: string): Promise<string> {
  const tree = workingTree(root);
  const release = lastRelease(readReleases(tree));
  const recorded = release?.parts[part]?.version;
  const folder = part === 'gateway' ? 'gateway' : `services/${part}`;
  const git = (...args: string[]) => run('git', ['-C', root, ...args], { encoding: 'utf8' });
  if (release && recorded) {
    const unchanged = await git('diff', '--quiet', release.commit, '--', ...partPathspecs(tree, { name: part, folder })).then(
      () => true,
      (error: { code?: number }) => (error.code === 1 ? false : Promise.reject(error)),
    );
    if (unchanged) return recorded;
  }
  const head = (await git('rev-parse', '--short=7', 'HEAD')).stdout.trim();
  return `${recorded ?? 'unreleased'}+${head}`;
}

/** `INNERECHO_VERSION`: the version a process running one part was built or launched as, when set. */
export const versionSetting = (env: NodeJS.ProcessEnv = process.env): string | undefined => env.INNERECHO_VERSION || undefined;
