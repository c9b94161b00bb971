import type { CookieOptions, Response } from 'express';
import { USER_SESSION_COOKIE } from '@innerecho/kit';
import type { IdentityConfig } from '../../config';

export function cookieOptions(config: IdentityConfig, maxAgeMs?: number): CookieOptions {
  const secure = config.COOKIE_SECURE ? config.COOKIE_SECURE === 'true' : config.PUBLIC_URL.startsWith('https:');
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(maxAgeMs ? { maxAge: maxAgeMs } : {}) };
}

export function setSessionCookie(res: Response, config: IdentityConfig, token: string) {
  res.cookie(USER_SESSION_COOKIE, token, cookieOptions(config, config.SESSION_TTL_SECONDS * 1000));
}

export function clearSessionCookie(res: Response, config: IdentityConfig) {
  res.clearCookie(USER_SESSION_COOKIE, cookieOptions(config));
}
