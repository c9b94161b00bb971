import { IDENTITY_ENDPOINTS, type DeleteAccountInput } from '@innerecho/contracts';
import { type Request, type Response } from 'express';
import {
  assertSameOrigin,
  formError,
  formValue,
  isFormPost,
  sendPage,
  type FormBody,
  type ServiceContext,
  type SessionClaims,
  type TokenSigner,
  declaredRoutes,
} from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { changePassword } from '../../domain/change-password';
import { deleteAccount } from '../../domain/delete-account';
import { getCurrentUser } from '../../domain/current-user';
import { endAllSessions, startSession } from '../../domain/sessions';
import { findUserById } from '../../data-access/user-repository';
import { findPendingAddress } from '../../data-access/email-confirmation-repository';
import { ACCOUNT_NOTICES, ACCOUNT_PAGE_FOOTER, ACCOUNT_PAGE_PATH, renderAccountPage, type AccountNotice } from './account-page';
import { loginPageHref } from './login-page';
import { endSessionOnThisBrowser, setSessionCookie } from './session-cookie';

export type AccountPageSender = (
  userId: string,
  res: Response,
  extra: { status?: number; notice?: AccountNotice; error?: string },
) => Promise<void>;

/** Sends the signed-in listener's account page, with a notice or an error above its forms. */
export function accountPageSender(context: ServiceContext<IdentityConfig>): AccountPageSender {
  return async (userId, res, extra) => {
    const user = await findUserById(context.db, userId);
    if (!user) {
      res.redirect(303, loginPageHref('signin', ACCOUNT_PAGE_PATH));
      return;
    }
    sendPage(res, {
      status: extra.status,
      title: 'Your account',
      body: renderAccountPage({
        name: user.name,
        email: user.email,
        hasPassword: Boolean(user.passwordHash),
        emailConfirmed: Boolean(user.emailConfirmedAt),
        pendingEmail: await findPendingAddress(context.db, user.id),
        notice: extra.notice,
        error: extra.error,
      }),
      footer: ACCOUNT_PAGE_FOOTER,
    });
  };
}

/**
 * The listener's account: the page (GET /api/auth/account), a password change, "sign out
 * everywhere" and deleting the account (DELETE /api/auth/account, or the page's form
 * posting to /api/auth/account/delete). Each ends sessions; each refuses posts from other sites.
 */
export function accountRoutes({ context, signer }: { context: ServiceContext<IdentityConfig>; signer: TokenSigner }) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);
  const { config } = context;

  const showAccountPage = accountPageSender(context);

  // Open to anyone: a visitor is sent to sign in first.
  router.raw('GET /api/auth/account', async ({ query, user, res }) => {
    if (!user) {
      res.redirect(302, loginPageHref('signin', ACCOUNT_PAGE_PATH));
      return;
    }
    const notice =
      // An own key only: `in` would also find `constructor`, `toString` and `__proto__` on the object's prototype.
      query.notice !== undefined && Object.hasOwn(ACCOUNT_NOTICES, query.notice) ? (query.notice as AccountNotice) : undefined;
    await showAccountPage(user.id, res, { notice });
  });

  router.raw('POST /api/auth/password', async ({ user: claims, body, req, res }) => {
    assertSameOrigin(req);
    try {
      // A refused form (its body, or the password) gets the account page again, saying why.
      const user = await changePassword({ context, userId: claims.id, input: formValue(body) });
      // Every session ended with the old password; this browser carries on in a new one.
      setSessionCookie(res, config, await startSession({ context, signer, user }));
      if (isFormPost(req)) res.redirect(303, `${ACCOUNT_PAGE_PATH}?notice=password-changed`);
      else res.json(await getCurrentUser(context.db, user.id));
    } catch (error) {
      const appError = formError(error);
      if (!appError || !isFormPost(req)) throw appError ?? error;
      await showAccountPage(claims.id, res, { status: appError.status, error: appError.message });
    }
  });

  router.raw('POST /api/auth/logout-everywhere', async ({ user: claims, req, res }) => {
    assertSameOrigin(req);
    const ended = await endAllSessions(context, claims.id);
    endSessionOnThisBrowser(res, config);
    if (isFormPost(req)) res.redirect(303, '/api/login?mode=signin&notice=signed-out-everywhere');
    else res.json({ signedOutSessions: ended });
  });

  type RemoveInput = { user: SessionClaims; body: FormBody<DeleteAccountInput>; req: Request; res: Response };
  const removeAccount = async ({ user: claims, body, req, res }: RemoveInput) => {
    assertSameOrigin(req);
    try {
      await deleteAccount({ context, userId: claims.id, input: formValue(body), requestId: req.requestId });
    } catch (error) {
      const appError = formError(error);
      if (!appError || !isFormPost(req)) throw appError ?? error;
      await showAccountPage(claims.id, res, { status: appError.status, error: appError.message });
      return;
    }
    endSessionOnThisBrowser(res, config);
    if (isFormPost(req)) res.redirect(303, '/api/login?mode=signup&notice=account-deleted');
    else res.json({ deleted: true });
  };
  router.raw('DELETE /api/auth/account', removeAccount);
  router.raw('POST /api/auth/account/delete', removeAccount);

  return router;
}
