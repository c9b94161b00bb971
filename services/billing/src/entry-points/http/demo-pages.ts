import { PLANS, type PlanId } from '@innerecho/contracts';

/** The demo checkout and demo portal pages, served when billing runs without Stripe. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en" data-theme="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · InnerEcho</title>
<script>try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}</script>
<style>
:root{--bg:#14111c;--card:#1e1a29;--text:#f3eee6;--muted:#b3aabb;--border:#342d44;--accent:#e8a87c;--accent-text:#1b1422;--danger:#ff8a80;--field:#16131f;--note:#2a2338;--ok:#8fd6a8}
[data-theme=light]{--bg:#faf6f0;--card:#ffffff;--text:#2a2233;--muted:#6b6274;--border:#e6ddd2;--accent:#b8643a;--accent-text:#fff;--danger:#b3261e;--field:#fffdf9;--note:#fbefe3;--ok:#2e7d4f}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--text);
background:radial-gradient(1200px 600px at 10% -10%,color-mix(in srgb,var(--accent) 18%,transparent),transparent),var(--bg)}
main{width:100%;max-width:460px}
.brand{display:block;text-align:center;font:600 1.5rem Georgia,"Times New Roman",serif;color:var(--text);text-decoration:none;margin-bottom:20px;letter-spacing:.01em}
.card{background:var(--card);border:1px solid var(--border);border-radius:20px;padding:clamp(20px,6vw,32px);box-shadow:0 20px 50px rgba(0,0,0,.18)}
.demo{display:block;background:var(--note);border:1px dashed var(--accent);border-radius:14px;padding:12px 14px;margin-bottom:24px;font-size:.92rem}
.demo strong{display:block;color:var(--accent);margin-bottom:2px}
h1{font:600 1.6rem Georgia,"Times New Roman",serif;margin:0 0 6px}
p.lead{color:var(--muted);margin:0 0 20px}
.summary{display:grid;gap:6px;border:1px solid var(--border);border-radius:14px;padding:16px;margin-bottom:8px}
.row{display:flex;justify-content:space-between;gap:12px}
.row span:first-child{color:var(--muted);white-space:nowrap}
.row span:last-child{text-align:right}
.row .big{font:600 1.3rem Georgia,serif}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input[type=email]{width:100%;padding:12px 14px;border-radius:12px;border:1px solid var(--border);background:var(--field);color:var(--text);font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:400;font-size:.92rem;color:var(--muted)}
.check input{margin-top:4px;accent-color:var(--accent);width:18px;height:18px}
button,.button{display:block;text-align:center;text-decoration:none;margin-top:24px;width:100%;padding:13px;border:0;border-radius:999px;background:var(--accent);color:var(--accent-text);font:600 1rem system-ui,sans-serif;cursor:pointer}
button.secondary,.button.secondary{background:transparent;color:var(--text);border:1px solid var(--border);margin-top:12px}
button:focus-visible,.button:focus-visible{outline:3px solid var(--text);outline-offset:2px}
.error{background:color-mix(in srgb,var(--danger) 14%,transparent);color:var(--danger);border:1px solid color-mix(in srgb,var(--danger) 40%,transparent);padding:10px 14px;border-radius:12px;margin:8px 0}
.status{font-weight:600}
.status.ok{color:var(--ok)}
.status.ending{color:var(--accent)}
.muted{color:var(--muted);font-size:.9rem}
</style>
</head>
<body>
<main>
<a class="brand" href="/">InnerEcho</a>
<div class="card">
<div class="demo" role="note"><strong>Demo mode</strong><span>No payment is taken. This page stands in for Stripe Checkout because no Stripe key is configured.</span></div>
${body}
</div>
</main>
</body>
</html>`;
}

export function renderDemoCheckoutPage(options: { id: string; plan: PlanId; email: string | null; error?: string }): string {
  const plan = PLANS[options.plan];
  const period = plan.interval === 'year' ? 'year' : 'month';
  return layout(
    'Demo checkout',
    `<h1>Start your free trial</h1>
<p class="lead">${escapeHtml(plan.name)} plan with a ${plan.trialDays}-day free trial.</p>
<div class="summary">
<div class="row"><span>Plan</span><span>${escapeHtml(plan.name)}</span></div>
<div class="row"><span>Due today</span><span class="big">$0.00</span></div>
<div class="row"><span>After the trial</span><span>${dollars(plan.priceCents)} per ${period}</span></div>
</div>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="/api/billing/demo-checkout/${encodeURIComponent(options.id)}/complete" novalidate>
${
  options.email
    ? `<div class="row muted" style="margin-top:16px"><span>Email</span><span>${escapeHtml(options.email)}</span></div><input type="hidden" name="email" value="${escapeHtml(options.email)}">`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required placeholder="you@example.com"><div class="muted" style="margin-top:6px">Sign up or sign in with this email to use your subscription.</div>`
}
<label class="check"><input type="checkbox" name="simulateFirstPayment" value="on"> <span>Also simulate the first payment after the trial (${dollars(plan.priceCents)}), as if the trial had ended.</span></label>
<button type="submit">Start free trial</button>
<a class="button secondary" href="/#pricing">Cancel</a>
</form>`,
  );
}

export interface DemoPortalSubscription {
  id: string;
  plan: PlanId;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

export function renderDemoPortalPage(options: { subscriptions: DemoPortalSubscription[]; error?: string }): string {
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
<button type="submit" class="${s.cancelAtPeriodEnd ? '' : 'secondary'}">${s.cancelAtPeriodEnd ? 'Keep my subscription' : 'Cancel subscription'}</button></form>`;
    return `<div class="summary" style="margin-top:16px">
<div class="row"><span>Plan</span><span>${escapeHtml(plan.name)} · ${dollars(plan.priceCents)} per ${plan.interval}</span></div>
<div class="row"><span>Status</span><span class="status ${live && !s.cancelAtPeriodEnd ? 'ok' : 'ending'}">${statusText}</span></div>
${live && !s.cancelAtPeriodEnd ? `<div class="row"><span>${s.status === 'trialing' ? 'Trial ends' : 'Renews'}</span><span>${date(s.currentPeriodEnd)}</span></div>` : ''}
${action}
</div>`;
  });
  return layout(
    'Manage subscription',
    `<h1>Manage subscription</h1>
<p class="lead">Cancel any time: you keep access until the end of the period you have paid for.</p>
${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${items.join('\n') || '<p class="muted">You have no subscription yet.</p>'}
<a class="button secondary" href="/">Back to InnerEcho</a>`,
  );
}
