// Compiles workspaces' TypeScript ahead, in place (src/x.ts becomes src/x.js), so an image
// runs plain `node` with no TypeScript loader. In place, every `__dirname`-relative path
// (migrations, worker scripts) still points where it did. Each package.json's main and
// exports are pointed at the .js files. Usage: node compile-workspaces.mjs <dir>...
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

const TYPESCRIPT = /\.(ts|tsx)$/;

function compileFolder(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      compileFolder(path);
    } else if (TYPESCRIPT.test(entry) && !entry.endsWith('.d.ts')) {
      const { code } = transformSync(readFileSync(path, 'utf8'), {
        loader: entry.endsWith('.tsx') ? 'tsx' : 'ts',
        jsx: 'automatic',
        format: 'cjs',
        platform: 'node',
        target: 'node20',
        sourcefile: path,
      });
      writeFileSync(path.replace(TYPESCRIPT, '.js'), code);
      rmSync(path);
    }
  }
}

const toJs = (value) =>
  typeof value === 'string'
    ? value.replace(TYPESCRIPT, '.js')
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJs(v)]))
      : value;

for (const workspace of process.argv.slice(2)) {
  compileFolder(join(workspace, 'src'));
  const manifestPath = join(workspace, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.main) manifest.main = toJs(manifest.main);
  if (manifest.exports) manifest.exports = toJs(manifest.exports);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}
