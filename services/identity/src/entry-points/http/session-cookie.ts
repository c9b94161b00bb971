import type { CookieOptions, Response } from 'express';
import { browserCookieOptions, USER_SESSION_COOKIE } from '@innerecho/kit';
import type { IdentityConfig } from '../../config';

/**
 * Set at every successful sign-in or sign-up and kept for 400 days (the longest browsers
 * keep a cookie): the sign-in page shows the sign-in form first to a browser that has
 * signed in before, and the sign-up form to everyone else. It says nothing about who.
 */
export const RETURNING_COOKIE = 'ie_returning';
const RETURNING_MAX_AGE_MS = 400 * 86_400_000;

export const cookieOptions = (config: IdentityConfig, maxAgeMs?: number): CookieOptions => browserCookieOptions(config, { maxAgeMs });

export function setSessionCookie(res: Response, config: IdentityConfig, token: string) {
  res.cookie(USER_SESSION_COOKIE, token, cookieOptions(config, config.SESSION_TTL_SECONDS * 1000));
  res.cookie(RETURNING_COOKIE, '1', cookieOptions(config, RETURNING_MAX_AGE_MS));
}

function clearSessionCookie(res: Response, config: IdentityConfig) {
  res.clearCookie(USER_SESSION_COOKIE, cookieOptions(config));
}

const CLEAR_SITE_DATA = '"cache", "storage"';

/**
 * What a browser kept for the person whose session ends here (sign-out, sign-out everywhere,
 * the account deleted): the cookie goes, and `Clear-Site-Data` tells the browser to drop its
 * HTTP cache and this site's storage (Cache Storage with the offline audio, the service
 * worker, localStorage with the stored owner and session ids, IndexedDB) before it shows the
 * next page, so nothing of theirs shows or plays afterwards, online or offline. Cookies are
 * not in the list: the returning-browser cookie says nothing about who and stays.
 */
export function endSessionOnThisBrowser(res: Response, config: IdentityConfig) {
  clearSessionCookie(res, config);
  res.setHeader('Clear-Site-Data', CLEAR_SITE_DATA);
}
