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

/**
 * An admin approved a creator's collection: the library publishes this version (new texts
 * become library affirmations under the ids given here; picks must be the creator's own).
 * `version` counts up per collection, so a late, older event is ignored.
 */
export const ZCollectionPublishedV1 = z.object({
  collectionId: z.string().uuid(),
  creatorId: z.string().uuid(),
  title: z.string().min(1).max(200),
  description: z.string().max(1000),
  category: z.string().min(1).max(100),
  coverColour: z.string().min(1).max(40),
  items: z
    .array(
      z.object({
        transcriptId: z.string().uuid(),
        /** A text written for the collection; null for one of the creator's library affirmations. */
        newText: z.object({ title: z.string().min(1).max(200), content: z.string().min(1).max(10_000) }).nullable(),
      }),
    )
    .min(1)
    .max(10),
  version: z.number().int().nonnegative(),
});
export const CollectionPublishedV1 = defineEvent('creator.collection.published.v1', ZCollectionPublishedV1);

/** The creator deleted a published collection: the library takes it down (its affirmations stay). */
export const CollectionWithdrawnV1 = defineEvent(
  'creator.collection.withdrawn.v1',
  z.object({ collectionId: z.string().uuid(), creatorId: z.string().uuid(), version: z.number().int().nonnegative() }),
);

/**
 * An admin gave a creator a one-time link to choose their password. The link carries its
 * token (NATS is internal; creator-referral keeps only its SHA-256): notifications mails it.
 */
export const ZCreatorSetupLinkIssuedV1 = z.object({
  creatorId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  setupUrl: z.string().url(),
  expiresAt: z.string().datetime(),
});
export const CreatorSetupLinkIssuedV1 = defineEvent('creator.setup-link.issued.v1', ZCreatorSetupLinkIssuedV1);

/** What a payout event tells the creator it is about: whom to write to and how much. */
const ZPayoutMailFacts = z.object({
  payoutId: z.string().uuid(),
  creatorId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  amountCents: z.number().int().positive(),
});

/** A creator asked to be paid what is payable; an admin pays or declines it within `reviewDays`. */
export const ZPayoutRequestedV1 = ZPayoutMailFacts.extend({
  requestedAt: z.string().datetime(),
  reviewDays: z.number().int().positive(),
});
export const PayoutRequestedV1 = defineEvent('creator.payout.requested.v1', ZPayoutRequestedV1);

/** An admin marked a payout paid: its commissions are paid. */
export const ZPayoutPaidV1 = ZPayoutMailFacts.extend({ paidAt: z.string().datetime() });
export const PayoutPaidV1 = defineEvent('creator.payout.paid.v1', ZPayoutPaidV1);

/**
 * An admin declined a creator's request, or marked an admin's own payout failed: its
 * commissions are payable again. `reason` is what the creator is told ('' when none was given,
 * which only an admin's own payout allows); `requested` says whether the creator asked for it.
 */
export const ZPayoutDeclinedV1 = ZPayoutMailFacts.extend({
  declinedAt: z.string().datetime(),
  reason: z.string().max(1000),
  requested: z.boolean(),
});
export const PayoutDeclinedV1 = defineEvent('creator.payout.declined.v1', ZPayoutDeclinedV1);

/**
 * A creator who forgot their password asked for a reset link. The link carries the one-time
 * token (NATS is internal; creator-referral keeps only its SHA-256): notifications mails it.
 */
export const ZCreatorPasswordResetRequestedV1 = z.object({
  creatorId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  resetUrl: z.string().url(),
  expiresAt: z.string().datetime(),
});
export const CreatorPasswordResetRequestedV1 = defineEvent('creator.password.reset-requested.v1', ZCreatorPasswordResetRequestedV1);

/** A creator's password was set anew through a reset link; every session of theirs has ended. */
export const ZCreatorPasswordChangedV1 = z.object({
  creatorId: z.string().uuid(),
  email: z.string().email(),
  name: z.string(),
  changedAt: z.string().datetime(),
});
export const CreatorPasswordChangedV1 = defineEvent('creator.password.changed.v1', ZCreatorPasswordChangedV1);
