import { BILLING_ENDPOINTS } from '@innerecho/contracts';
import type { Request, Response } from 'express';
import { AppError, assertSameOrigin, browserCookieOptions, formError, sendPage, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { BillingConfig } from '../../config';
import { applyBillingFact } from '../../domain/apply-billing-fact';
import { checkoutStatus } from '../../domain/checkout-status';
import {
  CHECKOUT_STARTER_COOKIE,
  CHECKOUT_STARTER_COOKIE_PATH,
  CHECKOUT_STARTER_MAX_AGE_MS,
  newStarterToken,
  starterTokenFrom,
} from '../../domain/checkout-starter';
import { completeDemoCheckout, findOpenDemoCheckout, listDemoSubscriptions, setDemoCancellation } from '../../domain/demo-billing';
import { ALREADY_SUBSCRIBED_AFTER_PAYMENT_MESSAGE, findActiveSubscriptionOf } from '../../domain/one-subscription-per-buyer';
import { openCustomerPortal } from '../../domain/open-portal';
import { startCheckout } from '../../domain/start-checkout';
import type { StripeProvider } from '../../domain/stripe-provider';
import { billingMetrics } from './billing-metrics';
import { alreadySubscribedPage, demoCheckoutPage, demoPortalPage } from './demo-pages';

export interface BillingRoutesOptions {
  context: ServiceContext<BillingConfig>;
  stripe: StripeProvider | null;
}

const successPath = (checkoutId: string) => `/success?session_id=${encodeURIComponent(checkoutId)}`;

export function billingRoutes({ context, stripe }: BillingRoutesOptions) {
  const router = declaredRoutes(BILLING_ENDPOINTS, { context });
  const counted = billingMetrics(context.metrics);
  const mode = stripe ? 'stripe' : 'demo';

  /** This browser's checkout token, given (and kept a day longer) at each checkout it starts. */
  const starterTokenOf = (req: Request, res: Response) => {
    const token = starterTokenFrom(req.cookies?.[CHECKOUT_STARTER_COOKIE]) ?? newStarterToken();
    res.cookie(
      CHECKOUT_STARTER_COOKIE,
      token,
      browserCookieOptions(context.config, { maxAgeMs: CHECKOUT_STARTER_MAX_AGE_MS, path: CHECKOUT_STARTER_COOKIE_PATH }),
    );
    return token;
  };

  router.answer('POST /api/create-checkout-session', async ({ body, user, req, res }) => {
    try {
      const redirect = await startCheckout({ context, stripe, input: body, user, starterToken: starterTokenOf(req, res) });
      counted.checkout(mode, 'started');
      return { status: 200, body: redirect };
    } catch (error) {
      counted.checkout(mode, 'failed');
      throw error;
    }
  });

  router.answer('POST /api/billing/portal', async ({ user }) => ({
    status: 200,
    body: await openCustomerPortal({ context, stripe, user }),
  }));

  router.answer('POST /api/billing/webhook', async ({ req }) => {
    if (!stripe) throw new AppError(404, 'NOT_FOUND', 'Stripe is not configured');
    let event: ReturnType<StripeProvider['verifyWebhook']>;
    try {
      event = stripe.verifyWebhook(req.rawBody, req.header('stripe-signature'));
    } catch (error) {
      counted.webhook('unknown', 'rejected');
      throw error;
    }
    try {
      const fact = await stripe.toFact(event, req.log);
      const outcome = await applyBillingFact({
        context,
        eventId: event.id,
        eventType: event.type,
        fact,
        requestId: req.requestId,
        cancelRefused: (subscriptionId) => stripe.cancelSubscription(subscriptionId),
      });
      counted.webhook(event.type, outcome === 'duplicate' ? 'duplicate' : 'applied');
      if (fact?.kind === 'checkout-completed' && outcome !== 'duplicate') counted.checkout('stripe', 'completed');
      return { status: 200, body: { received: true, duplicate: outcome === 'duplicate' } };
    } catch (error) {
      counted.webhook(event.type, 'failed');
      throw error;
    }
  });

  router.answer('GET /api/billing/checkout-status/:checkoutId', async ({ params, user, req }) => {
    const starterToken = starterTokenFrom(req.cookies?.[CHECKOUT_STARTER_COOKIE]);
    return {
      status: 200,
      body: await checkoutStatus({ context, checkoutId: params.checkoutId, user, starterToken }),
      headers: { 'cache-control': 'no-store' },
    };
  });

  /**
   * Where Stripe Checkout sends the buyer back. A checkout completed by an email that
   * already had access is cancelled here at once (the webhook does the same, whichever
   * comes first) and the buyer is told to sign in; any other goes on to /success.
   */
  router.raw('GET /api/billing/checkout-return', async ({ query, res }) => {
    if (!stripe) throw new AppError(404, 'NOT_FOUND', 'Stripe is not configured');
    const sessionId = query.session_id && /^cs_[A-Za-z0-9_]{1,200}$/.test(query.session_id) ? query.session_id : null;
    const checkout = sessionId ? await stripe.completedCheckout(sessionId) : null;
    if (!checkout) {
      res.redirect(303, '/#pricing');
      return;
    }
    if (await findActiveSubscriptionOf(context.db, checkout, checkout.subscriptionId)) {
      await stripe.cancelSubscription(checkout.subscriptionId);
      sendPage(res, alreadySubscribedPage(ALREADY_SUBSCRIBED_AFTER_PAYMENT_MESSAGE));
      return;
    }
    res.redirect(303, successPath(checkout.id));
  });

  // The demo checkout and portal exist only without Stripe.
  if (stripe) return router;

  router.raw('GET /api/billing/demo-checkout/:id', async ({ params, res }) => {
    const session = await findOpenDemoCheckout(context, params.id);
    if (session.status !== 'open') {
      res.redirect(303, successPath(session.id));
      return;
    }
    sendPage(res, demoCheckoutPage({ id: session.id, plan: session.plan, email: session.email }));
  });

  router.raw('POST /api/billing/demo-checkout/:id/complete', async ({ params, body, req, res }) => {
    assertSameOrigin(req); // a cross-site form post to the demo pages is refused
    try {
      const session = await completeDemoCheckout({ context, checkoutId: params.id, form: body, requestId: req.requestId });
      counted.checkout('demo', 'completed');
      res.redirect(303, successPath(session.id));
    } catch (error) {
      // Shown on the page: a bad email, or an email that already has a subscription.
      const refusal = formError(error);
      if (!refusal || refusal.code === 'CHECKOUT_NOT_FOUND') throw error;
      const session = await findOpenDemoCheckout(context, params.id);
      sendPage(
        res,
        demoCheckoutPage({
          id: session.id,
          plan: session.plan,
          email: session.email,
          status: refusal.status,
          error: refusal.message,
          alreadySubscribed: refusal.code === 'ALREADY_SUBSCRIBED',
        }),
      );
    }
  });

  router.raw('GET /api/billing/demo-portal', async ({ user, res }) => {
    if (!user) {
      res.redirect(302, '/api/login?mode=signin');
      return;
    }
    sendPage(res, demoPortalPage({ subscriptions: await listDemoSubscriptions(context, user.id) }));
  });

  router.raw('POST /api/billing/demo-portal/:subscriptionId/:action', async ({ params, user, req, res }) => {
    assertSameOrigin(req);
    const action = params.action;
    if (action !== 'cancel' && action !== 'resume') throw new AppError(404, 'NOT_FOUND', 'Unknown action');
    await setDemoCancellation({
      context,
      userId: user.id,
      subscriptionId: params.subscriptionId,
      cancel: action === 'cancel',
      requestId: req.requestId,
    });
    res.redirect(303, '/api/billing/demo-portal');
  });

  return router;
}
