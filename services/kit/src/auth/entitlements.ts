import type { Request } from 'express';
import { AppError, unavailable } from '../errors';
import { requireUser } from './authenticate';
import { REQUEST_ID_HEADER } from '../http/request-context';

export const SUBSCRIPTION_REQUIRED_MESSAGE = 'An active subscription is required. Choose a plan to start your free trial.';

/**
 * Cloning a voice and generating audio need an active (or trialing) subscription. Identity
 * owns that fact (from billing's events); this asks it for the signed-in user, on every
 * call, so access starts the moment a checkout completes and ends when it ends.
 */
export class Entitlements {
  constructor(private readonly identityUrl: string) {}

  async require(req: Request): Promise<void> {
    requireUser(req);
    let res: Response;
    try {
      res = await fetch(`${this.identityUrl}/api/auth/user`, {
        headers: { authorization: `Bearer ${req.sessionToken}`, [REQUEST_ID_HEADER]: req.requestId },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw unavailable('Could not check your subscription. Please try again.');
    }
    if (res.status === 401) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue');
    if (!res.ok) throw unavailable('Could not check your subscription. Please try again.');
    const user = (await res.json()) as { subscriptionStatus?: string };
    if (user.subscriptionStatus !== 'active') throw new AppError(402, 'SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_MESSAGE);
  }
}
