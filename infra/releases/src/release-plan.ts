import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  lastRelease,
  migrationTags,
  partPathspecs,
  readReleases,
  releaseParts,
  treeAtCommit,
  workingTree,
  type DeclaredBreakingChange,
  type Release,
  type ReleasePart,
} from '@innerecho/kit';

export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

/** Breaking changes decided on since the last release, each with its migration path; emptied into the next release's record. */
export const BREAKING_CHANGES_FILE = 'infra/releases/breaking-changes.json';

export const git = (root: string, ...args: string[]) =>
  execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full commit `rev` names; a clear refusal when it is not in this clone (a shallow one). */
export function resolveCommit(root: string, rev: string): string {
  try {
    return git(root, 'rev-parse', '--verify', '--quiet', `${rev}^{commit}`);
  } catch {
    throw new Error(`${rev} is not a commit of this clone (a shallow clone lacks the history: git fetch --unshallow)`);
  }
}

/** What breaking-changes.json holds when nothing is declared (as the cut leaves it), explaining itself. */
export const NO_DECLARED_BREAKING_CHANGES = {
  $comment:
    'Breaking changes to the API (OpenAPI) or the events since the last release, each { part, change, migration }: "change" exactly as the compatibility check prints it, "migration" how callers move over. The release cut moves them into its record.',
  declared: [] as DeclaredBreakingChange[],
};

export function readDeclaredBreakingChanges(root: string): DeclaredBreakingChange[] {
  return (JSON.parse(readFileSync(join(root, BREAKING_CHANGES_FILE), 'utf8')) as { declared: DeclaredBreakingChange[] }).declared;
}

/** Whether the files of `part` differ between two commits (or `to` the working tree when it is null). */
export function partChanged(root: string, part: ReleasePart, from: string, to: string | null): boolean {
  const tree = to ? treeAtCommit(root, to) : workingTree(root);
  try {
    execFileSync('git', ['-C', root, 'diff', '--quiet', from, ...(to ? [to] : []), '--', ...partPathspecs(tree, part)], {
      stdio: 'ignore',
    });
    return false;
  } catch (error) {
    if ((error as { status?: number }).status === 1) return true;
    throw error;
  }
}

export interface PartChange {
  part: string;
  before?: string;
  version: string;
  state: 'new' | 'changed' | 'unchanged';
}

export interface ReleasePlan {
  release: Release;
  changes: PartChange[];
}

/** 1.4.2 → 1.5.0 (changed), or 2.0.0 (changed with a declared breaking change). */
export function nextVersion(version: string, breaking: boolean): string {
  const [major, minor] = version.split('.').map(Number);
  return breaking ? `${major + 1}.0.0` : `${major}.${minor + 1}.0`;
}

/**
 * The next release at `commit`: every part found there, at its previous version when its code
 * has not changed since the last release, one minor version up when it has, one major version up
 * when a breaking change of it was declared, 1.0.0 when it is new; each service's migrations as
 * of the commit. Refuses a commit that is not a descendant of the last release's.
 */
export function planRelease(options: {
  root: string;
  commit: string;
  declared: DeclaredBreakingChange[];
  name?: string;
  now?: Date;
}): ReleasePlan {
  const { root, commit } = options;
  const record = readReleases(workingTree(root));
  const previous = lastRelease(record);
  if (previous) {
    if (previous.commit === commit) throw new Error(`${commit} is already release ${previous.name}`);
    try {
      git(root, 'merge-base', '--is-ancestor', previous.commit, commit);
    } catch {
      throw new Error(`${commit} does not descend from the last release's commit ${previous.commit} (${previous.name})`);
    }
  }
  const tree = treeAtCommit(root, commit);
  const changes: PartChange[] = [];
  const parts: Release['parts'] = {};
  for (const part of releaseParts(tree)) {
    const before = previous?.parts[part.name]?.version;
    const state = !previous || !before ? 'new' : partChanged(root, part, previous.commit, commit) ? 'changed' : 'unchanged';
    const breaking = options.declared.some((declared) => declared.part === part.name);
    const version = state === 'new' ? '1.0.0' : state === 'changed' ? nextVersion(before!, breaking) : before!;
    changes.push({ part: part.name, before, version, state });
    const migrations = migrationTags(tree, part);
    parts[part.name] = migrations ? { version, migrations } : { version };
  }
  const now = options.now ?? new Date();
  return {
    release: {
      name:
        options.name ??
        releaseName(
          now,
          record.releases.map((r) => r.name),
        ),
      commit,
      cutAt: now.toISOString(),
      parts,
      breakingChanges: options.declared,
    },
    changes,
  };
}

/** `2026.11.28`, or `2026.11.28.2` for the day's second release. */
function releaseName(now: Date, taken: string[]): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '.');
  if (!taken.includes(day)) return day;
  for (let n = 2; ; n++) if (!taken.includes(`${day}.${n}`)) return `${day}.${n}`;
}
