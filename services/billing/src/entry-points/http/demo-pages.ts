import { PLANS, type PlanId } from '@innerecho/contracts';
import { escapeHtml, type PageOptions } from '@innerecho/kit';

/**
 * The demo checkout and demo portal pages, served when billing runs without a payment
 * provider, and the page that turns away a second subscription. Listeners read that this
 * is a demo and that no card is charged; how to switch to real payments is operator
 * detail (README, start-up log).
 */

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const DEMO_NOTE = (what: string) =>
  `<div class="note" role="note"><strong>Demo</strong><span>This is a demo ${what}; no card is charged.</span></div>`;

/** Sign in and go to the library, where "Manage subscription" is. */
export const SIGN_IN_TO_MANAGE_HREF = '/api/login?mode=signin&returnTo=%2Faffirmations';

export function demoCheckoutPage(options: {
  id: string;
  plan: PlanId;
  email: string | null;
  error?: string;
  /** The email already has access: say so and offer the way in. */
  alreadySubscribed?: boolean;
  status?: number;
}): PageOptions {
  const plan = PLANS[options.plan];
  const period = plan.interval === 'year' ? 'year' : 'month';
  const error = options.error
    ? `<div class="alert error" role="alert">${escapeHtml(options.error)}${
        options.alreadySubscribed ? ` <a href="${escapeHtml(SIGN_IN_TO_MANAGE_HREF)}">Sign in</a>` : ''
      }</div>`
    : '';
  const email = options.email
    ? `<div class="row muted"><span>Email</span><span>${escapeHtml(options.email)}</span></div><input type="hidden" name="email" value="${escapeHtml(options.email)}">`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" placeholder="you@example.com"><div class="hint">Sign up or sign in with this email to use your subscription.</div>`;
  return {
    title: 'Demo checkout',
    status: options.status,
    body: `${DEMO_NOTE('checkout')}
<h1>Start your free trial</h1>
<p class="lead">${escapeHtml(plan.name)} plan with a ${plan.trialDays}-day free trial.</p>
<div class="summary">
<div class="row"><span>Plan</span><span>${escapeHtml(plan.name)}</span></div>
<div class="row"><span>Due today</span><span class="big">$0.00</span></div>
<div class="row"><span>After the trial</span><span>${dollars(plan.priceCents)} per ${period}</span></div>
</div>
${error}
<form method="post" action="/api/billing/demo-checkout/${encodeURIComponent(options.id)}/complete" novalidate>
${email}
<label class="check"><input type="checkbox" name="simulateFirstPayment" value="on"> <span>Also simulate the first payment after the trial (${dollars(plan.priceCents)}), as if the trial had ended.</span></label>
<button class="button" type="submit">Start free trial</button>
<a class="button outline" href="/#pricing">Cancel</a>
</form>`,
  };
}

export interface DemoPortalSubscription {
  id: string;
  plan: PlanId;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export function demoPortalPage(options: { subscriptions: DemoPortalSubscription[] }): PageOptions {
  const date = (d: Date | null) =>
    d ? d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : '—';
  const items = options.subscriptions.map((s) => {
    const plan = PLANS[s.plan];
    const live = s.status === 'active' || s.status === 'trialing';
    const statusText = !live
      ? 'Ended'
      : s.cancelAtPeriodEnd
        ? `Ends on ${date(s.currentPeriodEnd)}`
        : s.status === 'trialing'
          ? 'Free trial'
          : 'Active';
    const action = !live
      ? ''
      : `<form method="post" action="/api/billing/demo-portal/${encodeURIComponent(s.id)}/${s.cancelAtPeriodEnd ? 'resume' : 'cancel'}">
<button type="submit" class="button${s.cancelAtPeriodEnd ? '' : ' outline'}">${s.cancelAtPeriodEnd ? 'Keep my subscription' : 'Cancel subscription'}</button></form>`;
    return `<div class="summary">
<div class="row"><span>Plan</span><span>${escapeHtml(plan.name)} · ${dollars(plan.priceCents)} per ${plan.interval}</span></div>
<div class="row"><span>Status</span><span class="${live && !s.cancelAtPeriodEnd ? 'ok' : 'ending'}">${statusText}</span></div>
${live && !s.cancelAtPeriodEnd ? `<div class="row"><span>${s.status === 'trialing' ? 'Trial ends' : 'Renews'}</span><span>${date(s.currentPeriodEnd)}</span></div>` : ''}
${action}
</div>`;
  });
  return {
    title: 'Manage subscription',
    body: `${DEMO_NOTE('of subscription management')}
<h1>Manage subscription</h1>
<p class="lead">Cancel any time: you keep access until the end of the period you have paid for.</p>
${items.join('\n') || '<p class="muted">You have no subscription yet.</p>'}
<a class="button outline" href="/">Back to InnerEcho</a>`,
  };
}

/** After a paid checkout for an email that already has access: the new subscription was cancelled at once. */
export function alreadySubscribedPage(message: string): PageOptions {
  return {
    title: 'Already subscribed',
    status: 409,
    body: `<h1>You already have a subscription</h1>
<div class="alert error" role="alert">${escapeHtml(message)}</div>
<a class="button" href="${escapeHtml(SIGN_IN_TO_MANAGE_HREF)}">Sign in</a>
<a class="button outline" href="/">Back to InnerEcho</a>`,
  };
}
