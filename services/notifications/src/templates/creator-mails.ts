import type { MailContent } from './mail-layout';

export function creatorSetupMail(p: { name: string; setupUrl: string; expiresAt: string }): MailContent {
  const until = new Date(p.expiresAt).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
  return {
    subject: 'Set up your InnerEcho creator account',
    preview: `Choose your password before ${until}`,
    heading: 'Welcome to InnerEcho for creators',
    paragraphs: [
      p.name.trim() ? `Hi ${p.name.trim()},` : 'Hi,',
      'The InnerEcho team made you a creator account. Choose your password to sign in to your creator dashboard, where you see your referrals, commissions and payouts.',
    ],
    action: { label: 'Choose your password', url: p.setupUrl },
    afterAction: [`The link works once, until ${until}. If it has expired, ask the InnerEcho team for a new one.`],
    footer: ['You get this mail because it is about the security of your InnerEcho creator account; it cannot be turned off.'],
  };
}

const PAYOUT_FOOTER = ['You get this mail because it is about a payout to your InnerEcho creator account.'];

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

/** Where a creator sees their payouts (the creator dashboard). */
export function creatorPayoutsUrl(publicUrl: string): string {
  return new URL('/creator-dashboard', publicUrl).toString();
}

export function payoutRequestedMail(
  publicUrl: string,
  p: { name: string; amountCents: number; requestedAt: string; reviewDays: number },
): MailContent {
  return {
    subject: `We got your payout request for ${dollars(p.amountCents)}`,
    preview: `The InnerEcho team answers within ${p.reviewDays} days`,
    heading: 'Your payout request is in',
    paragraphs: [
      greeting(p.name),
      `You asked on ${day(p.requestedAt)} to be paid ${dollars(p.amountCents)}, everything available in your balance.`,
      `The InnerEcho team reviews it within ${p.reviewDays} days and pays it or tells you why not. We will mail you either way.`,
    ],
    action: { label: 'See your payouts', url: creatorPayoutsUrl(publicUrl) },
    footer: PAYOUT_FOOTER,
  };
}

export function payoutPaidMail(publicUrl: string, p: { name: string; amountCents: number; paidAt: string }): MailContent {
  return {
    subject: `Your payout of ${dollars(p.amountCents)} was paid`,
    preview: `Paid on ${day(p.paidAt)}`,
    heading: 'Your payout was paid',
    paragraphs: [
      greeting(p.name),
      `We paid you ${dollars(p.amountCents)} on ${day(p.paidAt)}. The commissions it covers are now marked paid in your dashboard.`,
      'Depending on your bank it can take a few working days to arrive.',
    ],
    action: { label: 'See your payouts', url: creatorPayoutsUrl(publicUrl) },
    footer: PAYOUT_FOOTER,
  };
}

export function payoutDeclinedMail(
  publicUrl: string,
  p: { name: string; amountCents: number; reason: string; requested: boolean },
): MailContent {
  const reason = p.reason.trim();
  return {
    subject: p.requested
      ? `Your payout request for ${dollars(p.amountCents)} was declined`
      : `Your payout of ${dollars(p.amountCents)} could not be made`,
    preview: reason ? reason.slice(0, 120) : 'The amount is back in your balance',
    heading: p.requested ? 'Your payout request was declined' : 'Your payout could not be made',
    paragraphs: [
      greeting(p.name),
      p.requested
        ? `The InnerEcho team declined your request to be paid ${dollars(p.amountCents)}.`
        : `A payout of ${dollars(p.amountCents)} to you could not be completed.`,
      ...(reason ? [`The reason given: “${reason}”`] : []),
      `The ${dollars(p.amountCents)} is back in your available balance: you can ask for a payout again from your dashboard.`,
    ],
    action: { label: 'Open your dashboard', url: creatorPayoutsUrl(publicUrl) },
    footer: PAYOUT_FOOTER,
  };
}
