import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
import type { Request, Response } from 'express';
import {
  AppError,
  assertSameOrigin,
  declaredRoutes,
  escapeHtml,
  formError,
  formValue,
  isFormPost,
  sendPage,
  type ServiceContext,
} from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import {
  CONFIRM_EMAIL_PATH,
  confirmEmail,
  INVALID_CONFIRMATION_LINK,
  usableConfirmation,
  requestEmailChange,
  resendConfirmation,
  type ConfirmedAddress,
} from '../../domain/email-confirmation';
import { ACCOUNT_PAGE_PATH } from './account-page';
import { accountPageSender } from './account-routes';

const linkToken = (value: string | undefined) => (value ?? '').slice(0, 200);

const onwards = `<p class="switch"><a href="/affirmations">Continue to InnerEcho</a> · <a href="${ACCOUNT_PAGE_PATH}">Your account</a></p>`;

function confirmedBody(confirmed: ConfirmedAddress): string {
  const address = `<strong>${escapeHtml(confirmed.email)}</strong>`;
  return confirmed.purpose === 'change'
    ? `<h1>Your address is changed</h1>
<div class="alert success" role="status">Your InnerEcho address is now ${address}. Sign in with it from now on; you stay signed in where you are.</div>
${onwards}`
    : `<h1>Your address is confirmed</h1>
<div class="alert success" role="status">Thank you: ${address} is confirmed. If you ever forget your password, a link to choose a new one goes there.</div>
${onwards}`;
}

/**
 * Confirming an address: the mailed link's page (a button, so a mail program that opens links
 * to check them does not use the link up), the confirmation itself, "Send the link again" and
 * the change of address from the account page.
 */
export function emailConfirmationRoutes({ context }: { context: ServiceContext<IdentityConfig> }) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);
  const showAccountPage = accountPageSender(context);

  const linkPage = (res: Response, status: number, body: string, refusal?: { error: string; code: string }) =>
    sendPage(res, { status, secretInAddress: true, refusal, title: 'Confirm your address', body });

  const invalidLink = (res: Response, status = 410, message = INVALID_CONFIRMATION_LINK, code = 'CONFIRM_LINK_INVALID') =>
    linkPage(
      res,
      status,
      `<h1>This link cannot be used</h1>
<div class="alert error" role="alert">${escapeHtml(message)}</div>
${onwards}`,
      { error: message, code },
    );

  router.raw('GET /api/auth/confirm-email', async ({ query, res }) => {
    const token = linkToken(query.token);
    const link = await usableConfirmation(context.db, token);
    if (!link) return invalidLink(res);
    const change = link.purpose === 'change';
    linkPage(
      res,
      200,
      `<h1>${change ? 'Confirm your new address' : 'Confirm your address'}</h1>
<p class="lead">${
        change
          ? `One click and your InnerEcho address becomes <strong>${escapeHtml(link.email)}</strong>.`
          : `One click and <strong>${escapeHtml(link.email)}</strong> is confirmed.`
      }</p>
<form method="post" action="${CONFIRM_EMAIL_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button class="button" type="submit">${change ? 'Confirm my new address' : 'Confirm my address'}</button>
</form>`,
    );
  });

  router.raw('POST /api/auth/confirm-email', async ({ body, req, res }) => {
    assertSameOrigin(req);
    try {
      // A body without a token (or with one longer than any) confirms nothing: the link's refusal.
      const confirmed = await confirmEmail(context, body.ok ? body.value.token : '');
      req.log?.info({ purpose: confirmed.purpose }, 'address confirmed');
      if (isFormPost(req)) linkPage(res, 200, confirmedBody(confirmed));
      else res.json({ confirmed: true, email: confirmed.email, purpose: confirmed.purpose });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      invalidLink(res, error.status, error.message, error.code);
    }
  });

  const answerForm = async (
    userId: string,
    req: Request,
    res: Response,
    work: () => Promise<unknown>,
    notice: 'confirmation-sent' | 'email-change-sent',
  ) => {
    try {
      const answer = await work();
      if (isFormPost(req)) res.redirect(303, `${ACCOUNT_PAGE_PATH}?notice=${notice}`);
      else res.json(answer);
    } catch (error) {
      const appError = formError(error);
      if (!appError || !isFormPost(req)) throw appError ?? error;
      await showAccountPage(userId, res, { status: appError.status, error: appError.message });
    }
  };

  router.raw('POST /api/auth/confirm-email/resend', async ({ req, res, user }) => {
    assertSameOrigin(req);
    const { id } = user;
    await answerForm(id, req, res, async () => (await resendConfirmation(context, id), { sent: true }), 'confirmation-sent');
  });

  router.raw('POST /api/auth/email', async ({ body, req, res, user }) => {
    assertSameOrigin(req);
    const { id } = user;
    await answerForm(
      id,
      req,
      res,
      async () => ({ pendingEmail: await requestEmailChange({ context, userId: id, input: formValue(body) }) }),
      'email-change-sent',
    );
  });

  return router;
}
