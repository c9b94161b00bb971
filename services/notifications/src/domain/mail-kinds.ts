/**
 * Every kind of mail. Mails about the account's security or money always go out; the
 * others can be turned off by the person (and carry one-click unsubscribe).
 */
export const MAIL_KINDS = {
  'password-reset': { label: 'Password reset links', always: true },
  'password-changed': { label: 'Your password was changed', always: true },
  'address-confirm': { label: 'Confirm your email address', always: true },
  'address-changed': { label: 'Your email address was changed', always: true },
  receipt: { label: 'Receipts for each payment', always: true },
  'trial-ending': { label: 'Your trial ends in 3 days', always: true },
  'payment-failed': { label: 'A payment failed', always: true },
  'subscription-ended': { label: 'Your subscription ended', always: true },
  'creator-setup': { label: 'Creator account setup link', always: true },
  'payout-requested': { label: 'Payout requested', always: false },
  'payout-paid': { label: 'Payout paid', always: true },
  'payout-declined': { label: 'Payout declined', always: true },
  'daily-reminder': { label: 'Daily reminder to listen', always: false },
} as const;

export type MailKind = keyof typeof MAIL_KINDS;
