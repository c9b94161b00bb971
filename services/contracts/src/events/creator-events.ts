import { z } from 'zod';
import { defineEvent } from './define-event';

/** The public face of a creator. Never carries the email or password. */
export const ZCreatorProfile = z.object({
  creatorId: z.string().uuid(),
  name: z.string(),
  bio: z.string(),
  profilePicUrl: z.string(),
  youtubeChannel: z.string(),
  referralCode: z.string(),
});
export const CreatorProfilePublishedV1 = defineEvent('creator.profile.published.v1', ZCreatorProfile);
export const CreatorDeletedV1 = defineEvent('creator.account.deleted.v1', z.object({ creatorId: z.string().uuid() }));

export const ZCommissionEarnedV1 = z.object({
  commissionId: z.string().uuid(),
  creatorId: z.string().uuid(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  monthNumber: z.number().int().positive(),
  plan: z.enum(['monthly', 'yearly']),
});
export const CommissionEarnedV1 = defineEvent('creator.commission.earned.v1', ZCommissionEarnedV1);
