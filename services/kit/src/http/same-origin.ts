import type { Request } from 'express';
import { forbidden } from '../errors';

/**
 * Refuses a state-changing form post sent from another site (the browser's Origin header
 * names a different host than the one the request came to). Requests without an Origin
 * header (same-site navigations in older browsers, server-to-server calls) pass.
 */
export function assertSameOrigin(req: Request, message = 'Cross-site requests are not allowed') {
  const origin = req.header('origin');
  if (!origin) return;
  const host = req.header('x-forwarded-host') ?? req.header('host');
  try {
    if (new URL(origin).host === host) return;
  } catch {
    /* a malformed Origin is refused below */
  }
  throw forbidden(message, 'CROSS_SITE');
}
