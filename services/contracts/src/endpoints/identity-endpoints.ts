import { z } from 'zod';
import {
  emailField,
  ZChangeEmailInput,
  ZChangePasswordInput,
  ZLinkToken,
  ZDeleteAccountInput,
  ZSessionId,
  ZSignInInput,
  ZSignUpInput,
  ZCurrentUser,
} from '../api/identity-api';
import { answers, declareEndpoints, EXAMPLE_SESSION_ID } from './define-endpoint';

const returnTo = z.string().optional().describe('A path on this site to go to afterwards (anything else is ignored)');
const SIGN_IN_FIELDS_TOLERATED = ['returnTo', 'mode', 'notice'] as const;

/** Identity: signing in and up, the current user, the account page, and the keys other services verify sessions with. */
export const IDENTITY_ENDPOINTS = declareEndpoints('identity', {
  'GET /api/login': {
    summary: 'The sign-in and sign-up page (or the OpenID provider, when one is configured)',
    access: 'public',
    query: z.object({
      returnTo,
      mode: z.string().optional().describe("'signin' or 'signup'; anything else shows the default form"),
      notice: z.string().optional().describe('A notice to show (signed-out-everywhere, account-deleted, …); unknown ones are ignored'),
    }),
    answers: { 200: answers.page('The sign-in page'), 302: answers.redirect('Already signed in, or to the OpenID provider') },
    tolerated: SIGN_IN_FIELDS_TOLERATED,
    example: { query: { returnTo: '/affirmations', mode: 'signin', notice: 'signed-out-everywhere' } },
  },
  'POST /api/login': {
    summary: 'Signs a listener in (JSON, or the sign-in form)',
    access: 'public',
    body: ZSignInInput.extend({ returnTo }),
    answers: {
      200: answers.json(ZCurrentUser, 'Signed in (JSON); the session cookie is set'),
      303: answers.redirect('Signed in (form): on to the return path'),
      401: answers.error('Wrong email or password'),
    },
    bodyKind: 'json-or-form',
    signIn: 'listener-password',
    signInNamesAccount: true,
    tolerated: ['returnTo'],
    example: { body: { email: 'sweep@example.com', password: 'a long enough password', returnTo: '/affirmations' } },
  },
  'POST /api/signup': {
    summary: 'Creates a listener account and signs it in (JSON, or the sign-up form)',
    access: 'public',
    body: ZSignUpInput.extend({ returnTo }),
    answers: {
      201: answers.json(ZCurrentUser, 'Created and signed in (JSON)'),
      303: answers.redirect('Created (form): on to the return path'),
      409: answers.error('An account with this email exists'),
    },
    bodyKind: 'json-or-form',
    signIn: 'sign-up',
    tolerated: ['returnTo'],
    example: { body: { name: 'Sweep', email: 'sweep-signup@example.com', password: 'a long enough password', returnTo: '/affirmations' } },
  },
  'GET /api/logout': {
    summary: 'Signs out this browser and goes home',
    access: 'public',
    answers: { 303: answers.redirect('Home, signed out') },
  },
  'POST /api/logout': {
    summary: 'Signs out this browser',
    access: 'public',
    answers: { 303: answers.redirect('Home, signed out') },
    bodyKind: 'json-or-form',
  },
  'GET /api/auth/user': {
    summary: 'The signed-in listener (401 when signed out)',
    access: 'listener',
    answers: { 200: answers.json(ZCurrentUser), 401: answers.error('Signed out') },
    personalRead: true,
  },
  'GET /api/auth/session': {
    summary: 'Who is looking: the signed-in listener, or null (never a 401)',
    access: 'public',
    answers: { 200: answers.json(z.object({ user: ZCurrentUser.nullable() })) },
    personalRead: true,
  },
  'GET /api/auth/account': {
    summary: 'The account page (password change, sign out everywhere, deletion)',
    access: 'public',
    query: z.object({ notice: z.string().optional().describe('A notice to show; unknown ones are ignored') }),
    answers: { 200: answers.page('The account page'), 302: answers.redirect('Signed out: to sign in first') },
    tolerated: ['notice'],
    example: { query: { notice: 'password-changed' } },
  },
  'POST /api/auth/password': {
    summary: 'Changes the password, confirmed with the current one; ends every other session',
    access: 'listener',
    body: ZChangePasswordInput,
    answers: {
      200: answers.json(ZCurrentUser),
      303: answers.redirect('Changed (form)'),
      400: answers.error('Wrong current password, or a new one it refuses'),
      409: answers.error('The account signs in through the OpenID provider, where its password is changed'),
    },
    bodyKind: 'json-or-form',
    signIn: 'listener-password',
    example: { body: { currentPassword: 'a long enough password', newPassword: 'another long password' } },
  },
  'POST /api/auth/logout-everywhere': {
    summary: 'Ends every session of the signed-in listener',
    access: 'listener',
    answers: {
      200: answers.json(z.object({ signedOutSessions: z.number() })),
      303: answers.redirect('Done (form): to sign in'),
    },
    bodyKind: 'json-or-form',
  },
  'DELETE /api/auth/account': {
    summary: 'Deletes the account, confirmed with the password (or the email, for OpenID accounts)',
    access: 'listener',
    body: ZDeleteAccountInput,
    answers: {
      200: answers.json(z.object({ deleted: z.literal(true) })),
      400: answers.error('Wrong password (or email, for an OpenID account)'),
      409: answers.error('The only admin cannot be deleted'),
    },
    bodyKind: 'json-or-form',
    signIn: 'listener-password',
    example: { body: { password: 'the account password' } },
  },
  'POST /api/auth/account/delete': {
    summary: 'The account page form that deletes the account (as DELETE /api/auth/account)',
    access: 'listener',
    body: ZDeleteAccountInput,
    answers: {
      200: answers.json(z.object({ deleted: z.literal(true) })),
      303: answers.redirect('Deleted (form): to sign up'),
      400: answers.error('Wrong password (or email, for an OpenID account); a form gets the account page again'),
      409: answers.error('The only admin cannot be deleted'),
    },
    bodyKind: 'json-or-form',
    signIn: 'listener-password',
    example: { body: { password: 'the account password' } },
  },
  'GET /api/auth/callback': {
    summary: "The OpenID provider's return (404 without a provider)",
    access: 'public',
    query: z.object({ code: z.string().optional(), state: z.string().optional() }),
    answers: {
      302: answers.redirect('Signed in: on to the return path'),
      400: answers.error('The sign-in took too long or was started in another browser'),
      401: answers.error('The provider refused the sign-in'),
      404: answers.error('No OpenID provider is configured'),
    },
    tolerated: ['code', 'state'],
    example: { query: { code: 'code', state: 'state' } },
  },
  'GET /api/auth/forgot-password': {
    summary: 'The page that asks for the address to send a password reset link to',
    access: 'public',
    answers: { 200: answers.page('The address form') },
  },
  'POST /api/auth/forgot-password': {
    summary: 'Mails a one-time password reset link when an account has this address; the answer is the same either way (form)',
    access: 'public',
    body: z.object({ email: emailField() }),
    answers: { 200: answers.page('The same words whether or not an account exists'), 400: answers.page('Not an email address') },
    bodyKind: 'json-or-form',
    signIn: 'sign-up',
    example: { body: { email: 'nobody@example.com' } },
  },
  'GET /api/auth/reset-password': {
    summary: 'The page where a listener chooses a new password, from a one-time reset link',
    access: 'public',
    query: z.object({ token: z.string().optional().describe('The one-time token of the link') }),
    answers: { 200: answers.page('The password form'), 410: answers.page('The link is used, expired or unknown') },
    tolerated: ['token'],
    example: { query: { token: 'not-a-token' } },
  },
  'POST /api/auth/reset-password': {
    summary: 'Sets a new password from a one-time reset link and ends every session of the account (form)',
    access: 'public',
    body: z.object({ token: z.string(), password: z.string(), confirm: z.string() }),
    answers: {
      303: answers.redirect('To the sign-in page, which says the password was changed'),
      400: answers.page('Refused: the form again, with why'),
      410: answers.page('The link is used, expired or unknown'),
    },
    bodyKind: 'json-or-form',
    example: { body: { token: 'not-a-token', password: 'a long enough password', confirm: 'a long enough password' } },
  },
  'GET /api/auth/confirm-email': {
    summary: 'The page of a mailed one-time link that confirms an address (a button confirms it)',
    access: 'public',
    query: z.object({ token: z.string().optional().describe('The one-time token of the link') }),
    answers: { 200: answers.page('The confirm button'), 410: answers.page('The link is used, expired or unknown') },
    tolerated: ['token'],
    example: { query: { token: 'not-a-token' } },
  },
  'POST /api/auth/confirm-email': {
    summary: "Confirms an address from a one-time link: the account's own, or a new one it changes to (form or JSON)",
    access: 'public',
    body: ZLinkToken,
    answers: {
      200: answers.json(
        z.object({ confirmed: z.literal(true), email: z.string(), purpose: z.enum(['sign-up', 'change']) }),
        'Confirmed (JSON; a form gets a page saying so)',
      ),
      409: answers.error('Another account took the new address meanwhile'),
      410: answers.error('The link is used, expired or unknown'),
    },
    bodyKind: 'json-or-form',
    example: { body: { token: 'not-a-token' } },
  },
  'POST /api/auth/confirm-email/resend': {
    summary: "Mails the account's confirmation link again (a few an hour)",
    access: 'listener',
    answers: {
      200: answers.json(z.object({ sent: z.literal(true) })),
      303: answers.redirect('Sent (form): back to the account page'),
      429: answers.error('Several links were sent in the last hour'),
    },
    bodyKind: 'json-or-form',
  },
  'POST /api/auth/email': {
    summary: 'Asks to change the address, confirmed with the current password; it changes once the new address follows its mailed link',
    access: 'listener',
    body: ZChangeEmailInput,
    answers: {
      200: answers.json(z.object({ pendingEmail: z.string() }), 'The link is on its way (the same whether or not the address is free)'),
      303: answers.redirect('Asked (form): back to the account page'),
      400: answers.error('Wrong current password, or not an address'),
    },
    bodyKind: 'json-or-form',
    signIn: 'listener-password',
    example: { body: { currentPassword: 'a long enough password', email: 'sweep-new@example.com' } },
  },
  'GET /api/auth/admin-setup': {
    summary: 'The page where a new admin chooses a password, from a one-time link',
    access: 'public',
    query: z.object({ token: z.string().optional().describe('The one-time token of the link') }),
    answers: { 200: answers.page('The password form'), 410: answers.page('The link is used, expired or unknown') },
    tolerated: ['token'],
    example: { query: { token: 'not-a-token' } },
  },
  'POST /api/auth/admin-setup': {
    summary: "Sets a new admin's password from a one-time link (form)",
    access: 'public',
    body: z.object({ token: z.string(), password: z.string(), confirm: z.string() }),
    answers: {
      303: answers.redirect('Signed in: to /admin'),
      400: answers.page('Refused: the form again, with why'),
      410: answers.page('The link is used, expired or unknown'),
    },
    bodyKind: 'json-or-form',
    example: { body: { token: 'not-a-token', password: 'a long enough password', confirm: 'a long enough password' } },
  },

  // Inside the system: other services and the gateway verify sessions with these.
  'GET /.well-known/jwks.json': {
    summary: 'The public keys sessions are signed with',
    access: 'service',
    answers: { 200: answers.json(z.object({ keys: z.array(z.record(z.string(), z.unknown())) })) },
  },
  'GET /internal/session-revocations': {
    summary: 'The feed of ended sessions after a cursor, held open up to waitSeconds',
    access: 'service',
    query: z.object({ after: z.string().optional(), waitSeconds: z.string().optional() }),
    answers: {
      200: answers.json(
        z.object({
          revocations: z.array(z.object({ sid: z.string(), expiresAt: z.string() })),
          cursor: z.string().describe('Where the next page starts'),
          more: z.boolean().describe('Whether a full page was answered (ask again at once)'),
        }),
      ),
      400: answers.error('Not a cursor of this feed'),
    },
  },
  'POST /internal/session-bindings': {
    summary: "Binds a browser's sessionId to the signed-in caller (403 when it is someone else's)",
    access: 'service',
    body: z.object({ sessionId: ZSessionId }),
    answers: { 200: answers.json(z.object({ sessionId: z.string(), userId: z.string() })), 403: answers.error('Another account owns it') },
    example: { body: { sessionId: EXAMPLE_SESSION_ID } },
  },
});
