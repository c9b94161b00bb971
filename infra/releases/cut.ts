import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { readReleases, RELEASES_FILE, workingTree } from '@innerecho/kit';
import {
  BREAKING_CHANGES_FILE,
  git,
  NO_DECLARED_BREAKING_CHANGES,
  planRelease,
  readDeclaredBreakingChanges,
  REPOSITORY_ROOT,
  resolveCommit,
} from './src/release-plan';

/**
 * `npm run release:cut [-- --commit <rev>] [--name <name>] [--dry-run] [--no-commit]`: cuts a
 * release at HEAD (or the given commit) and records it in infra/releases/releases.json: the
 * commit, and each part's version (up when its code changed since the last release), with the
 * breaking changes declared since, which leave breaking-changes.json for the record. Then it
 * commits both files, so the record travels with the code. Images are tagged with the part's
 * version (`npm run release:versions`).
 */
async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const root = REPOSITORY_ROOT;
  const commit = resolveCommit(root, option('--commit') ?? 'HEAD');
  const plan = planRelease({ root, commit, declared: readDeclaredBreakingChanges(root), name: option('--name') });
  const { release } = plan;

  process.stdout.write(`release ${release.name} at ${commit}\n`);
  for (const change of plan.changes) {
    const was = change.before && change.before !== change.version ? `${change.before} -> ` : '';
    process.stdout.write(`  ${change.part.padEnd(18)} ${was}${change.version}  (${change.state})\n`);
  }
  for (const declared of release.breakingChanges) process.stdout.write(`  breaking (${declared.part}): ${declared.change}\n`);
  if (args.includes('--dry-run')) return;

  const record = readReleases(workingTree(root));
  await writeJson(join(root, RELEASES_FILE), { releases: [...record.releases, release] });
  await writeJson(join(root, BREAKING_CHANGES_FILE), NO_DECLARED_BREAKING_CHANGES);
  if (args.includes('--no-commit')) return;
  git(root, 'add', RELEASES_FILE, BREAKING_CHANGES_FILE);
  const versions = plan.changes.map((c) => `${c.part} ${c.version}`).join(', ');
  git(root, 'commit', '-m', `Release ${release.name} at ${commit.slice(0, 7)}: ${versions}`, '--', RELEASES_FILE, BREAKING_CHANGES_FILE);
  process.stdout.write(`recorded and committed (${RELEASES_FILE})\n`);
}

async function writeJson(path: string, value: unknown) {
  const options = { ...(await resolveConfig(path)), filepath: path };
  writeFileSync(path, await format(JSON.stringify(value), options));
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
