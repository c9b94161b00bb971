import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { RequestHandler } from 'express';
import type { FrontendOrigins } from './frontend-origins';

/** Headers every answer carries (HSTS only where browsers reach the site over HTTPS). */
export function everyAnswerHeaders(options: { publicUrl?: string }): [string, string][] {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  return [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    // The microphone is for recording the voice sample, on this site only.
    ['permissions-policy', 'microphone=(self), camera=(), geolocation=(), payment=()'],
    // A year, subdomains included.
    ...(https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}

/**
 * Defaults of every API answer, which a service may override: no caching (they are
 * personal: the current user, saved affirmations, dashboards; a shared computer's cache must
 * not keep them) and a policy under which nothing in them could ever run if opened as a page.
 */
export const API_ANSWER_HEADERS: [string, string][] = [
  ['cache-control', 'no-store'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
];

/** Sets the headers above before anything else runs. */
export function securityHeaders(options: { publicUrl?: string }): RequestHandler {
  const always = everyAnswerHeaders(options);
  return (req, res, next) => {
    for (const [name, value] of always) res.setHeader(name, value);
    if (req.path.startsWith('/api/') || req.path === '/api') for (const [name, value] of API_ANSWER_HEADERS) res.setHeader(name, value);
    next();
  };
}

/** The hashes of a page's inline scripts, in CSP's `'sha256-…'` form. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The web app's policy. Scripts: this site's files, plus the shell's inline theme script by
 * its hash, nothing else inline (no 'unsafe-inline'). Styles stay inline-capable: emotion
 * writes them at run time, and a style cannot run code. Images may come from creators'
 * picture addresses (https). Remotes served from their own origins and a file store on
 * another origin (S3) are named by configuration and allowed where they are used.
 */
export function shellContentSecurityPolicy(
  scriptHashes: string[],
  { remotes, files }: FrontendOrigins = { remotes: [], files: [] },
): string {
  const sources = (directive: string, ...origins: string[][]) => [directive, ...origins.flat()].join(' ');
  return [
    "default-src 'self'",
    sources(`script-src 'self'`, scriptHashes, remotes),
    sources("style-src 'self' 'unsafe-inline'", remotes),
    sources("img-src 'self' data: blob: https:", remotes, files),
    sources("media-src 'self' blob:", remotes, files),
    sources("font-src 'self' data:", remotes),
    sources("connect-src 'self'", remotes, files),
    // The service worker and the web app manifest come from this site only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The shell's policy, recomputed whenever its index.html is rebuilt. */
export function shellPolicyFor(indexPath: string, origins?: FrontendOrigins): () => string {
  let cached: { mtimeMs: number; policy: string } | null = null;
  return () => {
    const { mtimeMs } = statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, policy: shellContentSecurityPolicy(inlineScriptHashes(readFileSync(indexPath, 'utf8')), origins) };
    return cached.policy;
  };
}
