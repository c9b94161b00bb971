import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { assertSameOrigin, serviceSecret, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import { recordReferralClick, validateReferralCode } from '../../domain/referral-links';

/** Referral links: GET /api/referrals/validate/:code (is it an active creator's?) and POST /api/referrals/click (count a visit). */
export function referralRoutes(context: ServiceContext<CreatorReferralConfig>) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS);
  const secret = serviceSecret({
    configured: context.config.REFERRAL_CLICK_SECRET,
    dataDir: context.config.DATA_DIR,
    service: context.name,
    name: 'referral-click-secret',
    variable: 'REFERRAL_CLICK_SECRET',
    requireConfigured: context.config.REQUIRE_CONFIGURED_SECRETS,
  });

  router.handle('GET /api/referrals/validate/:code', async (req, res) => {
    res.json(await validateReferralCode(context, req.params.code));
  });

  // Clicks come from this site's own pages: a post from another site is not a click.
  router.handle('POST /api/referrals/click', async (req, res) => {
    assertSameOrigin(req);
    res.json(await recordReferralClick({ context, input: req.body, clientAddress: req.ip ?? 'unknown', secret }));
  });

  return router;
}
