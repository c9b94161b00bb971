import { z } from 'zod';
import { textField } from './text';

export const ROLES = ['subscriber', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/auth/user */
export const ZCurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** 'active' while the subscription is active or trialing (a 3-day trial counts), else 'inactive'. */
  subscriptionStatus: z.enum(['active', 'inactive']),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

export const PASSWORD_MIN_LENGTH = 8;

export const ENTER_EMAIL = 'Enter a valid email address';

/** An email address as typed: trimmed, lowercased, at most 254 characters. */
export const emailField = () => textField({ max: 254, tooLong: ENTER_EMAIL }).toLowerCase().email(ENTER_EMAIL);

/** A new password: at least 8 characters, taken exactly as typed. */
export const newPasswordField = () =>
  textField({ max: 200, tooLong: 'Password is too long', trim: false, multiline: true }).min(
    PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  );

export const ZSignInInput = z.object({
  email: emailField(),
  password: textField({ max: 200, required: 'Enter your password', trim: false, multiline: true }),
});
export type SignInInput = z.output<typeof ZSignInInput>;

export const ZSignUpInput = z.object({
  name: textField({ max: 80, tooLong: 'Name is too long' }).default(''),
  email: emailField(),
  password: newPasswordField(),
});
export type SignUpInput = z.output<typeof ZSignUpInput>;

/** The account page's password change. */
export const ZChangePasswordInput = z.object({
  currentPassword: textField({ max: 200, required: 'Enter your current password', trim: false, multiline: true }),
  newPassword: newPasswordField(),
});
export type ChangePasswordInput = z.output<typeof ZChangePasswordInput>;

/** The account page's change of address, confirmed with the current password; takes effect once the new address confirms. */
export const ZChangeEmailInput = z.object({
  currentPassword: textField({ max: 200, required: 'Enter your current password', trim: false, multiline: true }),
  email: emailField(),
});
export type ChangeEmailInput = z.output<typeof ZChangeEmailInput>;

/** A one-time link's token, posted back from the page the link opens. */
export const ZLinkToken = z.object({ token: z.string().max(200) });

/** The browser's anonymous session id: 'session_' + timestamp + random string. */
export const ZSessionId = z.string().regex(/^session_[A-Za-z0-9_]{6,100}$/, 'Invalid session id');

/**
 * Deleting the account, confirmed with the password, or (an account that signs in through
 * the OpenID provider has none here) with the account's email typed out.
 */
export const ZDeleteAccountInput = z.object({
  password: textField({ max: 200, trim: false, multiline: true }).optional(),
  email: textField({ max: 254, tooLong: ENTER_EMAIL }).toLowerCase().optional(),
});
export type DeleteAccountInput = z.output<typeof ZDeleteAccountInput>;
