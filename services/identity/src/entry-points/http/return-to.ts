import type { Request } from 'express';
import { ACCOUNT_PAGE_PATH } from './account-page';

export const DEFAULT_AFTER_SIGN_IN = '/affirmations';

/**
 * Only a path on this site, never another origin ('//evil', '/\\evil') or an API call
 * (the account page is the one page identity serves under /api that a sign-in returns to).
 */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ((value.startsWith('/api/') && value !== ACCOUNT_PAGE_PATH) || /[\r\n]/.test(value)) return null;
  return value;
}

/**
 * Where to go after signing in: an explicit ?returnTo, else the page the user came from on
 * this site (except the landing and checkout pages), else the library.
 */
export function resolveReturnTo(req: Request, asked: string | undefined): string {
  const explicit = safePath(asked);
  if (explicit) return explicit;
  const referer = req.header('referer');
  if (referer) {
    try {
      const url = new URL(referer);
      const host = req.header('x-forwarded-host') ?? req.header('host');
      const path = safePath(url.pathname + url.search);
      if (url.host === host && path && !['/', '/success'].includes(url.pathname)) return path;
    } catch {
      /* not a URL: ignore */
    }
  }
  return DEFAULT_AFTER_SIGN_IN;
}
