import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { USER_SESSION_COOKIE, type TokenInspection, type TokenVerifier } from '@innerecho/kit';

/** The value of one cookie as the browser sent it (still percent-encoded), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function removeCookie(header: string | undefined, name: string): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name}=`));
  return kept.length ? kept.join('; ') : undefined;
}

/** A cookie's value as the browser sent it, percent-decoded; null when it is not valid percent-encoding (not a token). */
export const decodeCookieValue = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

const CLEAR_SESSION = `${USER_SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`;
/**
 * An ended session (expired, revoked by "sign out everywhere" or a password change elsewhere,
 * the account deleted) also tells the browser to drop what it kept for that person: its
 * HTTP cache and this site's storage (offline audio, the service worker, stored owner and
 * session ids), before the answer is shown.
 */
const CLEAR_SITE_DATA = '"cache", "storage"';
const PENDING = Symbol('cookies the gateway sets on a proxied answer');

/**
 * The session cookie, checked before anything is forwarded. A valid one goes on. One that
 * is malformed, tampered, expired or revoked is an invalid session: it is removed from the
 * request (the service sees an anonymous visitor) and cleared in the browser with everything
 * the browser kept for it (`Clear-Site-Data`). One that
 * cannot be checked right now (identity's keys or revocation list unreachable: it is
 * restarting) is passed on untouched and kept in the browser: the service, unable to check
 * it either, answers 503 "try again", never 401 "signed out", and the listener stays signed in.
 * Returns what it found (`none` without a session cookie; the claims of a valid one).
 */
export async function checkSessionCookie(
  req: Request,
  res: Response,
  sessions: TokenVerifier,
): Promise<TokenInspection | { status: 'none' }> {
  const raw = readCookie(req.headers.cookie, USER_SESSION_COOKIE);
  if (raw === undefined) return { status: 'none' };
  const token = decodeCookieValue(raw);
  const inspection: TokenInspection = token === null ? { status: 'invalid' } : await sessions.inspect(token);
  const { status } = inspection;
  if (status === 'valid' || status === 'unverifiable') return inspection;
  const rest = removeCookie(req.headers.cookie, USER_SESSION_COOKIE);
  if (rest) req.headers.cookie = rest;
  else delete req.headers.cookie;
  if (status === 'invalid') {
    ((res as any)[PENDING] ??= []).push(CLEAR_SESSION);
    res.append('set-cookie', CLEAR_SESSION);
    res.setHeader('clear-site-data', CLEAR_SITE_DATA);
  }
  return inspection;
}

/**
 * A proxied answer replaces the headers set so far with the service's; the gateway's own
 * cookie clearing (and its `Clear-Site-Data`) is kept alongside whatever cookies the service sets.
 */
export function keepGatewayCookies(proxyRes: IncomingMessage, res: Response) {
  const pending: string[] | undefined = (res as any)[PENDING];
  if (!pending?.length) return;
  const upstream = proxyRes.headers['set-cookie'] ?? [];
  const names = new Set(upstream.map((line) => line.split('=')[0].trim()));
  proxyRes.headers['set-cookie'] = [...upstream, ...pending.filter((line) => !names.has(line.split('=')[0]))];
  proxyRes.headers['clear-site-data'] = CLEAR_SITE_DATA;
}
