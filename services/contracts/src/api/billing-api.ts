import { z } from 'zod';
import { PLAN_IDS } from './plans';
import { emailField } from './identity-api';
import { textField } from './text';

/** POST /api/create-checkout-session: a plan, and the referral code the visitor came with, if any. */
export const ZCheckoutRequest = z.object({
  plan: z.enum(PLAN_IDS, { message: 'Choose the monthly or yearly plan' }),
  referralCode: textField({ max: 64, tooLong: 'Referral code is too long' }).optional().nullable(),
});
export type CheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/** POST /api/create-checkout-session and POST /api/billing/portal: where the browser goes next. */
export const ZRedirectAnswer = z.object({
  url: z.string(),
});
export type RedirectAnswer = z.infer<typeof ZRedirectAnswer>;

/** The demo checkout page's form (only without Stripe): the buyer's email. */
export const ZDemoCheckoutForm = z.object({
  email: emailField(),
  /** Demo only: charge the first payment now, as if the trial had ended. */
  simulateFirstPayment: z.union([z.literal('on'), z.literal('true'), z.boolean()]).optional(),
});
/** The form as a checkout takes it: a signed-in buyer's checkout already knows the email, so it may be left out. */
export const demoCheckoutPost = () => ZDemoCheckoutForm.partial({ email: true });
export type DemoCheckoutForm = z.output<ReturnType<typeof demoCheckoutPost>>;

/**
 * GET /api/billing/checkout-status/{id}: whether the checkout /success names really
 * finished, for whoever holds its id. 'processing': paid, the provider's confirmation is on
 * its way; 'unknown': no such checkout, not finished, refused, or someone else's.
 */
export const ZCheckoutStatusView = z.object({
  status: z.enum(['complete', 'processing', 'unknown']),
  plan: z.enum(['monthly', 'yearly']).nullable(),
});
export type CheckoutStatusView = z.infer<typeof ZCheckoutStatusView>;
