import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import type { Response } from 'express';
import {
  AppError,
  assertSameOrigin,
  choosePasswordForm,
  declaredRoutes,
  escapeHtml,
  formText,
  sendPage,
  type ServiceContext,
} from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import {
  CREATOR_RESET_PASSWORD_PATH,
  INVALID_CREATOR_RESET_LINK,
  isCreatorResetLinkUsable,
  issueCreatorPasswordReset,
  redeemCreatorPasswordReset,
} from '../../domain/creator-password-reset';

const FORGOT_PATH = '/api/creator-auth/forgot-password';

/** The same words whether or not a creator has the address, so the page tells nobody who is a creator. */
export const CREATOR_RESET_REQUESTED_MESSAGE =
  'If a creator account uses that address, a link to choose a new password is on its way. It works once, for one hour. Check your spam folder if it does not arrive in a few minutes.';

function forgotForm(): string {
  return `<form method="post" action="${FORGOT_PATH}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254">
<button class="button" type="submit">Send me a reset link</button>
</form>`;
}

const signInLink = '<p class="switch">Remembered it? <a href="/creator-login">Creator sign-in</a></p>';

/**
 * A creator's forgotten password: the page asking for the address (the same answer whether or
 * not a creator has it; the work happens after the answer, so it takes the same time too), and
 * the mailed one-time link's page where the new password is chosen.
 */
export function creatorPasswordResetRoutes(context: ServiceContext<CreatorReferralConfig>) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, { context });

  const forgotPage = (res: Response, status: number, options: { error?: string; sent?: boolean } = {}) =>
    sendPage(res, {
      status,
      refusal: options.error ? { error: options.error, code: 'VALIDATION_FAILED' } : undefined,
      title: 'Forgot creator password',
      body: `<h1>Forgot your creator password?</h1>
<p class="lead">Enter the address of your creator account and we will mail you a link to choose a new password.</p>
${options.error ? `<div class="alert error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${options.sent ? `<div class="alert success" role="status">${escapeHtml(CREATOR_RESET_REQUESTED_MESSAGE)}</div>` : forgotForm()}
${signInLink}`,
    });

  const resetPage = (res: Response, status: number, token: string, error?: string, code?: string) =>
    sendPage(res, {
      status,
      secretInAddress: true,
      refusal: error ? { error, code: code ?? 'VALIDATION_FAILED' } : undefined,
      title: 'Choose a new creator password',
      body: `<h1>Choose a new creator password</h1>
${error ? `<div class="alert error" role="alert">${escapeHtml(error)}</div>` : '<p class="lead">This link works once. Choosing a password signs you out on every device.</p>'}
${token ? choosePasswordForm(CREATOR_RESET_PASSWORD_PATH, token) : `${forgotForm()}${signInLink}`}`,
    });

  router.raw('GET /api/creator-auth/forgot-password', ({ res }) => forgotPage(res, 200));

  // A refused address answers with the page again.
  router.raw('POST /api/creator-auth/forgot-password', ({ body, req, res }) => {
    assertSameOrigin(req);
    if (!body.ok) return forgotPage(res, 400, { error: 'Enter the email address of your creator account' });
    // Answered before anything is looked up: the same words, status and time for every address.
    forgotPage(res, 200, { sent: true });
    issueCreatorPasswordReset(context, body.value.email).catch((error) =>
      context.logger.error({ err: error }, 'issuing a creator reset link failed'),
    );
  });

  router.raw('GET /api/creator-auth/reset-password', async ({ query, res }) => {
    const token = (query.token ?? '').slice(0, 200);
    if (!(await isCreatorResetLinkUsable(context.db, token)))
      return resetPage(res, 410, '', INVALID_CREATOR_RESET_LINK, 'RESET_LINK_INVALID');
    resetPage(res, 200, token);
  });

  router.raw('POST /api/creator-auth/reset-password', async ({ body, req, res }) => {
    assertSameOrigin(req);
    // A field missing, or not text: the form again, keeping the link's token.
    if (!body.ok) return resetPage(res, 400, formText(body.posted.token).slice(0, 200), body.message);
    const form = body.value;
    const token = form.token.slice(0, 200);
    if (form.password !== form.confirm) return resetPage(res, 400, token, 'The two passwords are not the same', 'PASSWORDS_DIFFER');
    try {
      await redeemCreatorPasswordReset(context, token, form.password);
      req.log?.info('creator password set through a reset link');
      sendPage(res, {
        title: 'Password changed',
        body: `<h1>Your password is changed</h1>
<div class="alert success" role="status">Your creator password is changed, and every device that was signed in has been signed out. Sign in with your new password.</div>
<p><a class="button" href="/creator-login">Creator sign-in</a></p>`,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const invalid = error.code === 'RESET_LINK_INVALID';
      resetPage(res, invalid ? 410 : 400, invalid ? '' : token, error.message, error.code);
    }
  });

  return router;
}
