// Narrows the repository's manifests to one part before `npm install --omit=dev`, so its
// image gets only that part's production dependencies: npm otherwise installs those of
// every workspace (another service's speech engine, the frontends' React). The lockfile
// still fixes every version. Usage: node production-manifests.mjs <workspace folder>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The kit reads one module of the design system (colour tokens, for the pages services
 * render); the image copies that module in alone, without the React the package needs.
 */
const COPIED_WITHOUT_DEPENDENCIES = '@innerecho/ui';

const read = (folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
const write = (folder, manifest) => writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const root = read('.');
// The lockfile names each workspace's folder (the root lists some as `<folder>/*`).
const folderOf = new Map();
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path && !path.includes('node_modules/') && entry.name) folderOf.set(entry.name, path);
}

const part = process.argv[2];
const keep = new Set();
const visit = (folder) => {
  if (keep.has(folder)) return;
  keep.add(folder);
  const manifest = read(folder);
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (name !== COPIED_WITHOUT_DEPENDENCIES && folderOf.has(name)) visit(folderOf.get(name));
  }
  delete manifest.devDependencies;
  delete manifest.scripts;
  if (manifest.dependencies) delete manifest.dependencies[COPIED_WITHOUT_DEPENDENCIES];
  write(folder, manifest);
};
visit(part);

root.workspaces = [...keep];
delete root.devDependencies;
delete root.scripts;
write('.', root);
console.log(`production dependencies of ${[...keep].join(', ')}`);
