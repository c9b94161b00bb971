import type { CookieOptions } from 'express';

/**
 * How every cookie the services set for a browser is sent: httpOnly (no script reads it),
 * SameSite=Lax, and Secure when the site is served over https (or as `COOKIE_SECURE` says).
 */
export function browserCookieOptions(
  config: { PUBLIC_URL: string; COOKIE_SECURE?: 'true' | 'false' },
  options: { maxAgeMs?: number; path?: string } = {},
): CookieOptions {
  const secure = config.COOKIE_SECURE ? config.COOKIE_SECURE === 'true' : config.PUBLIC_URL.startsWith('https:');
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: options.path ?? '/',
    ...(options.maxAgeMs ? { maxAge: options.maxAgeMs } : {}),
  };
}
