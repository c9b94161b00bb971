import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

const optional = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

export const ZBillingEnv = ZBaseServiceEnv.extend({
  /** With it, checkout goes through Stripe; without it, the labelled demo checkout is used. */
  STRIPE_SECRET_KEY: optional,
  /** Verifies webhook signatures (whsec_...). Required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optional,
  /** Stripe price ids of the two plans ($9.99 a month, $79.99 a year, as PLANS in the contracts say). */
  STRIPE_PRICE_MONTHLY: optional,
  STRIPE_PRICE_YEARLY: optional,
  /** Another Stripe API address (tests point the SDK at a local server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often the demo checkout ends trials and periods (renewal or cancellation), in ms. */
  DEMO_BILLING_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
}).superRefine((env, ctx) => {
  if (!env.STRIPE_SECRET_KEY) return;
  for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when STRIPE_SECRET_KEY is set` });
  }
});
export type BillingConfig = z.infer<typeof ZBillingEnv>;
