import { existsSync } from 'node:fs';
import { join, extname } from 'node:path';
import express, { type Express } from 'express';
import type { FrontendOrigins } from './frontend-origins';
import { shellPolicyFor } from './security-headers';

export const FRONTEND_APPS = ['shell', 'public', 'subscriber', 'creator', 'admin'] as const;
const REMOTES = FRONTEND_APPS.filter((a) => a !== 'shell');

/** Files whose names do not change between builds must be revalidated every time. */
const UNHASHED = /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|env\.js)$/;

const staticOptions = (shellPolicy?: () => string) => ({
  index: false as const,
  setHeaders(res: express.Response, path: string) {
    res.setHeader('cache-control', UNHASHED.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
    if (shellPolicy && path.endsWith('index.html')) res.setHeader('content-security-policy', shellPolicy());
  },
});

/**
 * The shell at '/', each remote under /remotes/<name>/ (same origin, so no CORS), and the
 * shell's index.html for every other path without a file extension, so deep links to any
 * app route (/affirmations, /creator/:id, …) load the app.
 */
export function serveFrontends(app: Express, frontendsDir: string, origins: FrontendOrigins = { remotes: [], files: [] }) {
  for (const remote of REMOTES) {
    app.use(`/remotes/${remote}`, express.static(join(frontendsDir, remote, 'dist'), staticOptions()));
    app.use(`/remotes/${remote}`, (_req, res) => res.status(404).type('text').send('Not found'));
  }
  const shellDist = join(frontendsDir, 'shell', 'dist');
  const index = join(shellDist, 'index.html');
  const shellPolicy = shellPolicyFor(index, origins);
  app.use(express.static(shellDist, staticOptions(shellPolicy)));
  app.use((req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || extname(req.path)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web app has not been built yet. Run `npm run build`, or start with `npm start`.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('content-security-policy', shellPolicy());
    res.sendFile(index);
  });
}
