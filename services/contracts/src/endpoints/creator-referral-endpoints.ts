import { z } from 'zod';
import {
  ZAnalyticsQuery,
  ZCreatePayout,
  ZCreatorPasswordReset,
  ZCreatorSignIn,
  ZDeclinePayout,
  ZReferralClick,
  ZCommissionView,
  ZAdminCreatorAccountView,
  ZCreatorAccountView,
  ZCreatorDashboardAnalytics,
  ZCreatorSetupLinkView,
  ZCreatorSignInAnswer,
  ZPayoutBalanceView,
  ZPayoutSummaryView,
  ZPayoutView,
  ZReferralClickAnswer,
  ZReferralCodeValidity,
} from '../api/creator-referral-api';
import { ZCreatorCreateInput, ZCreatorProfileInput } from '../api/library-api';
import { emailField } from '../api/identity-api';
import { ZCollectionInput, ZCollectionReviewView, ZCreatorCollectionView, ZReturnCollection } from '../api/collections-api';
import { answers, declareEndpoints, EXAMPLE_ID } from './define-endpoint';

const creatorParams = z.object({ creatorId: z.string().describe('The creator (a UUID)') });
const creatorIdParams = z.object({ id: z.string().describe('The creator (a UUID)') });
const payoutParams = z.object({ payoutId: z.string().describe('The payout (a UUID)') });
const ok = z.object({ ok: z.literal(true) });
const collectionParams = z.object({ id: z.string().describe('The collection (a UUID)') });
const COLLECTION_EXAMPLE = {
  title: 'Morning routine',
  description: 'Five minutes to start the day steady.',
  category: 'Calm & Relaxation',
  coverColour: 'dawn',
  items: [
    { kind: 'new', title: 'Steady start', content: 'I begin this day calm and clear.' },
    { kind: 'new', title: 'Open heart', content: 'I meet today with an open heart.' },
  ],
};

