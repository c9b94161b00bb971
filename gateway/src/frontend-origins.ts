import type { Express } from 'express';
import type { GatewayConfig } from './config';

export const REMOTE_NAMES = ['public', 'subscriber', 'creator', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * Where the browser loads each remote from. By default every remote comes from this
 * gateway (`/remotes/<name>/`, same origin: no CORS, nothing to configure). A team that
 * ships its remote on its own (a CDN or a bucket) sets `REMOTE_URL_<NAME>` to the folder
 * holding its build, and the shell loads it from there without being rebuilt. That
 * origin must answer with CORS headers allowing the app's origin (see the README).
 */
export function remoteEntries(config: GatewayConfig): Partial<Record<RemoteName, string>> {
  const configured: Record<RemoteName, string | undefined> = {
    public: config.REMOTE_URL_PUBLIC,
    subscriber: config.REMOTE_URL_SUBSCRIBER,
    creator: config.REMOTE_URL_CREATOR,
    admin: config.REMOTE_URL_ADMIN,
  };
  const entries: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const url = configured[name];
    if (url) entries[name] = url.endsWith('.js') ? url : `${url.replace(/\/?$/, '/')}${REMOTE_ENTRY_FILE}`;
  }
  return entries;
}

/** Origins the app's pages may load from besides their own, for the Content-Security-Policy. */
export interface FrontendOrigins {
  /** Remotes served elsewhere: their scripts, styles, fonts, images and manifests. */
  remotes: string[];
  /** Where presigned file URLs point (S3 or a CDN in front of it): uploads, audio, images. */
  files: string[];
}

export function frontendOrigins(config: GatewayConfig): FrontendOrigins {
  const remotes = [...new Set(Object.values(remoteEntries(config)).map((url) => new URL(url).origin))];
  return { remotes, files: config.FILES_ORIGIN ? [new URL(config.FILES_ORIGIN).origin] : [] };
}

/**
 * `/runtime-config.js`, read by the shell before it starts (a script from this origin, so
 * the CSP needs no inline script): the remotes served from elsewhere. Revalidated on
 * every load, so moving a remote takes effect on the next page load.
 */
export function serveRuntimeConfig(app: Express, config: GatewayConfig) {
  const body = `window.__INNERECHO_REMOTES__ = ${JSON.stringify(remoteEntries(config))};\n`;
  app.get('/runtime-config.js', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('application/javascript').send(body);
  });
}
