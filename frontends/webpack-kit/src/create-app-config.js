'use strict';
/**
 * One webpack configuration for every frontend app, so the shell and the four remotes
 * are built the same way and only differ in what they expose or consume.
 */
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./shared-singletons');
const { REMOTE_ENTRY_FILE } = require('./remotes');

const PWA_FILES = /[\\/]src[\\/]pwa[\\/]/;

/**
 * The runtime plugin through which the shell hands its federation runtime to every remote
 * (what the plugin's `provideExternalRuntime` adds), in its ES module build. The option adds
 * the CommonJS build, which requires the CommonJS copy of the runtime: a second runtime beside
 * the ES module one the shell runs itself (9.5 KB compressed more on every first visit).
 */
const PROVIDE_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * The shell's page: its template with each `<%= name.path %>` replaced by that value of
 * `parameters`. Filled in here rather than by html-webpack-plugin, whose child compilation of
 * the template would also take in (and fail on) the shared modules the shell provides by file.
 */
function hostPage(templateFile, parameters) {
  return fs
    .readFileSync(templateFile, 'utf8')
    .replace(/<%= ([\w.]+) %>/g, (_, name) => name.split('.').reduce((value, key) => value[key], parameters));
}

/**
 * @param {object} options
 * @param {string} options.name container name (a valid JS identifier: `public_app`, not `public`)
 * @param {string} options.appDir absolute folder of the app (its package.json and src/)
 * @param {Record<string, string>} [options.exposes] public module name -> file, for remotes
 * @param {Record<string, string>} [options.remotes] alias -> `container@url`, for the host
 * @param {boolean} [options.isHost] the shell: has an HTML page and is served at `/`
 * @param {Record<string, unknown>} [options.templateParameters] extra values for the host's index.html
 * @param {'production'|'development'} [options.mode]
 */
function createAppConfig({ name, appDir, exposes, remotes, isHost = false, templateParameters = {}, mode = 'production' }) {
  if (!appDir) throw new Error(`createAppConfig(${name}): appDir is required`);
  const production = mode === 'production';
  // contenthash is safe on webpack 5.110.3 (5.111 broke it with the federation plugin).
  const hashed = production ? '.[contenthash:8]' : '';

  return {
    name,
    mode,
    context: appDir,
    // A remote needs no entry of its own: the federation plugin adds the container entry.
    entry: isHost ? { main: './src/index.ts' } : {},
    target: 'web',
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell is served at `/` and must resolve chunks from there on deep links
      // (/creator/42); a remote works out its own URL from where remoteEntry.js came from.
      publicPath: isHost ? '/' : 'auto',
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      // Distinct JSONP globals so containers on one page never load each other's chunks.
      uniqueName: `innerecho_${name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          // Workspace packages resolve to their real path (frontends/ui/src), so they are compiled.
          // The installable app's files (src/pwa: the service worker among them) ship as written.
          exclude: [/node_modules/, PWA_FILES],
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2020',
                transform: {
                  react: {
                    runtime: 'automatic',
                    importSource: '@emotion/react',
                    development: !production,
                  },
                },
              },
            },
          },
        },
        { test: /\.(woff2?|png|svg|jpe?g|webp|mp3)$/i, exclude: PWA_FILES, type: 'asset/resource' },
        // The service worker, the web app manifest and its icons keep their names at the root of
        // dist: the worker's scope is the folder it is served from, and the manifest names the icons.
        { test: PWA_FILES, type: 'asset/resource', generator: { filename: '[name][ext]' } },
        // An icon keeps its name at the root of dist: browsers ask /favicon.ico by name for
        // pages that name no icon (the server-rendered sign-in and demo checkout pages).
        { test: /\.ico$/i, type: 'asset/resource', generator: { filename: '[name][ext]' } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: REMOTE_ENTRY_FILE,
        exposes,
        remotes,
        shared: sharedSingletons(appDir, isHost),
        // Use whatever copy of a shared module is already loaded (the shell's) instead of
        // fetching every remote at start-up to compare versions: with 'version-first' one
        // unreachable remote blanks the whole shell.
        shareStrategy: 'loaded-first',
        // Type generation would start a TypeScript worker on every build; types come from tsc.
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // One federation runtime per page: the shell provides it, and each remote's entry
        // uses the shell's instead of carrying a copy of its own (about 20 KB compressed each).
        runtimePlugins: isHost ? [PROVIDE_RUNTIME_PLUGIN] : [],
        experiments: {
          externalRuntime: !isHost,
          // The runtime is built for browsers only (no Node script loader), without the snapshot
          // and preload plugins that only serve remotes located by mf-manifest.json: the shell
          // finds every remote by its remoteEntry.js.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      isHost &&
        new HtmlWebpackPlugin({
          templateContent: () => hostPage(path.join(appDir, 'src', 'index.html'), templateParameters),
          inject: 'body',
          scriptLoading: 'defer',
          minify: production ? { collapseWhitespace: true, removeComments: true, minifyCSS: true, minifyJS: true } : false,
        }),
    ].filter(Boolean),
    optimization: {
      // Keep the host's runtime in its entry chunk: the federation runtime lives there.
      runtimeChunk: false,
      // SWC minifies about 5x faster than terser here (the whole build: ~50 s -> ~11 s on
      // 2 cores) for nearly the same output size. Licence comments go to .LICENSE.txt files.
      minimizer: [
        new MinimizerPlugin({
          minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: true, mangle: true } },
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    // The manifest plugin logs a warning-level note about publicPath 'auto' that is expected here.
    infrastructureLogging: { level: 'error' },
  };
}

module.exports = { createAppConfig };
