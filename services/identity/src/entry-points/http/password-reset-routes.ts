import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
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
import type { IdentityConfig } from '../../config';
import {
  INVALID_RESET_LINK,
  isResetTokenUsable,
  issuePasswordReset,
  redeemPasswordReset,
  RESET_PASSWORD_PATH,
} from '../../domain/password-reset';

const FORGOT_PATH = '/api/auth/forgot-password';

/** The same words whether or not an account has the address, so the page tells nobody who has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses that address, a link to choose a new password is on its way. It works once, for one hour. Check your spam folder if it does not arrive in a few minutes.';

function forgotForm(email = ''): string {
  return `<form method="post" action="${FORGOT_PATH}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(email)}">
<button class="button" type="submit">Send me a reset link</button>
</form>`;
}

const signInLink = '<p class="switch">Remembered it? <a href="/api/login?mode=signin">Sign in</a></p>';

/**
 * Forgot password: a page asking for the address, which answers the same whether or not an
 * account exists (the work happens after the answer, so it takes the same time too), and
 * the page of the mailed one-time link where the new password is chosen.
 */
export function passwordResetRoutes({ context }: { context: ServiceContext<IdentityConfig> }) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);

  const forgotPage = (res: Response, status: number, options: { error?: string; sent?: boolean; email?: string } = {}) =>
    sendPage(res, {
      status,
      refusal: options.error ? { error: options.error, code: 'VALIDATION_FAILED' } : undefined,
      title: 'Forgot password',
      body: `<h1>Forgot your password?</h1>
<p class="lead">Enter the address you signed up with and we will mail you a link to choose a new password.</p>
${options.error ? `<div class="alert error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${options.sent ? `<div class="alert success" role="status">${escapeHtml(RESET_REQUESTED_MESSAGE)}</div>` : forgotForm(options.email)}
${signInLink}`,
    });

  const resetPage = (res: Response, status: number, token: string, error?: string, code?: string) =>
    sendPage(res, {
      status,
      secretInAddress: true,
      refusal: error ? { error, code: code ?? 'VALIDATION_FAILED' } : undefined,
      title: 'Choose a new password',
      body: `<h1>Choose a new password</h1>
${error ? `<div class="alert error" role="alert">${escapeHtml(error)}</div>` : '<p class="lead">This link works once. Choosing a password signs you out on every other device.</p>'}
${token ? choosePasswordForm(RESET_PASSWORD_PATH, token) : `${forgotForm()}${signInLink}`}`,
    });

  router.raw('GET /api/auth/forgot-password', ({ res }) => forgotPage(res, 200));

  // A refused address answers with the page again.
  router.raw('POST /api/auth/forgot-password', ({ body, req, res }) => {
    assertSameOrigin(req);
    if (!body.ok) return forgotPage(res, 400, { error: 'Enter the email address you signed up with', email: '' });
    // Answered before anything is looked up: the same words, status and time for every address.
    forgotPage(res, 200, { sent: true });
    issuePasswordReset(context, body.value.email).catch((error) =>
      context.logger.error({ err: error }, 'issuing a password reset link failed'),
    );
  });

  router.raw('GET /api/auth/reset-password', async ({ query, res }) => {
    const token = (query.token ?? '').slice(0, 200);
    if (!token || !(await isResetTokenUsable(context.db, token))) return resetPage(res, 410, '', INVALID_RESET_LINK, 'RESET_LINK_INVALID');
    resetPage(res, 200, token);
  });

  router.raw('POST /api/auth/reset-password', async ({ body, req, res }) => {
    assertSameOrigin(req);
    // A refused form (a field missing, or not text) answers with the form again, keeping the link's token.
    if (!body.ok) return resetPage(res, 400, formText(body.posted.token).slice(0, 200), body.message);
    const form = body.value;
    const token = form.token.slice(0, 200);
    if (form.password !== form.confirm) return resetPage(res, 400, token, 'The two passwords are not the same', 'PASSWORDS_DIFFER');
    try {
      await redeemPasswordReset(context, token, form.password);
      req.log?.info('password set through a reset link');
      res.redirect(303, '/api/login?mode=signin&notice=password-reset');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const invalid = error.code === 'RESET_LINK_INVALID';
      resetPage(res, invalid ? 410 : 400, invalid ? '' : token, error.message, error.code);
    }
  });

  return router;
}
