import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { forbidden, unauthorized } from '../errors';
import type { SessionRole, TokenVerifier } from './session-token';

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
      const claims = await verifier.verify(token);
      if (claims) {
        req.user = claims;
        req.sessionToken = token;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function requireUser(req: Request): NonNullable<Request['user']> {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requireRole(req: Request, ...roles: SessionRole[]): NonNullable<Request['user']> {
  const user = requireUser(req);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
