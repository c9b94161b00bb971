import type { NextFunction, Request, Response } from 'express';
import { hasControlCharacters } from '@innerecho/contracts';
import { AppError } from '../errors';

const refused = (message: string) => new AppError(400, 'VALIDATION_FAILED', message);

/** Percent-decodes a path; null when it is not valid UTF-8 percent-encoding. */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/** The first string (key or value) in a parsed body or query that holds a control character. */
function findControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value, { multiline: true });
  if (!value || typeof value !== 'object' || depth > 20) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacters(key, { multiline: true }) || findControlCharacters(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * Runs before any route: no path, query or body carrying a control character (NUL above
 * all, which PostgreSQL cannot store) reaches a use case, and a path that is not valid
 * percent-encoding is refused instead of failing deep inside the router. Line breaks and
 * tabs pass here (paragraph fields take them); each schema's text rule decides per field.
 */
export function refuseControlCharacters(req: Request, _res: Response, next: NextFunction) {
  const path = decodePath(req.path);
  if (path === null) return next(refused('The address of this request is not valid'));
  if (hasControlCharacters(path)) return next(refused('The address of this request holds characters that are not allowed'));
  if (findControlCharacters(req.query) || findControlCharacters(req.body)) {
    return next(refused('Please remove the special characters (such as control characters) from the text you sent'));
  }
  next();
}

/**
 * A body the service cannot read is refused with 415 instead of reaching a route as
 * `undefined`; a request without a body reads as an empty one. File uploads to signed
 * URLs (`/api/files/…`) carry raw bytes of their own type and are exempt.
 */
export function requireReadableBody(req: Request, _res: Response, next: NextFunction) {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && req.body === undefined && !req.path.startsWith('/api/files/')) {
    return next(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please send the request as JSON (Content-Type: application/json)'));
  }
  req.body ??= {};
  next();
}
