import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { type Response } from 'express';
import {
  AppError,
  assertSameOrigin,
  choosePasswordForm,
  escapeHtml,
  formText,
  sendPage,
  type ServiceContext,
  declaredRoutes,
} from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import {
  CREATOR_SETUP_PATH,
  INVALID_CREATOR_SETUP_LINK,
  isUsableCreatorSetupLink,
  redeemCreatorSetupLink,
} from '../../domain/creator-setup';
import type { CreatorSessions } from './creator-session';

/**
 * The one-time page where a creator chooses their password, reached through the link an
 * admin sent them. Afterwards the creator is signed in and lands on their dashboard.
 */
export function creatorSetupRoutes(context: ServiceContext<CreatorReferralConfig>, sessions: CreatorSessions) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, { context });

  const page = (res: Response, status: number, token: string, error?: string, code?: string) => {
    sendPage(res, {
      status,
      secretInAddress: true,
      refusal: error ? { error, code: code ?? 'VALIDATION_FAILED' } : undefined,
      title: 'Choose your creator password',
      body: `<h1>Choose your creator password</h1>
<p class="lead">This link works once. Afterwards you sign in to your creator dashboard with your email and this password.</p>
${error ? `<div class="alert error" role="alert">${escapeHtml(error)}</div>` : ''}
${token ? choosePasswordForm(CREATOR_SETUP_PATH, token) : ''}`,
      footer: '<p class="footer"><a href="/creator-login">Creator sign-in</a></p>',
    });
  };

  router.raw('GET /api/creator-auth/setup', async ({ query, res }) => {
    const token = (query.token ?? '').slice(0, 200);
    if (!(await isUsableCreatorSetupLink(context, token))) return page(res, 410, '', INVALID_CREATOR_SETUP_LINK, 'SETUP_LINK_INVALID');
    page(res, 200, token);
  });

  // A refused form answers with the page again.
  router.raw('POST /api/creator-auth/setup', async ({ body, req, res }) => {
    assertSameOrigin(req);
    // A field missing, or not text: the form again, keeping the link's token.
    if (!body.ok) return page(res, 400, formText(body.posted.token).slice(0, 200), body.message);
    const form = body.value;
    const token = form.token.slice(0, 200);
    if (form.password !== form.confirm) return page(res, 400, token, 'The two passwords are not the same', 'PASSWORDS_DIFFER');
    try {
      const creator = await redeemCreatorSetupLink(context, token, form.password);
      await sessions.start(res, creator);
      req.log?.info({ creatorId: creator.id }, 'creator password set through a setup link');
      res.redirect(303, '/creator-dashboard');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const invalid = error.code === 'SETUP_LINK_INVALID';
      page(res, invalid ? 410 : 400, invalid ? '' : token, error.message, error.code);
    }
  });

  return router;
}
