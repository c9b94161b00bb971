import type { NextFunction, Request, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { RouteRow } from './route-table';

export const SIGN_IN_LIMITED = 'Too many sign-in attempts. Please wait a few minutes and try again.';

type Budget = NonNullable<RouteRow['signIn']>;

/**
 * Password guesses, limited twice. Per client address and budget: every listener route that
 * takes a password (signing in, changing the password, deleting the account, whatever the
 * method) draws on one budget, so an address cannot try more passwords by spreading them
 * over routes. And per signed-in account: a guess made with a session (a password change,
 * an account deletion) also counts against that account, so guesses spread over many
 * addresses with one stolen session stop at the same limit. Each guess costs an argon2
 * hash, so the limit also bounds the work a client can cause.
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

  const perAccount = async (req: Request, res: Response, next: NextFunction, account: string, budget: Budget) => {
    // The store was set up by the limiter above (its window), so it counts this key the same way.
    const { totalHits, resetTime } = await store.increment(`account:${account}:${budget}`);
    if (totalHits <= options.limit) return next();
    const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(options.windowMs / 1000);
    res.setHeader('retry-after', String(seconds));
    options.refuse(req, res);
  };

  return (req: Request, res: Response, next: NextFunction, attempt: { budget: Budget; account: string | null }) => {
    (req as Request & { signInBudget?: Budget }).signInBudget = attempt.budget;
    perAddress(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!attempt.account) return next();
      perAccount(req, res, next, attempt.account, attempt.budget).catch(next);
    });
  };
}
