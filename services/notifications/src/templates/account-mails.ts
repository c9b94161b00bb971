import type { MailContent } from './mail-layout';

const SECURITY_FOOTER = ['You get this mail because it is about the security of your InnerEcho account; it cannot be turned off.'];

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function passwordResetMail(p: { name: string; resetUrl: string; expiresAt: string }): MailContent {
  return {
    subject: 'Choose a new InnerEcho password',
    preview: 'Your link works once, for one hour',
    heading: 'Choose a new password',
    paragraphs: [
      greeting(p.name),
      'Someone (we hope you) asked to reset the password of your InnerEcho account. Use the button to choose a new one.',
    ],
    action: { label: 'Choose a new password', url: p.resetUrl },
    afterAction: [
      `The link works once, until ${when(p.expiresAt)}. Choosing a password signs you out on every other device.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    footer: SECURITY_FOOTER,
  };
}

export function passwordChangedMail(publicUrl: string, p: { name: string; changedAt: string }): MailContent {
  const forgotUrl = new URL('/api/auth/forgot-password', publicUrl).toString();
  return {
    subject: 'Your InnerEcho password was changed',
    preview: 'Every other device was signed out',
    heading: 'Your password was changed',
    paragraphs: [
      greeting(p.name),
      `The password of your InnerEcho account was changed on ${when(p.changedAt)}, and every other device was signed out.`,
    ],
    afterAction: [],
    action: { label: 'This was not me: reset my password', url: forgotUrl },
    footer: ['If it was you, there is nothing to do.', ...SECURITY_FOOTER],
  };
}
