import type { Request } from 'express';
import { ZodError } from 'zod';
import { AppError } from '../errors';

/** The server-rendered pages post forms; API callers post JSON. Each gets its own kind of answer. */
export const isFormPost = (req: Request) => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * The refusal a form shows above its fields (bad input, a conflict); null for anything
 * else, which the error middleware answers (a 500 for the unexpected).
 */
export function formError(error: unknown): AppError | null {
  if (error instanceof AppError) return error.status < 500 ? error : null;
  if (error instanceof ZodError) return new AppError(400, 'VALIDATION_FAILED', error.issues[0]?.message ?? 'Invalid input');
  return null;
}

/** A posted field to show again in the re-rendered form. */
export const formText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');
