import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZBillingEnv = ZBaseServiceEnv.extend({
  /** With it, checkout goes through Stripe; without it, the labelled demo checkout is used. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});
export type BillingConfig = z.infer<typeof ZBillingEnv>;
