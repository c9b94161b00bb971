import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { SessionClaims } from '../auth/session-token';

export const REQUEST_ID_HEADER = 'x-request-id';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
      /** Set only from a verified session token, never from a header. */
      user?: SessionClaims;
      /** The raw verified token, forwarded when this service calls another on the user's behalf. */
      sessionToken?: string;
      /** The JSON body's exact bytes, for signature checks (payment webhooks). */
      rawBody?: Buffer;
    }
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The gateway creates the request id; every service echoes it and passes it on. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction) {
  const incoming = req.header(REQUEST_ID_HEADER);
  req.requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.requestId);
  next();
}
