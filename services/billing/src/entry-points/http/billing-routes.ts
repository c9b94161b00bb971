import { Router, type Request } from 'express';
import { AppError, assertSameOrigin, requireUser, type ServiceContext } from '@innerecho/kit';
import type { BillingConfig } from '../../config';
import { applyBillingFact } from '../../domain/apply-billing-fact';
import { completeDemoCheckout, findOpenDemoCheckout, listDemoSubscriptions, setDemoCancellation } from '../../domain/demo-billing';
import { openCustomerPortal } from '../../domain/open-portal';
import { startCheckout } from '../../domain/start-checkout';
import type { StripeProvider } from '../../domain/stripe-provider';
import { billingMetrics } from './billing-metrics';
import { renderDemoCheckoutPage, renderDemoPortalPage } from './demo-pages';

export interface BillingRoutesOptions {
  context: ServiceContext<BillingConfig>;
  stripe: StripeProvider | null;
}

export function billingRoutes({ context, stripe }: BillingRoutesOptions): Router {
  const router = Router();
  const counted = billingMetrics(context.metrics);
  const mode = stripe ? 'stripe' : 'demo';

  router.post('/api/create-checkout-session', async (req, res) => {
    try {
      res.json(await startCheckout({ context, stripe, input: req.body, user: req.user }));
      counted.checkout(mode, 'started');
    } catch (error) {
      counted.checkout(mode, 'failed');
      throw error;
    }
  });

  router.post('/api/billing/portal', async (req, res) => {
    res.json(await openCustomerPortal({ context, stripe, user: requireUser(req) }));
  });

  router.post('/api/billing/webhook', async (req, res) => {
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
      const outcome = await applyBillingFact({ context, eventId: event.id, eventType: event.type, fact, requestId: req.requestId });
      counted.webhook(event.type, outcome === 'duplicate' ? 'duplicate' : 'applied');
      if (fact?.kind === 'checkout-completed' && outcome !== 'duplicate') counted.checkout('stripe', 'completed');
      res.json({ received: true, duplicate: outcome === 'duplicate' });
    } catch (error) {
      counted.webhook(event.type, 'failed');
      throw error;
    }
  });

  // The demo checkout and portal exist only without Stripe.
  if (stripe) return router;

  router.get('/api/billing/demo-checkout/:id', async (req, res) => {
    const session = await findOpenDemoCheckout(context, req.params.id);
    if (session.status === 'complete') {
      res.redirect(303, `/success?session_id=${encodeURIComponent(session.id)}`);
      return;
    }
    res.type('html').send(renderDemoCheckoutPage({ id: session.id, plan: session.plan, email: session.email }));
  });

  router.post('/api/billing/demo-checkout/:id/complete', async (req, res) => {
    assertSameOrigin(req); // a cross-site form post to the demo pages is refused
    try {
      const session = await completeDemoCheckout({ context, checkoutId: req.params.id, input: req.body, requestId: req.requestId });
      counted.checkout('demo', 'completed');
      res.redirect(303, `/success?session_id=${encodeURIComponent(session.id)}`);
    } catch (error) {
      const message = (error as any)?.name === 'ZodError' ? (error as any).issues[0]?.message : null;
      if (!message) throw error;
      const session = await findOpenDemoCheckout(context, req.params.id);
      res
        .status(400)
        .type('html')
        .send(renderDemoCheckoutPage({ id: session.id, plan: session.plan, email: session.email, error: message }));
    }
  });

  router.get('/api/billing/demo-portal', async (req, res) => {
    if (!req.user) {
      res.redirect(302, '/api/login');
      return;
    }
    res.type('html').send(renderDemoPortalPage({ subscriptions: await listDemoSubscriptions(context, req.user.id) }));
  });

  router.post('/api/billing/demo-portal/:subscriptionId/:action', async (req, res) => {
    assertSameOrigin(req);
    const user = requireUser(req);
    const action = req.params.action;
    if (action !== 'cancel' && action !== 'resume') throw new AppError(404, 'NOT_FOUND', 'Unknown action');
    await setDemoCancellation({
      context,
      userId: user.id,
      subscriptionId: req.params.subscriptionId,
      cancel: action === 'cancel',
      requestId: req.requestId,
    });
    res.redirect(303, '/api/billing/demo-portal');
  });

  return router;
}