/** Creator-referral: referral links, the creator area, creators' accounts, commissions and payouts. */
export const CREATOR_REFERRAL_ENDPOINTS = declareEndpoints('creator-referral', {
  'POST /api/creators': {
    summary: "Creates a creator's account and public profile",
    access: 'admin',
    body: ZCreatorCreateInput,
    answers: { 201: answers.json(ZCreatorAccountView), 409: answers.error('The email or referral code is taken') },
    example: {
      body: {
        name: 'Sweep Creator',
        bio: 'Bio',
        profilePicUrl: 'https://example.com/a.jpg',
        youtubeChannel: 'https://youtube.com/@a',
        email: 'sweep-creator@example.com',
        password: 'a creator password',
        referralCode: 'sweepcode',
      },
    },
  },
  'PUT /api/creators/:id': {
    summary: "Changes a creator's profile (and, if given, their password)",
    access: 'admin',
    params: creatorIdParams,
    body: ZCreatorProfileInput.extend(ZCreatorPasswordReset.shape),
    answers: { 200: answers.json(ZCreatorAccountView), 404: answers.error('No such creator') },
    example: { body: { name: 'Sweep Creator', bio: 'Bio', profilePicUrl: '', youtubeChannel: '', password: 'a new password' } },
  },
  'DELETE /api/creators/:id': {
    summary: "Deletes a creator's account (their commissions stay in the accounts)",
    access: 'admin',
    params: creatorIdParams,
    answers: { 204: answers.empty(), 404: answers.error('No such creator') },
  },
  'POST /api/creators/:id/setup-link': {
    summary: 'A one-time link where the creator chooses a password',
    access: 'admin',
    params: creatorIdParams,
    answers: { 201: answers.json(ZCreatorSetupLinkView), 404: answers.error('No such creator') },
  },
  'GET /api/creator-accounts': {
    summary: "Every creator's account, for the admin",
    access: 'admin',
    answers: { 200: answers.json(z.array(ZAdminCreatorAccountView)) },
  },
  'GET /api/referrals/validate/:code': {
    summary: "Whether a referral code is an active creator's",
    access: 'public',
    params: z.object({ code: z.string().describe('The referral code') }),
    answers: { 200: answers.json(ZReferralCodeValidity) },
  },
  'POST /api/referrals/click': {
    summary: "Counts a click on a creator's link (once per address, code and day)",
    access: 'public',
    body: ZReferralClick,
    answers: { 200: answers.json(ZReferralClickAnswer), 404: answers.error('Unknown code') },
    example: { body: { referralCode: 'anna' } },
  },
  'POST /api/creator-auth/login': {
    summary: 'Signs a creator in',
    access: 'public',
    body: ZCreatorSignIn,
    answers: { 200: answers.json(ZCreatorSignInAnswer), 401: answers.error('Wrong email or password') },
    signIn: 'creator-password',
    signInNamesAccount: true,
    example: { body: { email: 'creator@example.com', password: 'a creator password' } },
  },
  'GET /api/creator-auth/current': {
    summary: 'The signed-in creator (401 otherwise)',
    access: 'creator',
    answers: { 200: answers.json(ZCreatorAccountView), 401: answers.error('No creator signed in') },
  },
  'GET /api/creator-auth/session': {
    summary: 'The signed-in creator, or null',
    access: 'public',
    answers: { 200: answers.json(z.object({ creator: ZCreatorAccountView.nullable() })) },
  },
  'POST /api/creator-auth/logout': {
    summary: "Ends this browser's creator session",
    access: 'public',
    answers: { 200: answers.json(ok) },
  },
  'POST /api/creator-auth/logout-everywhere': {
    summary: 'Ends every session of the signed-in creator',
    access: 'creator',
    answers: { 200: answers.json(ok) },
  },
  'GET /api/creator-auth/setup': {
    summary: 'The page where a creator chooses a password, from a one-time link',
    access: 'public',
    query: z.object({ token: z.string().optional().describe('The one-time token of the link') }),
    answers: { 200: answers.page('The password form'), 410: answers.page('The link is used, expired or unknown') },
    tolerated: ['token'],
    example: { query: { token: 'not-a-token' } },
  },
  'POST /api/creator-auth/setup': {
    summary: "Sets a creator's password from a one-time link (form)",
    access: 'public',
    body: z.object({ token: z.string(), password: z.string(), confirm: z.string() }),
    answers: {
      303: answers.redirect('Signed in: to /creator-dashboard'),
      400: answers.page('Refused: the form again, with why'),
      410: answers.page('The link is used, expired or unknown'),
    },
    bodyKind: 'json-or-form',
    signIn: 'creator-password',
    example: { body: { token: 'not-a-token', password: 'a creator password', confirm: 'a creator password' } },
  },
  'GET /api/creator-auth/forgot-password': {
    summary: "The page that asks for a creator's address to send a password reset link to",
    access: 'public',
    answers: { 200: answers.page('The address form') },
  },
  'POST /api/creator-auth/forgot-password': {
    summary: 'Mails a one-time password reset link when a creator has this address; the answer is the same either way (form)',
    access: 'public',
    body: z.object({ email: emailField() }),
    answers: { 200: answers.page('The same words whether or not a creator has the address'), 400: answers.page('Not an email address') },
    bodyKind: 'json-or-form',
    signIn: 'sign-up',
    example: { body: { email: 'nobody@example.com' } },
  },
  'GET /api/creator-auth/reset-password': {
    summary: 'The page where a creator chooses a new password, from a one-time reset link',
    access: 'public',
    query: z.object({ token: z.string().optional().describe('The one-time token of the link') }),
    answers: { 200: answers.page('The password form'), 410: answers.page('The link is used, expired or unknown') },
    tolerated: ['token'],
    example: { query: { token: 'not-a-token' } },
  },
  'POST /api/creator-auth/reset-password': {
    summary: "Sets a creator's new password from a one-time reset link and ends every session of theirs (form)",
    access: 'public',
    body: z.object({ token: z.string(), password: z.string(), confirm: z.string() }),
    answers: {
      200: answers.page('Changed: a page with the way to sign in'),
      400: answers.page('Refused: the form again, with why'),
      410: answers.page('The link is used, expired or unknown'),
    },
    bodyKind: 'json-or-form',
    example: { body: { token: 'not-a-token', password: 'a creator password', confirm: 'a creator password' } },
  },
  'GET /api/commissions/creator/:creatorId': {
    summary: "A creator's commissions, newest first",
    access: 'creator-or-admin',
    params: creatorParams,
    query: z.object({
      limit: z
        .string()
        .optional()
        .describe('At most this many (a whole number, clamped to 500; all when not given or not one)')
        .transform((limit) => {
          const n = Number(limit);
          return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : undefined;
        }),
    }),
    answers: { 200: answers.json(z.array(ZCommissionView)) },
    tolerated: ['limit'],
    example: { query: { limit: '10' } },
  },
  'GET /api/creator-analytics/:creatorId': {
    summary: "A creator's dashboard figures by period",
    access: 'creator-or-admin',
    params: creatorParams,
    query: ZAnalyticsQuery,
    answers: { 200: answers.json(ZCreatorDashboardAnalytics) },
    example: { query: { period: 'monthly' } },
  },
  'GET /api/payouts/creator/:creatorId': {
    summary: "A creator's payouts",
    access: 'creator-or-admin',
    params: creatorParams,
    answers: { 200: answers.json(z.array(ZPayoutView)) },
  },
  'GET /api/payouts/creator/:creatorId/summary': {
    summary: 'What a creator can ask for, and when payouts happen',
    access: 'creator-or-admin',
    params: creatorParams,
    answers: { 200: answers.json(ZPayoutSummaryView) },
  },
  'POST /api/payouts/creator/:creatorId/request': {
    summary: 'A creator asks for a payout of their available balance',
    access: 'creator-or-admin',
    params: creatorParams,
    answers: { 201: answers.json(ZPayoutView), 400: answers.error('Below the threshold, or a request is open') },
  },
  'GET /api/payouts/balances': {
    summary: 'Every creator with what is waiting to be paid out',
    access: 'admin',
    answers: { 200: answers.json(z.array(ZPayoutBalanceView)) },
  },
  'GET /api/payouts': {
    summary: 'Every payout',
    access: 'admin',
    answers: { 200: answers.json(z.array(ZPayoutView)) },
  },
  'POST /api/payouts': {
    summary: 'A payout of chosen pending commissions of one creator',
    access: 'admin',
    body: ZCreatePayout,
    answers: { 201: answers.json(ZPayoutView) },
    example: { body: { creatorId: EXAMPLE_ID, commissionIds: [EXAMPLE_ID], notes: 'March' } },
  },
  'POST /api/payouts/:payoutId/complete': {
    summary: 'Marks a payout paid',
    access: 'admin',
    params: payoutParams,
    answers: { 200: answers.json(ZPayoutView), 404: answers.error('No such payout') },
  },
  'POST /api/payouts/:payoutId/fail': {
    summary: 'Declines a payout, with a reason the creator reads',
    access: 'admin',
    params: payoutParams,
    body: ZDeclinePayout,
    answers: { 200: answers.json(ZPayoutView), 404: answers.error('No such payout') },
    example: { body: { reason: 'The bank details were refused' } },
  },
  'GET /api/creator-collections': {
    summary: "The signed-in creator's collections, drafts and reviews included, latest change first",
    access: 'creator',
    answers: { 200: answers.json(z.array(ZCreatorCollectionView)), 403: answers.error('Signed in, but not as a creator') },
  },
  'POST /api/creator-collections': {
    summary: 'The signed-in creator starts a collection (a draft)',
    access: 'creator',
    body: ZCollectionInput,
    answers: { 201: answers.json(ZCreatorCollectionView), 403: answers.error('Signed in, but not as a creator') },
    example: { body: COLLECTION_EXAMPLE },
  },
  'PUT /api/creator-collections/:id': {
    summary: "Rewrites one of the creator's collections (back to a draft; a published version stays until the new one is approved)",
    access: 'creator',
    params: collectionParams,
    body: ZCollectionInput,
    answers: { 200: answers.json(ZCreatorCollectionView), 404: answers.error("No such collection of the creator's") },
    example: { body: COLLECTION_EXAMPLE },
  },
  'POST /api/creator-collections/:id/submit': {
    summary: "Sends one of the creator's collections for an admin's review",
    access: 'creator',
    params: collectionParams,
    answers: {
      200: answers.json(ZCreatorCollectionView),
      400: answers.error('Too few affirmations, or already submitted or approved'),
      404: answers.error("No such collection of the creator's"),
    },
  },
  'DELETE /api/creator-collections/:id': {
    summary: "Deletes one of the creator's collections (and takes its published version down; its affirmations stay in the library)",
    access: 'creator',
    params: collectionParams,
    answers: { 204: answers.empty(), 404: answers.error("No such collection of the creator's") },
  },
  'GET /api/collection-reviews': {
    summary: 'Collections waiting for review, oldest submission first',
    access: 'admin',
    answers: { 200: answers.json(z.array(ZCollectionReviewView)) },
  },
  'POST /api/collection-reviews/:id/approve': {
    summary: 'Approves a submitted collection: the library publishes this version',
    access: 'admin',
    params: collectionParams,
    answers: {
      200: answers.json(ZCreatorCollectionView),
      400: answers.error('Not waiting for review'),
      404: answers.error('No such collection'),
    },
  },
  'POST /api/collection-reviews/:id/return': {
    summary: 'Returns a submitted collection to its creator, with a reason they read',
    access: 'admin',
    params: collectionParams,
    body: ZReturnCollection,
    answers: {
      200: answers.json(ZCreatorCollectionView),
      400: answers.error('No reason, or not waiting for review'),
      404: answers.error('No such collection'),
    },
    example: { body: { reason: 'Please give the third affirmation a clearer title.' } },
  },
});
