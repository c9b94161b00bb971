import { getInstance, registerRemotes } from '@module-federation/enhanced/runtime';

declare global {
  interface Window {
    /** Remotes served from another origin, by alias: set by the gateway's /runtime-config.js. */
    __INNERECHO_REMOTES__?: Record<string, string>;
  }
}

let applied = false;

/**
 * Points remotes at the addresses the gateway was configured with, so a team can ship its
 * remote from its own origin (a CDN, a bucket) without the shell being rebuilt. Remotes the
 * configuration does not name stay where the build put them: /remotes/<name>/ here.
 */
export function applyConfiguredRemoteLocations() {
  if (applied) return;
  applied = true;
  const configured = window.__INNERECHO_REMOTES__ ?? {};
  const built = getInstance()?.options.remotes ?? [];
  const moved = built
    .filter((remote) => remote.alias && typeof configured[remote.alias] === 'string')
    .map((remote) => ({ ...remote, entry: configured[remote.alias!] }));
  if (moved.length) registerRemotes(moved, { force: true });
}
