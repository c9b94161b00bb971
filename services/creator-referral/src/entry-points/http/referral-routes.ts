import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { ServiceContext } from '@innerecho/kit';
import { recordReferralClick, validateReferralCode } from '../../domain/referral-links';

const VISITOR_COOKIE = 'innerecho_visitor';
const VISITOR_MAX_AGE_MS = 365 * 86_400_000;

/** A random, cookie-kept visitor key: repeat clicks from the same browser count once a day. */
function visitorKey(req: Request, res: Response, secure: boolean): string {
  const existing = req.cookies?.[VISITOR_COOKIE];
  if (typeof existing === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(existing)) return existing;
  const key = randomBytes(18).toString('base64url');
  res.cookie(VISITOR_COOKIE, key, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: VISITOR_MAX_AGE_MS });
  return key;
}

/** Referral links: GET /api/referrals/validate/:code (is it an active creator's?) and POST /api/referrals/click (count a visit). */
export function referralRoutes(context: ServiceContext<any>): Router {
  const router = Router();
  const secure = context.config.PUBLIC_URL.startsWith('https:');

  router.get('/api/referrals/validate/:code', async (req, res) => {
    res.json(await validateReferralCode(context, req.params.code));
  });

  router.post('/api/referrals/click', async (req, res) => {
    res.json(await recordReferralClick({ context, input: req.body, visitorKey: visitorKey(req, res, secure) }));
  });

  return router;
}
