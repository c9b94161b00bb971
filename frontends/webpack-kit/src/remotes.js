'use strict';
/**
 * Where the shell finds each remote. The gateway serves every remote from the same
 * origin as the shell, under /remotes/<name>/, so the URLs are relative and work on any
 * host and port. The shell points at remoteEntry.js (not mf-manifest.json): a missing
 * manifest is fetched at start-up and can blank the whole shell, while a missing
 * remoteEntry.js only fails the route that needs it.
 *
 * `public` is a reserved word in strict mode, so that container is named public_app;
 * the shell still calls it `public`.
 */
const REMOTES = {
  public: { container: 'public_app', dir: 'public' },
  subscriber: { container: 'subscriber', dir: 'subscriber' },
  creator: { container: 'creator', dir: 'creator' },
  admin: { container: 'admin', dir: 'admin' },
};

const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** `alias -> container@url` as the ModuleFederationPlugin expects. */
function remoteUrls() {
  const remotes = {};
  for (const [alias, { container }] of Object.entries(REMOTES)) {
    remotes[alias] = `${container}@/remotes/${alias}/${REMOTE_ENTRY_FILE}`;
  }
  return remotes;
}

module.exports = { REMOTES, REMOTE_ENTRY_FILE, remoteUrls };
