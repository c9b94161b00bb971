import type { MailContent } from './mail-layout';

const SECURITY_FOOTER = ['You get this mail because it is about the security of your InnerEcho creator account; it cannot be turned off.'];

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function creatorPasswordResetMail(p: { name: string; resetUrl: string; expiresAt: string }): MailContent {
  return {
    subject: 'Choose a new InnerEcho creator password',
    preview: 'Your link works once, for one hour',
    heading: 'Choose a new creator password',
    paragraphs: [
      greeting(p.name),
      'Someone (we hope you) asked to reset the password of your InnerEcho creator account. Use the button to choose a new one.',
    ],
    action: { label: 'Choose a new password', url: p.resetUrl },
    afterAction: [
      `The link works once, until ${when(p.expiresAt)}. Choosing a password signs you out on every device.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    footer: SECURITY_FOOTER,
  };
}

export function creatorPasswordChangedMail(publicUrl: string, p: { name: string; changedAt: string }): MailContent {
  return {
    subject: 'Your InnerEcho creator password was changed',
    preview: 'Every device was signed out',
    heading: 'Your creator password was changed',
    paragraphs: [
      greeting(p.name),
      `The password of your InnerEcho creator account was changed on ${when(p.changedAt)}, and every device that was signed in was signed out.`,
    ],
    afterAction: [],
    action: { label: 'This was not me: reset my password', url: new URL('/api/creator-auth/forgot-password', publicUrl).toString() },
    footer: ['If it was you, there is nothing to do.', ...SECURITY_FOOTER],
  };
}
