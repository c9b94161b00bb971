import type { MailContent } from './mail-layout';

const SECURITY_FOOTER = ['You get this mail because it is about the security of your InnerEcho account; it cannot be turned off.'];

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

function day(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

/** The link that confirms an address: the account's own after sign-up, or a new one it is changing to. */
export function addressConfirmMail(p: {
  name: string;
  email: string;
  purpose: 'sign-up' | 'change';
  confirmUrl: string;
  expiresAt: string;
}): MailContent {
  const change = p.purpose === 'change';
  return {
    subject: change ? 'Confirm your new InnerEcho address' : 'Confirm your InnerEcho address',
    preview: change ? 'Your address changes once you follow the link' : 'One click, so you can always get back into your account',
    heading: change ? 'Confirm your new address' : 'Confirm your address',
    paragraphs: change
      ? [
          greeting(p.name),
          `You asked to change the address of your InnerEcho account to ${p.email}. Use the button to confirm it: your address changes only then.`,
        ]
      : [
          greeting(p.name),
          `Welcome to InnerEcho. Use the button to confirm that ${p.email} is yours, so a link to choose a new password can reach you if you ever forget it. Everything works meanwhile.`,
        ],
    action: { label: change ? 'Confirm my new address' : 'Confirm my address', url: p.confirmUrl },
    afterAction: [
      `The link works once, until ${day(p.expiresAt)}.`,
      change
        ? 'If you did not ask for this, ignore this mail: nothing changes.'
        : 'If you did not sign up for InnerEcho, ignore this mail.',
    ],
    footer: SECURITY_FOOTER,
  };
}

/** Told to the previous address once the account's address changed. */
export function addressChangedMail(publicUrl: string, p: { name: string; email: string; changedAt: string }): MailContent {
  return {
    subject: 'Your InnerEcho address was changed',
    preview: `From now on your account uses ${p.email}`,
    heading: 'Your address was changed',
    paragraphs: [
      greeting(p.name),
      `The address of your InnerEcho account was changed to ${p.email} on ${day(p.changedAt)}. Mail about your account goes there from now on, and you sign in with it.`,
      'If you did not make this change, someone else may know your password: contact InnerEcho support from this address, so we can give your account back to you.',
    ],
    action: { label: 'Open InnerEcho', url: new URL('/', publicUrl).toString() },
    afterAction: [],
    footer: ['If it was you, there is nothing to do.', ...SECURITY_FOOTER],
  };
}
