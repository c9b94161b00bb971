'use strict';
/**
 * The one place that says which modules the shell and the remotes share.
 *
 * Every entry is a singleton: two copies of React break hooks, two QueryClients split the cache, two emotion runtimes split the theme,
 * and two copies of @innerecho/ui would give each remote its own toast queue. Nothing
 * is eager: eager sharing pulls every library into the host's first bundle. The router is
 * not listed: it comes with @innerecho/ui (one router, and only the parts the apps use; a
 * shared module is never trimmed to what is used, and react-router whole is ~50 KB compressed).
 *
 * `version` is what this build provides (read from the installed package), and
 * `requiredVersion` is the range the app asks for (read from its own package.json,
 * falling back to the design system's, which lists every shared library).
 */
const path = require('node:path');
const fs = require('node:fs');

const FRONTENDS_DIR = path.resolve(__dirname, '..', '..');

/** Package whose version applies to a shared request (subpaths use their package). */
const SHARED_REQUESTS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  '@tanstack/react-query': '@tanstack/react-query',
  '@emotion/react': '@emotion/react',
  // The JSX runtime emotion's jsxImportSource compiles to. Sharing needs an explicit version.
  '@emotion/react/jsx-runtime': '@emotion/react',
  '@emotion/styled': '@emotion/styled',
  '@innerecho/ui': '@innerecho/ui',
};

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Version of the package installed where `fromDir` would resolve it. */
function installedVersion(pkg, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return readJson(candidate).version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Shared package ${pkg} is not installed (looked from ${fromDir})`);
    dir = parent;
  }
}

/**
 * @param {string} appDir absolute path of the app whose build is being configured
 * @returns {Record<string, {singleton: true, eager: false, version: string, requiredVersion: string}>}
 */
function sharedSingletons(appDir) {
  const appDeps = readJson(path.join(appDir, 'package.json')).dependencies || {};
  const uiDeps = readJson(path.join(FRONTENDS_DIR, 'ui', 'package.json')).dependencies || {};
  const shared = {};
  for (const [request, pkg] of Object.entries(SHARED_REQUESTS)) {
    const version = installedVersion(pkg, appDir);
    shared[request] = {
      singleton: true,
      eager: false,
      version,
      // A shared library an app does not name itself: accept what is installed.
      requiredVersion: appDeps[pkg] || uiDeps[pkg] || `^${version}`,
    };
  }
  return shared;
}

module.exports = { sharedSingletons, SHARED_REQUESTS, FRONTENDS_DIR };
