// Narrows the repository's manifests to one part before `npm install --omit=dev`, so its
// image gets only that part's production dependencies: npm otherwise installs those of
// every workspace (another service's speech engine, the frontends' React). The lockfile
// still fixes every version. Dependencies named after the folder are left out too (an
// optional speed-up an image goes without to stay small). The folders of the workspaces the
// part needs (itself included) are written one a line to $WORKSPACES_FILE, for the image to
// copy their compiled code.
// Usage: node production-manifests.mjs <workspace folder> [dependency to leave out...]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const read = (folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
const write = (folder, manifest) => writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const root = read('.');
// The lockfile names each workspace's folder (the root lists some as `<folder>/*`).
const folderOf = new Map();
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path && !path.includes('node_modules/') && entry.name) folderOf.set(entry.name, path);
}

const [part, ...omitted] = process.argv.slice(2);
if (!part || !folderOf.has(read(part).name)) throw new Error(`not a workspace folder: ${part}`);
const keep = new Set();
const visit = (folder) => {
  if (keep.has(folder)) return;
  keep.add(folder);
  const manifest = read(folder);
  for (const name of omitted) delete manifest.dependencies?.[name];
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (folderOf.has(name)) visit(folderOf.get(name));
  }
  delete manifest.devDependencies;
  delete manifest.scripts;
  write(folder, manifest);
};
visit(part);

root.workspaces = [...keep];
delete root.devDependencies;
delete root.scripts;
write('.', root);
if (process.env.WORKSPACES_FILE) writeFileSync(process.env.WORKSPACES_FILE, `${[...keep].join('\n')}\n`);
console.log(`production dependencies of ${[...keep].join(', ')}${omitted.length ? `, without ${omitted.join(', ')}` : ''}`);
