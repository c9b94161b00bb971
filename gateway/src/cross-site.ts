import type { IncomingMessage } from 'node:http';
import type { RouteRow } from './route-table';

/**
 * No request from another site changes anything. Session cookies are SameSite=Lax, but a
 * page on another port of the same host or on a sibling subdomain is the same *site*, so its
 * form posts carry them: only the origin tells. Browsers name it in `Origin` on every request
 * that is not a GET or HEAD (fetch, XHR and form posts alike) and in `Sec-Fetch-Site`; a
 * request carrying neither comes from a program (curl, a payment provider's webhook), which
 * holds no browser's cookies, and may write only with a body no page could send without a
 * CORS preflight (which the gateway never grants): JSON, audio, or no body at all.
 */

interface Refusal {
  status: number;
  code: string;
  error: string;
}

/** Only reads: every other method (POST, PUT, PATCH, DELETE, OPTIONS, …) must come from this site. */
const READS = new Set(['GET', 'HEAD']);

/** What `Sec-Fetch-Site` says of a request this site's own pages made (`none`: the person typed or chose it). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** The sign-in forms, whose refusal keeps the words their services use for login CSRF. */
const SIGN_IN_FORMS = new Set(['/api/login', '/api/signup', '/api/creator-auth/login']);

/** Body types an HTML form or a plain `fetch` from any page may send without a preflight. */
const SIMPLE_BODY_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** The media type of the body (`application/json`), lower case without parameters; '' when none is named. */
function bodyType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
}

const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** `https://innerecho.example` for a PUBLIC_URL; null when none is configured. */
export function originOf(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return null;
  }
}

/**
 * Whether `origin` is this site: PUBLIC_URL's origin when one is configured (scheme, host and
 * port must all match), else the host the request was sent to.
 */
function isOwnOrigin(origin: string, publicOrigin: string | null, req: IncomingMessage): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // 'null' (a sandboxed page, a redirect across sites) or garbage
  }
}

/** The refusal for a write from another site to `path` (the route's pattern when it is one), or null when the request may go on. */
export function refuseCrossSiteWrite(req: IncomingMessage, path: string, publicOrigin: string | null): Refusal | null {
  if (READS.has(req.method ?? 'GET')) return null;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  const fromAnotherSite =
    (origin !== undefined && !isOwnOrigin(origin, publicOrigin, req)) ||
    (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite.toLowerCase())) ||
    (origin === undefined && fetchSite === undefined && hasBody(req) && SIMPLE_BODY_TYPES.has(bodyType(req)));
  if (!fromAnotherSite) return null;
  return {
    status: 403,
    code: 'CROSS_SITE',
    error: SIGN_IN_FORMS.has(path) ? 'Cross-site sign-in is not allowed' : 'Cross-site requests are not allowed',
  };
}

/**
 * API writes are JSON. Two kinds of route take something else: the HTML form routes of the
 * pages services render (sign-in, account, demo checkout; each also checks its origin with
 * `assertSameOrigin`) take a urlencoded form, and the signed file addresses take the file's
 * own bytes. A write without a body passes.
 */
export function refuseBodyType(req: IncomingMessage, route: RouteRow): Refusal | null {
  if (READS.has(req.method ?? 'GET') || !hasBody(req)) return null;
  const bodies = route.bodies ?? 'json';
  if (bodies === 'file') return null;
  const type = bodyType(req);
  if (type === 'application/json' || (bodies === 'json-or-form' && type === 'application/x-www-form-urlencoded')) return null;
  return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Please send the request as JSON (Content-Type: application/json)' };
}
