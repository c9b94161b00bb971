import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers only the platform may set. A browser that sends them is lying, so they are
 * removed before anything is forwarded; forwarding headers are set afresh by the proxy.
 */
const FORBIDDEN_HEADER = /^(x-user|x-auth|x-internal|x-session|x-role|x-creator|x-forwarded-|x-real-ip|forwarded$)/i;

export const isUntrustedHeader = (name: string) => FORBIDDEN_HEADER.test(name);

export function stripUntrustedHeaders(req: { headers: IncomingHttpHeaders }) {
  for (const name of Object.keys(req.headers)) {
    if (isUntrustedHeader(name)) delete req.headers[name];
  }
}
