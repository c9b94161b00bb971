import { z } from 'zod';

export const ROLES = ['subscriber', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** GET /api/auth/user */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** 'active' while the subscription is active or trialing (a 3-day trial counts), else 'inactive'. */
  subscriptionStatus: 'active' | 'inactive';
}

export const PASSWORD_MIN_LENGTH = 8;

export const ZSignInInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password').max(200),
});

export const ZSignUpInput = z.object({
  name: z.string().trim().max(80, 'Name is too long').default(''),
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password is too long'),
});

/** The browser's anonymous session id: 'session_' + timestamp + random string. */
export const ZSessionId = z.string().regex(/^session_[A-Za-z0-9_]{6,100}$/, 'Invalid session id');
