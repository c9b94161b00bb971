import { Router } from 'express';
import { z } from 'zod';
import { PLAN_IDS } from '@innerecho/contracts';
import { AppError } from '@innerecho/kit';

const ZCheckoutInput = z.object({
  plan: z.enum(PLAN_IDS, { message: 'Choose the monthly or yearly plan' }),
  referralCode: z.string().trim().max(64).optional(),
});

export function checkoutRoutes(): Router {
  const router = Router();
  router.post('/api/create-checkout-session', async (req) => {
    ZCheckoutInput.parse(req.body ?? {});
    // Checkout (Stripe, or the demo checkout without a key) arrives with the subscriptions issue.
    throw new AppError(501, 'CHECKOUT_UNAVAILABLE', 'Checkout is not available yet');
  });
  return router;
}
