import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZCreatorReferralEnv = ZBaseServiceEnv.extend({
  /** Share of the amount actually paid, in basis points (2500 = 25%). */
  COMMISSION_RATE_BPS: z.coerce.number().int().min(0).max(10_000).default(2500),
  /** How long a creator stays signed in. */
  CREATOR_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  /** Creator session signing keys: ES256 private keys in PEM, the last signs (or CREATOR_SESSION_SIGNING_KEYS_FILE). */
  CREATOR_SESSION_SIGNING_KEYS: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Where the creator session signing keys live when not configured; defaults to DATA_DIR/creator-referral/keys. */
  CREATOR_SESSION_KEYS_DIR: z.string().optional(),
  /** Keys the per-address referral click counts; generated under DATA_DIR when unset (set it, or REFERRAL_CLICK_SECRET_FILE, when replicas share no disk). */
  REFERRAL_CLICK_SECRET: z.string().min(16).optional(),
  /** The least a creator can ask to be paid out, in cents. */
  PAYOUT_THRESHOLD_CENTS: z.coerce.number().int().min(1).max(10_000_000).default(2500),
  /** The most days an admin takes to pay or decline a creator's payout request (what creators are told). */
  PAYOUT_REVIEW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** How long an admin's password setup link for a creator works. */
  CREATOR_SETUP_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** 'true' or 'false'; by default cookies are Secure when PUBLIC_URL is https. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
});
export type CreatorReferralConfig = z.infer<typeof ZCreatorReferralEnv>;
