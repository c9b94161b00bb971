import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { assertSameOrigin, serviceSecret, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import { recordReferralClick, validateReferralCode } from '../../domain/referral-links';

/** Referral links: GET /api/referrals/validate/:code (is it an active creator's?) and POST /api/referrals/click (count a visit). */
export function referralRoutes(context: ServiceContext<CreatorReferralConfig>) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, { context });
  const secret = serviceSecret({
    configured: context.config.REFERRAL_CLICK_SECRET,
    dataDir: context.config.DATA_DIR,
    service: context.name,
    name: 'referral-click-secret',
    variable: 'REFERRAL_CLICK_SECRET',
    requireConfigured: context.config.REQUIRE_CONFIGURED_SECRETS,
  });

  router.answer('GET /api/referrals/validate/:code', async ({ params }) => ({
    status: 200,
    body: await validateReferralCode(context, params.code),
  }));

  // Clicks come from this site's own pages: a post from another site is not a click.
  router.answer('POST /api/referrals/click', async ({ body, req }) => {
    assertSameOrigin(req);
    return { status: 200, body: await recordReferralClick({ context, input: body, clientAddress: req.ip ?? 'unknown', secret }) };
  });

  return router;
}
