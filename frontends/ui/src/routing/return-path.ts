/**
 * Keeping the listener's path through the detours a first visit takes (recording a voice,
 * signing in, choosing a plan), so they come back to the affirmation or page they chose.
 */

/**
 * A path on this site to come back to, or null: it must start with one '/', so '//evil.example'
 * or 'https://…' can never be a way off the site.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  return raw;
}

const AFTER_CHECKOUT_KEY = 'innerecho.afterCheckout';

/**
 * Remembered before the listener goes to the plans: checkout leaves the app (Stripe, or the
 * demo checkout) and comes back to /success, which reads it. Kept in this tab only.
 */
export function keepPathForAfterCheckout(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) sessionStorage.setItem(AFTER_CHECKOUT_KEY, safe);
  } catch {
    // Storage refused (private mode): the listener lands on the default next step instead.
  }
}

/**
 * The path kept for after checkout, if any, left in place: /success reads it each time it is
 * drawn (a reload included) and forgets it once the listener moves on (`forgetPathAfterCheckout`).
 */
export function peekPathAfterCheckout(): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(AFTER_CHECKOUT_KEY));
  } catch {
    return null;
  }
}

/** Forgets the kept path, so a later checkout does not reuse it. */
export function forgetPathAfterCheckout(): void {
  try {
    sessionStorage.removeItem(AFTER_CHECKOUT_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}
