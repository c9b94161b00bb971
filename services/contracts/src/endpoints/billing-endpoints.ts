import { z } from 'zod';
import { ZCheckoutRequest, demoCheckoutPost, ZCheckoutStatusView, ZRedirectAnswer } from '../api/billing-api';
import { answers, declareEndpoints } from './define-endpoint';

/**
 * Billing: checkout, the payment provider's webhook, the customer portal. The demo checkout and
 * portal pages exist only without Stripe (the embedded form); the webhook and the checkout
 * return answer 404 without it.
 */
export const BILLING_ENDPOINTS = declareEndpoints('billing', {
  'POST /api/create-checkout-session': {
    summary: 'Starts a checkout of a plan (with the referral code the visitor came with)',
    access: 'public',
    body: ZCheckoutRequest,
    answers: { 200: answers.json(ZRedirectAnswer), 409: answers.error('This buyer already has a subscription') },
    example: { body: { plan: 'monthly', referralCode: 'anna' } },
  },
  'POST /api/billing/portal': {
    summary: "The customer portal's address for the signed-in listener",
    access: 'listener',
    answers: { 200: answers.json(ZRedirectAnswer) },
  },
  'POST /api/billing/webhook': {
    summary: "Stripe's events (404 without Stripe)",
    access: 'payment-provider',
    body: z.record(z.string(), z.unknown()).describe('A Stripe event, verified by its Stripe-Signature header'),
    answers: {
      200: answers.json(z.object({ received: z.literal(true), duplicate: z.boolean() })),
      400: answers.error('Not signed by Stripe'),
    },
    example: { body: { id: 'evt_sweep', type: 'checkout.session.completed' } },
  },
  'GET /api/billing/checkout-return': {
    summary: 'Where Stripe Checkout sends the buyer back (404 without Stripe)',
    access: 'public',
    query: z.object({ session_id: z.string().optional().describe("Stripe's checkout id (cs_…)") }),
    answers: { 303: answers.redirect('On to /success, or back to the plans'), 200: answers.page('Already subscribed: refunded at once') },
    example: { query: { session_id: 'cs_sweep' } },
  },
  'GET /api/billing/checkout-status/:checkoutId': {
    summary: 'Whether a checkout really finished, for whoever holds its id',
    access: 'public',
    params: z.object({ checkoutId: z.string().describe('The checkout') }),
    answers: { 200: answers.json(ZCheckoutStatusView) },
  },
  'GET /api/billing/demo-checkout/:id': {
    summary: 'The demo checkout page (without Stripe)',
    access: 'public',
    params: z.object({ id: z.string().describe('The checkout') }),
    answers: {
      200: answers.page('The demo checkout'),
      303: answers.redirect('Already finished: to /success'),
      404: answers.error('No such checkout'),
    },
  },
  'POST /api/billing/demo-checkout/:id/complete': {
    summary: 'Completes a demo checkout (form)',
    access: 'public',
    params: z.object({ id: z.string().describe('The checkout') }),
    body: demoCheckoutPost(),
    answers: { 303: answers.redirect('Done: to /success'), 400: answers.page('Refused: the page again, with why') },
    bodyKind: 'json-or-form',
    example: { body: { email: 'buyer@example.com', simulateFirstPayment: 'on' } },
  },
  'GET /api/billing/demo-portal': {
    summary: "The demo customer portal (without Stripe): the signed-in listener's subscriptions",
    access: 'public',
    answers: { 200: answers.page('The portal'), 302: answers.redirect('Signed out: to sign in') },
  },
  'POST /api/billing/demo-portal/:subscriptionId/:action': {
    summary: 'Cancels or resumes a demo subscription at the end of its period (form)',
    access: 'listener',
    params: z.object({ subscriptionId: z.string().describe('The subscription'), action: z.string().describe("'cancel' or 'resume'") }),
    answers: { 303: answers.redirect('Back to the portal'), 404: answers.error('No such subscription of the caller, or action') },
    bodyKind: 'json-or-form',
    example: { params: { subscriptionId: 'demo_sub_sweep', action: 'cancel' } },
  },
});
