import { existsSync } from 'node:fs';
import { join, extname, normalize, sep } from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import { acceptedEncoding } from '@innerecho/kit';
import type { FrontendOrigins } from './frontend-origins';
import { shellPolicyFor } from './security-headers';

export const FRONTEND_APPS = ['shell', 'public', 'subscriber', 'creator', 'admin'] as const;
const REMOTES = FRONTEND_APPS.filter((a) => a !== 'shell');

/**
 * Files whose names do not change between builds must be revalidated every time: among them
 * the service worker (a browser checks it for updates by this very name) and the installable
 * app's manifest and icons.
 */
const UNHASHED =
  /(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|env\.js|[\\/]sw\.js|manifest\.webmanifest|icon[\w-]*\.(png|svg))$/;

const cacheControlOf = (path: string) => (UNHASHED.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');

const staticOptions = (shellPolicy?: () => string) => ({
  index: false as const,
  setHeaders(res: express.Response, path: string) {
    res.setHeader('cache-control', cacheControlOf(path));
    res.setHeader('vary', 'Accept-Encoding');
    if (shellPolicy && path.endsWith('index.html')) res.setHeader('content-security-policy', shellPolicy());
  },
});

/** Which precompressed files exist (the build writes them once; new builds bring new names). */
const precompressed = new Map<string, boolean>();
const hasFile = (path: string) => {
  let known = precompressed.get(path);
  if (known === undefined) {
    known = existsSync(path);
    // Only found files are remembered: a build running next to the gateway may add the rest.
    if (known) precompressed.set(path, known);
  }
  return known;
};

/**
 * Sends `file` as the build compressed it (`file.br`, `file.gz`, made by the frontends'
 * build) when the client takes that encoding, with the original's type; true when it did.
 * A range request gets the plain file (ranges of a compressed body are another thing).
 */
function sendPrecompressed(req: Request, res: Response, file: string, headers: Record<string, string>): boolean {
  if (req.headers.range) return false;
  const encoding = acceptedEncoding(req);
  if (!encoding) return false;
  const compressed = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  if (!hasFile(compressed)) return false;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('content-encoding', encoding);
  res.type(extname(file));
  res.sendFile(compressed, { acceptRanges: false, cacheControl: false, dotfiles: 'deny' });
  return true;
}

/** The precompressed form of a dist folder's files, in front of express.static (which sends the plain ones). */
function precompressedFiles(dist: string, shellPolicy?: () => string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist + sep) || !extname(file) || !hasFile(file)) return next();
    const headers: Record<string, string> = { 'cache-control': cacheControlOf(file) };
    if (shellPolicy && file.endsWith('index.html')) headers['content-security-policy'] = shellPolicy();
    if (!sendPrecompressed(req, res, file, headers)) next();
  };
}

/**
 * The shell at '/', each remote under /remotes/<name>/ (same origin, so no CORS), and the
 * shell's index.html for every other path without a file extension, so deep links to any
 * app route (/affirmations, /creator/:id, …) load the app.
 */
/** Addresses people type by hand for pages a service renders: each goes on to its page. */
const TYPED_ADDRESSES: Record<string, string> = {
  '/forgot-password': '/api/auth/forgot-password',
};

export function serveFrontends(app: Express, frontendsDir: string, origins: FrontendOrigins = { remotes: [], files: [] }) {
  for (const [typed, page] of Object.entries(TYPED_ADDRESSES)) app.get(typed, (_req, res) => res.redirect(302, page));
  for (const remote of REMOTES) {
    app.use(`/remotes/${remote}`, precompressedFiles(join(frontendsDir, remote, 'dist')));
    app.use(`/remotes/${remote}`, express.static(join(frontendsDir, remote, 'dist'), staticOptions()));
    app.use(`/remotes/${remote}`, (_req, res) => res.status(404).type('text').send('Not found'));
  }
  const shellDist = join(frontendsDir, 'shell', 'dist');
  const index = join(shellDist, 'index.html');
  const shellPolicy = shellPolicyFor(index, origins);
  app.use(precompressedFiles(shellDist, shellPolicy));
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
    const headers = { 'cache-control': 'no-cache', 'content-security-policy': shellPolicy() };
    if (sendPrecompressed(req, res, index, headers)) return;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('vary', 'Accept-Encoding');
    res.sendFile(index);
  });
}
