import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { RouteRow } from './route-table';

export const SIGN_IN_LIMITED = 'Too many sign-in attempts. Please wait a few minutes and try again.';

type Budget = NonNullable<RouteRow['signIn']>;

/**
 * Password guesses, limited twice. Per client address and budget: every listener route that
 * takes a password (signing in, changing the password or the address, deleting the account,
 * whatever the method) draws on one budget, so an address cannot try more passwords by
 * spreading them over routes. And per account, one budget whatever the route: an account is
 * known by its email address, the one a sign-in names and the one the session of a signed-in
 * guess (a password change, an account deletion) belongs to, so sign-ins and guesses made
 * with a stolen session count together, and guesses spread over many addresses stop at the
 * same limit for the account they target. Each guess costs an argon2 hash, so the limit also bounds the work a client can
 * cause. (Someone can thereby hold one account's sign-in back for a window by guessing at
 * it; the account's owner still signs in once the window ends, and the guesser learns
 * nothing meanwhile.)
 *
 * Both counts live in one store (PostgreSQL when the gateway has DATABASE_URL: every gateway
 * instance counts against the same budget).
 */
export function passwordGuessLimits(options: {
  limit: number;
  windowMs: number;
  store?: Store;
  refuse: (req: Request, res: Response) => void;
}) {
  const store = options.store ?? new MemoryStore();
  const perAddress = rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}:${(req as Request & { signInBudget?: Budget }).signInBudget}`,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    handler: options.refuse,
  });

  /** Counts the attempt against each account it concerns; refuses it when any of them is past the limit. */
  const perAccount = async (req: Request, res: Response, next: NextFunction, accounts: string[], budget: Budget) => {
    const refusedUntil: number[] = [];
    for (const account of accounts) {
      // The store was set up by the limiter above (its window), so it counts this key the same way.
      const { totalHits, resetTime } = await store.increment(`account:${budget}:${account}`);
      if (totalHits > options.limit) refusedUntil.push(resetTime?.getTime() ?? Date.now() + options.windowMs);
    }
    if (refusedUntil.length === 0) return next();
    const seconds = Math.max(1, Math.ceil((Math.max(...refusedUntil) - Date.now()) / 1000));
    res.setHeader('retry-after', String(seconds));
    options.refuse(req, res);
  };

  return (
    req: Request,
    res: Response,
    next: NextFunction,
    attempt: {
      budget: Budget;
      /** The email of the signed-in account making the attempt, if any (lower case). */
      account: string | null;
      /** The account the attempt names (a sign-in's email), read once the address may still try. */
      target?: () => Promise<string | null>;
    },
  ) => {
    (req as Request & { signInBudget?: Budget }).signInBudget = attempt.budget;
    perAddress(req, res, (error?: unknown) => {
      if (error) return next(error);
      void (async () => {
        const target = await attempt.target?.();
        const accounts = [...new Set([attempt.account, target].filter((email): email is string => Boolean(email)))];
        if (accounts.length === 0) return next();
        await perAccount(req, res, next, accounts, attempt.budget);
      })().catch(next);
    });
  };
}

/** Longest email address there is (RFC 5321's path limit); anything longer names no account. */
const MAX_EMAIL_LENGTH = 320;

/**
 * The account a sign-in names: the `email` field of its JSON or form body, trimmed and in
 * lower case (as identity compares them), or null when it names none. Reads the body whole
 * (the caller has bounded its size) and answers the bytes too, to be sent on unchanged.
 */
export async function readSignInTarget(req: Request, maxBytes: number): Promise<{ body: Buffer; email: string | null } | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks, size);
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  let email: unknown = null;
  try {
    if (type === 'application/json') email = (JSON.parse(body.toString('utf8')) as { email?: unknown } | null)?.email;
    else if (type === 'application/x-www-form-urlencoded') email = new URLSearchParams(body.toString('utf8')).get('email');
  } catch {
    // Not JSON after all: the service answers that; it names no account.
  }
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return { body, email: normalised && normalised.length <= MAX_EMAIL_LENGTH ? normalised : null };
}
