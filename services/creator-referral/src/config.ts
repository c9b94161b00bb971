import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZCreatorReferralEnv = ZBaseServiceEnv.extend({
  /** Share of the amount actually paid, in basis points (2500 = 25%). */
  COMMISSION_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(2500),
});
export type CreatorReferralConfig = z.infer<typeof ZCreatorReferralEnv>;
