import { toast } from '../toast/toast-store';

/** What a zod schema's safeParse answers, as far as the forms read it. */
type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * Checks a form with the request's own contract schema, so the form refuses what the server
 * would refuse, with the same words. Answers the parsed input, or null after a toast naming
 * the first problem ("Missing information" when that field is empty).
 */
export function validInput<T>(schema: { safeParse(input: unknown): SafeParse<T> }, input: Record<string, unknown>): T | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const value = issue?.path.length ? input[String(issue.path[0])] : undefined;
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const title = missing ? 'Missing information' : 'Please check the form';
  const message = issue?.message ?? 'Please check the form';
  toast({ title, description: message === title ? undefined : message, variant: 'destructive' });
  return null;
}
