import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Releases are recorded in the repository itself (tags may not travel with the code):
 * `infra/releases/releases.json` names, for each release, the commit it was cut at and the
 * version of every part (the gateway and each service), with each service's migrations.
 * A part's version changes only in a release where its code changed.
 */
export const RELEASES_FILE = 'infra/releases/releases.json';

export interface PartRelease {
  version: string;
  /** A service's migrations (their tags) as this release ships them; the gateway has none. */
  migrations?: string[];
}

/** A change that breaks a contract of the previous release, decided on, with what callers do about it. */
export interface DeclaredBreakingChange {
  /** The part whose contract breaks (its major version goes up). */
  part: string;
  /** The finding exactly as the compatibility check prints it. */
  change: string;
  /** How callers and consumers move over (a new endpoint or `.v2` subject to use, until when the old one lives). */
  migration: string;
}

export interface Release {
  name: string;
  /** The full commit the release's code is at. */
  commit: string;
  cutAt: string;
  parts: Record<string, PartRelease>;
  breakingChanges: DeclaredBreakingChange[];
}

export interface ReleaseRecord {
  releases: Release[];
}

/** Where a part's code is read from: the working tree, or one commit of the repository. */
export interface SourceTree {
  read(path: string): string | null;
  /** The entries (files and folders) directly in `folder`. */
  list(folder: string): string[];
}

export function workingTree(root: string): SourceTree {
  return {
    read: (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null),
    list: (folder) => (existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : []),
  };
}

export function treeAtCommit(root: string, commit: string): SourceTree {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return {
    read: (path) => {
      try {
        return git('show', `${commit}:${path}`);
      } catch {
        return null;
      }
    },
    list: (folder) =>
      git('ls-tree', '--name-only', commit, `${folder.replace(/\/$/, '')}/`)
        .split('\n')
        .filter(Boolean)
        .map((path) => path.slice(folder.replace(/\/$/, '').length + 1)),
  };
}

/** The repository holding `from` (the folder with the releases file), or null in an image or a copy without it. */
export function repositoryRoot(from = __dirname): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, RELEASES_FILE))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

export function readReleases(tree: SourceTree): ReleaseRecord {
  const text = tree.read(RELEASES_FILE);
  return text ? (JSON.parse(text) as ReleaseRecord) : { releases: [] };
}

export const lastRelease = (record: ReleaseRecord): Release | undefined => record.releases[record.releases.length - 1];

export interface ReleasePart {
  /** `gateway`, or the service's name (its folder under services/). */
  name: string;
  folder: string;
}

/** The parts that are deployed on their own: the gateway and every service with an entry point (`src/main.ts`). */
export function releaseParts(tree: SourceTree): ReleasePart[] {
  const services = tree
    .list('services')
    .filter((name) => tree.read(`services/${name}/src/main.ts`) !== null)
    .sort()
    .map((name) => ({ name, folder: `services/${name}` }));
  return [{ name: 'gateway', folder: 'gateway' }, ...services];
}

/**
 * The paths whose files make a part's running code: its folder, the workspaces it depends on
 * (the kit, the contracts, and what they depend on), the lockfile (its dependencies'
 * versions) and, for the gateway, the frontends it serves. Tests and documentation are
 * left out: changing them changes nothing that runs.
 */
export function partSources(tree: SourceTree, part: ReleasePart): { paths: string[]; excluded: string[] } {
  const folderOf = workspaceFolders(tree);
  const paths = new Set([part.folder, 'package-lock.json']);
  if (part.name === 'gateway') paths.add('frontends');
  const pending = [part.folder];
  while (pending.length) {
    const manifest = JSON.parse(tree.read(`${pending.pop()}/package.json`) ?? '{}') as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const folder = folderOf.get(name);
      if (folder && !paths.has(folder)) {
        paths.add(folder);
        pending.push(folder);
      }
    }
  }
  return { paths: [...paths].sort(), excluded: ['**/test/**', '**/*.md'] };
}

/** Git pathspecs of a part's sources. */
export function partPathspecs(tree: SourceTree, part: ReleasePart): string[] {
  const { paths, excluded } = partSources(tree, part);
  return [...paths, ...excluded.map((glob) => `:(exclude,glob)${glob}`)];
}

/** Each workspace package's folder, by package name (from the root manifest's workspace globs). */
function workspaceFolders(tree: SourceTree): Map<string, string> {
  const root = JSON.parse(tree.read('package.json') ?? '{}') as { workspaces?: string[] };
  const folders = (root.workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith('/*') ? tree.list(pattern.slice(0, -2)).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern],
  );
  const byName = new Map<string, string>();
  for (const folder of folders) {
    const manifest = tree.read(`${folder}/package.json`);
    if (manifest) byName.set((JSON.parse(manifest) as { name: string }).name, folder);
  }
  return byName;
}

/** A service's migration tags in a tree (the gateway has none). */
export function migrationTags(tree: SourceTree, part: ReleasePart): string[] | undefined {
  if (part.name === 'gateway') return undefined;
  return tree
    .list(`${part.folder}/src/data-access/migrations`)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.replace(/\.sql$/, ''))
    .sort();
}
