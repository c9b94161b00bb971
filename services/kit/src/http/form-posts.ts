import type { Request, Response } from 'express';
import { ZodError, type z } from 'zod';
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

/**
 * The body of a route that takes a form or JSON, as its declared schema judged it: the typed
 * value, or why it was refused (the schema's first message, and every issue). A refused form
 * is answered with its page again, so the handler chooses the answer. `posted` is the body as
 * it came, for a page that shows the fields again as they were typed (through `formText`).
 */
export type FormBody<T> =
  | { ok: true; value: T; posted: Readonly<Record<string, unknown>> }
  | { ok: false; message: string; issues: z.core.$ZodIssue[]; posted: Readonly<Record<string, unknown>> };

/** Judges a form or JSON body by its schema (defaults and transforms applied), without throwing. */
export function judgeFormBody<S extends z.ZodType>(schema: S, body: unknown): FormBody<z.output<S>> {
  const posted = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const checked = schema.safeParse(body ?? {});
  if (checked.success) return { ok: true, value: checked.data, posted };
  const { issues } = checked.error;
  return { ok: false, message: issues[0]?.message ?? 'Invalid input', issues, posted };
}

/** A form body's value; a refused one is thrown as the 400 every refused input is (its first message). */
export function formValue<T>(body: FormBody<T>): T {
  if (body.ok) return body.value;
  throw new AppError(400, 'VALIDATION_FAILED', body.message);
}

/** A posted field to show again in the re-rendered form. */
export const formText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');

/**
 * A caller that asks for JSON: it sent JSON, or its `Accept` prefers JSON to HTML (a browser
 * navigating prefers HTML; `*\/*` alone asks for nothing in particular, and gets a page).
 */
export const wantsJsonAnswer = (req: Request) => Boolean(req.is('application/json')) || req.accepts(['html', 'json']) === 'json';

/** What a refusal says: `error` for people, `code` stable for programs. */
export interface Refusal {
  error: string;
  code: string;
  details?: unknown;
}

/**
 * A browser navigating (or posting a form) rather than a program calling: it prefers HTML to
 * JSON (`*\/*` alone counts as a program, as a fetch sends it) and did not send JSON.
 */
export const navigatesHere = (req: Request) => !wantsJsonAnswer(req) && (isFormPost(req) || req.accepts(['json', 'html']) === 'html');

/**
 * Sends a refusal as `{ error, code }` JSON. The content type is set here whatever an earlier
 * step set (a file being served had set its own before the refusal), and headers that
 * described that other body are dropped.
 */
export function sendRefusal(res: Response, status: number, refusal: Refusal): void {
  for (const header of ['content-disposition', 'content-encoding', 'content-length', 'etag', 'last-modified']) res.removeHeader(header);
  res.status(status).setHeader('content-type', 'application/json; charset=utf-8');
  res.send(JSON.stringify(refusal));
}
