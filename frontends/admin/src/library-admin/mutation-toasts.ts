import { serverErrorMessage, toast } from '@innerecho/ui';

/** A failed admin change, in the server's own words when it gave some. */
export function toastFailure(title: string, error: unknown) {
  toast({ title, description: serverErrorMessage(error) ?? 'Please try again.', variant: 'destructive' });
}
