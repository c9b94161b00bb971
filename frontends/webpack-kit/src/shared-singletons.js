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
 * The shell provides every shared module and a remote none (see `provided`). `version` is what
 * the shell provides (read from the installed package), and `requiredVersion` is the range the
 * app asks for (read from its own package.json, falling back to the design system's, which lists
 * every shared library).
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
  // The design system's tabs, apart from the rest: Radix's tabs and roving focus are about 7 KB
  // compressed that only the library, the creator dashboard and the admin area use. A shared
  // module's code is fetched alongside the remote page that needs it, so the page draws its tabs
  // at once, as before.
  '@innerecho/ui/tabs': '@innerecho/ui',
};

/**
 * Shared modules no code of the shell imports. A build provides a shared module only when its
 * code imports it, or when the module is named by its file: the shell names these by their files.
 */
const PROVIDED_BY_FILE = new Set(['@innerecho/ui/tabs']);

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
 * What a build provides for a shared request. The shell provides every shared module; a remote
 * brings no copy of its own (`import: false`), so it always runs the shell's, and the tabs use
 * the same Radix chunks as the design system's dialogs instead of a second copy.
 */
function provided(request, appDir, isHost) {
  if (!isHost) return { import: false };
  return PROVIDED_BY_FILE.has(request) ? { import: require.resolve(request, { paths: [appDir] }) } : {};
}

/**
 * @param {string} appDir absolute path of the app whose build is being configured
 * @param {boolean} isHost the shell, which provides every shared module
 * @returns {Record<string, {singleton: true, eager: false, import?: false | string, version: string, requiredVersion: string}>}
 */
function sharedSingletons(appDir, isHost) {
  const appDeps = readJson(path.join(appDir, 'package.json')).dependencies || {};
  const uiDeps = readJson(path.join(FRONTENDS_DIR, 'ui', 'package.json')).dependencies || {};
  const shared = {};
  for (const [request, pkg] of Object.entries(SHARED_REQUESTS)) {
    const version = installedVersion(pkg, appDir);
    shared[request] = {
      singleton: true,
      eager: false,
      ...provided(request, appDir, isHost),
      version,
      // A shared library an app does not name itself: accept what is installed.
      requiredVersion: appDeps[pkg] || uiDeps[pkg] || `^${version}`,
    };
  }
  return shared;
}

module.exports = { sharedSingletons, SHARED_REQUESTS, FRONTENDS_DIR };
