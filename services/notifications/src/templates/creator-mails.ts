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
