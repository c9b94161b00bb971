'use strict';
/**
 * Builds the shell and the four remotes in production mode into frontends/<app>/dist.
 * One webpack MultiCompiler in one process: the apps compile side by side and share
 * the module resolution cache, which keeps the whole build well under a minute on 2 cores.
 *
 * Usage: node src/build-all.js [app ...]   (default: all apps)
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const { FRONTENDS_DIR } = require('./shared-singletons');

const APPS = ['shell', 'public', 'subscriber', 'creator', 'admin'];

function main() {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((app) => !APPS.includes(app));
  if (unknown.length) {
    console.error(`Unknown app(s): ${unknown.join(', ')}. Known: ${APPS.join(', ')}`);
    process.exit(2);
  }
  const apps = requested.length ? requested : APPS;
  const configs = apps.map((app) => require(path.join(FRONTENDS_DIR, app, 'webpack.config.js')));
  const started = Date.now();

  webpack(configs, (err, multiStats) => {
    if (err) {
      console.error(err.stack || err);
      process.exit(1);
    }
    let failed = false;
    for (const stats of multiStats.stats) {
      const info = stats.toJson({ all: false, errors: true, warnings: true, timings: true });
      const app = stats.compilation.name;
      for (const warning of info.warnings || []) console.warn(`[${app}] warning: ${warning.message}`);
      for (const error of info.errors || []) console.error(`[${app}] error: ${error.message}`);
      if (stats.hasErrors()) failed = true;
      const outDir = path.relative(process.cwd(), stats.compilation.outputOptions.path);
      console.log(`${stats.hasErrors() ? 'FAILED' : 'built '} ${app.padEnd(12)} ${String(info.time).padStart(6)} ms -> ${outDir}`);
    }
    if (!failed) {
      const compressedAt = Date.now();
      let files = 0;
      for (const stats of multiStats.stats) files += precompress(stats.compilation.outputOptions.path);
      console.log(`precompressed ${files} files (.br, .gz) in ${((Date.now() - compressedAt) / 1000).toFixed(1)} s`);
    }
    console.log(`frontends ${failed ? 'failed' : 'built'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    process.exit(failed ? 1 : 0);
  });
}

/** Text the gateway sends compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, best) next to every text
 * file of a dist folder, once at build time: the gateway sends them as they are, so no
 * request pays for compressing. Files smaller than 1 KB are left alone (the headers cost more).
 */
function precompress(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

main();
