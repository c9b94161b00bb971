import { PLANS, type PlanId } from '@innerecho/contracts';
import type { MailContent } from './mail-layout';

const MONEY_FOOTER = ['You get this mail because it is about a payment on your InnerEcho account; it cannot be turned off.'];

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Where a listener manages their plan (the subscription button on their library page). */
export function manageUrl(publicUrl: string): string {
  return new URL('/affirmations', publicUrl).toString();
}

export function receiptMail(
  publicUrl: string,
  p: { plan: PlanId; amountPaidCents: number; paidAt: string; invoiceId: string },
): MailContent {
  const plan = PLANS[p.plan];
  return {
    subject: `Your InnerEcho receipt: ${dollars(p.amountPaidCents)}`,
    preview: `${plan.name} plan, paid ${day(p.paidAt)}`,
    heading: 'Thank you for your payment',
    paragraphs: [
      `Plan: InnerEcho ${plan.name} (${dollars(plan.priceCents)} a ${plan.interval})`,
      `Amount paid: ${dollars(p.amountPaidCents)}`,
      `Date: ${day(p.paidAt)}`,
      `Invoice: ${p.invoiceId}`,
    ],
    action: { label: 'Manage your subscription', url: manageUrl(publicUrl) },
    afterAction: ['You can change or cancel your plan at any time from your library page.'],
    footer: MONEY_FOOTER,
  };
}

export function paymentFailedMail(publicUrl: string, p: { plan: PlanId }): MailContent {
  return {
    subject: 'Your InnerEcho payment did not go through',
    preview: 'Update your card to keep your subscription',
    heading: 'We could not take your payment',
    paragraphs: [
      `The latest payment for your ${PLANS[p.plan].name} plan failed. Your card may have expired or been declined.`,
      'We will try again over the next days; updating your card now keeps your access without a break.',
    ],
    action: { label: 'Update your payment details', url: manageUrl(publicUrl) },
    footer: MONEY_FOOTER,
  };
}

export function subscriptionEndedMail(publicUrl: string, p: { plan: PlanId; endedAt: string | null }): MailContent {
  return {
    subject: 'Your InnerEcho subscription has ended',
    preview: 'Your recordings and library are kept',
    heading: 'Your subscription has ended',
    paragraphs: [
      `Your ${PLANS[p.plan].name} plan${p.endedAt ? ` ended on ${day(p.endedAt)}` : ' has ended'}, and you will not be charged again.`,
      'Your account, voice and library are kept: subscribe again whenever you like to keep listening.',
    ],
    action: { label: 'See the plans', url: new URL('/#pricing', publicUrl).toString() },
    footer: MONEY_FOOTER,
  };
}

export function trialEndingMail(publicUrl: string, p: { plan: PlanId; amountCents: number; trialEndsAt: string }): MailContent {
  const plan = PLANS[p.plan];
  const when = day(p.trialEndsAt);
  return {
    subject: `Your InnerEcho trial ends on ${when}`,
    preview: `Your first charge of ${dollars(p.amountCents)} is on ${when}`,
    heading: 'Your free trial ends in 3 days',
    paragraphs: [
      `Plan: InnerEcho ${plan.name} (${dollars(plan.priceCents)} a ${plan.interval})`,
      `First charge: ${dollars(p.amountCents)} on ${when}`,
      'Nothing to do if you want to keep listening: your plan carries on and you keep your voice and library.',
    ],
    action: { label: 'Manage or cancel your plan', url: manageUrl(publicUrl) },
    afterAction: [
      `To avoid the charge, cancel before ${when} with "Manage subscription" on your library page; you keep access until the trial ends.`,
    ],
    footer: MONEY_FOOTER,
  };
}
