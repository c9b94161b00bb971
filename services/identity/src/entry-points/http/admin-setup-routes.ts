import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
import { type Response } from 'express';
import {
  AppError,
  assertSameOrigin,
  choosePasswordForm,
  declaredRoutes,
  escapeHtml,
  formText,
  sendPage,
  type ServiceContext,
  type TokenSigner,
} from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { ADMIN_SETUP_PATH, findUsableSetupToken, INVALID_SETUP_LINK, redeemAdminSetupLink } from '../../domain/admin-setup';
import { startSession } from '../../domain/sessions';
import { setSessionCookie } from './session-cookie';

/**
 * The one-time page where an operator's admin chooses their password. Reached only through
 * a link from the identity log or `npm run admin:setup-link`; after it the admin is signed
 * in and lands on /admin.
 */
export function adminSetupRoutes({ context, signer }: { context: ServiceContext<IdentityConfig>; signer: TokenSigner }) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);

  const page = (res: Response, status: number, token: string, error?: string, code?: string) => {
    sendPage(res, {
      status,
      secretInAddress: true,
      refusal: error ? { error, code: code ?? 'VALIDATION_FAILED' } : undefined,
      title: 'Set up the admin account',
      body: `<h1>Choose the admin password</h1>
<p class="lead">This link works once. The password you choose here signs the admin in from now on.</p>
${error ? `<div class="alert error" role="alert">${escapeHtml(error)}</div>` : ''}
${token ? choosePasswordForm(ADMIN_SETUP_PATH, token) : ''}`,
    });
  };

  router.raw('GET /api/auth/admin-setup', async ({ query, res }) => {
    const token = query.token ?? '';
    if (!token || !(await findUsableSetupToken(context.db, token))) return page(res, 410, '', INVALID_SETUP_LINK, 'SETUP_LINK_INVALID');
    page(res, 200, token);
  });

  // A refused form answers with the page again.
  router.raw('POST /api/auth/admin-setup', async ({ body, req, res }) => {
    assertSameOrigin(req);
    // A field missing, or not text: the form again, keeping the link's token.
    if (!body.ok) return page(res, 400, formText(body.posted.token), body.message);
    const form = body.value;
    const { token } = form;
    if (form.password !== form.confirm) return page(res, 400, token, 'The two passwords are not the same', 'PASSWORDS_DIFFER');
    try {
      const admin = await redeemAdminSetupLink(context, token, form.password);
      setSessionCookie(res, context.config, await startSession({ context, signer, user: admin }));
      req.log?.info({ userId: admin.id }, 'admin password set through a setup link');
      res.redirect(303, '/admin');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const invalid = error.code === 'SETUP_LINK_INVALID';
      page(res, invalid ? 410 : 400, invalid ? '' : token, error.message, error.code);
    }
  });

  return router;
}
