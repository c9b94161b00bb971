/**
 * The one error type of every service: a stable code for programs, a message for people
 * and the HTTP status. The error middleware turns anything else into a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: unknown) => new AppError(400, code, message, details);
export const unauthorized = (message = 'Please sign in to continue', code = 'UNAUTHENTICATED') => new AppError(401, code, message);
export const forbidden = (message = 'You do not have access to this', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED') => new AppError(429, code, message);
export const unavailable = (message: string, code = 'UNAVAILABLE') => new AppError(503, code, message);

/** The SQLSTATE of a PostgreSQL error (node-postgres or PGlite), looked up through drizzle's wrapper. */
export function postgresErrorCode(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: any = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause;
  }
  return null;
}

/** PostgreSQL's unique_violation, as raised by both node-postgres and PGlite. */
export const isUniqueViolation = (error: unknown): boolean => postgresErrorCode(error) === '23505';
