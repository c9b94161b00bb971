import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { forbidden, unauthorized, unavailable } from '../errors';
import type { SessionClaims, SessionRole, TokenVerifier } from './session-token';

/**
 * Reads the session token from its cookie (or a Bearer header, for service-to-service
 * calls) and sets req.user only when the signature verifies. Identity is never taken
 * from anything else the caller sends.
 */
export function authenticate(verifier: TokenVerifier, cookieName: string): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const bearer = req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
      const token = bearer ?? req.cookies?.[cookieName];
      const inspection = await verifier.inspect(token);
      if (inspection.status === 'valid') {
        req.user = inspection.claims;
        req.sessionToken = token;
      } else if (inspection.status === 'unverifiable' && token) {
        // Identity's keys or revocation list cannot be reached (it is restarting, say): the
        // session may well be valid, so this is "try again" (503), not "signed out" (401).
        throw unavailable('Could not verify your session. Please try again.', 'SESSION_KEYS_UNREACHABLE');
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The caller as the session check found them: an Express request, or a personal read's request. */
export interface Caller {
  user?: SessionClaims;
  sessionToken?: string;
  requestId: string;
}

export function requireUser(req: Pick<Caller, 'user'>): SessionClaims {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireRole(req: Pick<Caller, 'user'>, ...roles: SessionRole[]): SessionClaims {
  const user = requireUser(req);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
