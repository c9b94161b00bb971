import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browser that starts a checkout holds a random token in this httpOnly cookie (one per
 * browser, kept for a day, sent only to billing's routes); the checkout keeps its SHA-256.
 * A checkout's status and plan are told only to that browser or to the account that bought it.
 */
export const CHECKOUT_STARTER_COOKIE = 'ie_checkout_starter';
export const CHECKOUT_STARTER_COOKIE_PATH = '/api/billing';
export const CHECKOUT_STARTER_MAX_AGE_MS = 24 * 3600_000;

const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The browser's token when it sent a well-formed one, else null. */
export const starterTokenFrom = (cookieValue: unknown): string | null =>
  typeof cookieValue === 'string' && TOKEN_FORM.test(cookieValue) ? cookieValue : null;

export const newStarterToken = () => randomBytes(32).toString('base64url');

export const starterTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether `token` is the one whose hash the checkout kept (constant time). */
export function isStarterOf(kept: string | null, token: string | null): boolean {
  if (!kept || !token) return false;
  const given = Buffer.from(starterTokenHash(token), 'hex');
  const expected = Buffer.from(kept, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
