import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
import { type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import {
  AppError,
  assertSameOrigin,
  forbidden,
  formError,
  formText,
  formValue,
  isFormPost,
  mountPersonalReads,
  requireUser,
  sendPage,
  unauthorized,
  type FormBody,
  type KeyStore,
  type PersonalRead,
  type SessionClaims,
  type ServiceContext,
  type TokenSigner,
  declaredRoutes,
} from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { getCurrentUser, getSignedInUser } from '../../domain/current-user';
import { registerUser } from '../../domain/register-user';
import { endSession, startSession } from '../../domain/sessions';
import { signIn, signInWithProvider } from '../../domain/sign-in';
import type { UserRecord } from '../../data-access/user-repository';
import { LOGIN_NOTICES, loginPageTitle, renderLoginPage, type LoginMode, type LoginNotice } from './login-page';
import type { OidcSignIn } from './oidc';
import { resolveReturnTo, safePath, DEFAULT_AFTER_SIGN_IN } from './return-to';
import { cookieOptions, endSessionOnThisBrowser, RETURNING_COOKIE, setSessionCookie } from './session-cookie';

const OIDC_PENDING_COOKIE = 'ie_oidc';

/** The fields of a sign-in or sign-up form as they came, which the page shows again. */
type SignInForm = FormBody<unknown>['posted'];
const CROSS_SITE_SIGN_IN = 'Cross-site sign-in is not allowed';

export interface AuthRoutesOptions {
  context: ServiceContext<IdentityConfig>;
  signer: TokenSigner;
  keys: KeyStore;
  oidc: OidcSignIn | null;
}

/**
 * Which form the sign-in page shows first: the one asked for (`?mode=signup|signin`), else
 * sign-in for a browser that has signed in before, else sign-up (most visitors are new).
 */
function loginModeFor(req: Request, asked: string | undefined): LoginMode {
  if (asked === 'signup' || asked === 'signin') return asked;
  return req.cookies?.[RETURNING_COOKIE] === '1' ? 'signin' : 'signup';
}

/**
 * The signed-in user, asked by every page a listener opens: answered before Express when the
 * session is valid (see `personalReadLane`), by the routes otherwise (a visitor, a refusal).
 */
export function identityPersonalReads(context: ServiceContext<IdentityConfig>): PersonalRead[] {
  // Each reads the user through their session, which it refuses unless active: the session
  // check and the answer are one query.
  const signedInUser = async (caller: SessionClaims) => {
    const user = await getSignedInUser(context.db, caller);
    if (!user) throw unauthorized();
    return user;
  };
  return [
    { path: '/api/auth/user', answerChecksSession: true, answer: (req) => signedInUser(requireUser(req)) },
    // The same question for pages that work signed in or out: being signed out is an answer
    // (200 with null), not a failed request, so a visitor's browser logs no error for it. A
    // session found revoked here is refused, and the long way answers null for it.
    {
      path: '/api/auth/session',
      headers: { 'cache-control': 'no-store' },
      answerChecksSession: true,
      answer: async (req) => ({ user: req.user ? await signedInUser(req.user) : null }),
    },
  ];
}

/**
 * /api/login, /api/signup, /api/logout, /api/auth/user and the OpenID callback. Form posts
 * (the built-in page) answer with redirects and a re-rendered page; JSON posts answer JSON.
 */
export function authRoutes({ context, signer, keys, oidc }: AuthRoutesOptions) {
  const router = declaredRoutes(IDENTITY_ENDPOINTS);
  const { config } = context;
  mountPersonalReads(router, identityPersonalReads(context));

  const beginSession = async (res: Response, user: UserRecord) => {
    setSessionCookie(res, config, await startSession({ context, signer, user }));
  };

  // A refused form (its body, or the sign-in) answers with the page again; a JSON caller with JSON.
  const answerWithUser = async (req: Request, res: Response, form: SignInForm, user: UserRecord, status: number) => {
    await beginSession(res, user);
    if (isFormPost(req)) {
      res.redirect(303, safePath(form.returnTo) ?? DEFAULT_AFTER_SIGN_IN);
    } else {
      res.status(status).json(await getCurrentUser(context.db, user.id));
    }
  };

  const answerWithError = (req: Request, res: Response, form: SignInForm, error: unknown, mode: LoginMode) => {
    const appError = formError(error);
    if (!appError) throw error;
    if (!isFormPost(req)) throw appError;
    sendPage(res, {
      status: appError.status,
      title: loginPageTitle(mode),
      body: renderLoginPage({
        mode,
        returnTo: safePath(form.returnTo) ?? DEFAULT_AFTER_SIGN_IN,
        error: appError.message,
        email: formText(form.email),
        name: formText(form.name),
      }),
    });
  };

  router.raw('GET /api/login', async ({ query, user, req, res }) => {
    const returnTo = resolveReturnTo(req, query.returnTo);
    // Already signed in: straight on to where they were going.
    if (user) {
      res.redirect(302, returnTo);
      return;
    }
    if (oidc) {
      const { url, pending } = await oidc.start(returnTo);
      const token = jwt.sign(pending, keys.signingKey.privateKey, { algorithm: 'ES256', keyid: keys.signingKey.kid, expiresIn: 600 });
      res.cookie(OIDC_PENDING_COOKIE, token, cookieOptions(config, 600_000));
      res.redirect(302, url);
      return;
    }
    const mode = loginModeFor(req, query.mode);
    const notice =
      // An own key only: `in` would also find `constructor`, `toString` and `__proto__` on the object's prototype.
      query.notice !== undefined && Object.hasOwn(LOGIN_NOTICES, query.notice) ? (query.notice as LoginNotice) : undefined;
    sendPage(res, { title: loginPageTitle(mode), body: renderLoginPage({ mode, returnTo, notice }) });
  });

  router.raw('POST /api/login', async ({ body, req, res }) => {
    const form = body.posted;
    try {
      assertSameOrigin(req, CROSS_SITE_SIGN_IN); // login CSRF
      const user = await signIn({ context, input: formValue(body) });
      await answerWithUser(req, res, form, user, 200);
    } catch (error) {
      answerWithError(req, res, form, error, 'signin');
    }
  });

  router.raw('POST /api/signup', async ({ body, req, res }) => {
    const form = body.posted;
    try {
      assertSameOrigin(req, CROSS_SITE_SIGN_IN); // login CSRF
      if (oidc) throw forbidden('Accounts are created through the sign-in provider', 'SIGNUP_DISABLED');
      const user = await registerUser({ context, input: formValue(body), requestId: req.requestId });
      await answerWithUser(req, res, form, user, 201);
    } catch (error) {
      answerWithError(req, res, form, error, 'signup');
    }
  });

  // Sign-out ends the session itself, not just this browser's copy of it. The spec's
  // logout button navigates (GET); a POST from another site is refused.
  const logout = async ({ user, req, res }: { user: SessionClaims | undefined; req: Request; res: Response }) => {
    if (req.method === 'POST') assertSameOrigin(req);
    if (user) await endSession(context, user.sid);
    endSessionOnThisBrowser(res, config);
    res.redirect(303, '/');
  };
  router.raw('GET /api/logout', logout);
  router.raw('POST /api/logout', logout);

  router.raw('GET /api/auth/callback', async ({ req, res }) => {
    if (!oidc) throw new AppError(404, 'NOT_FOUND', 'Sign-in provider is not configured');
    let pending: { state: string; nonce: string; codeVerifier: string; returnTo: string };
    try {
      const token = req.cookies?.[OIDC_PENDING_COOKIE];
      const kid = (jwt.decode(token, { complete: true })?.header.kid as string) ?? '';
      pending = jwt.verify(token, keys.publicKey(kid)!, { algorithms: ['ES256'] }) as typeof pending;
    } catch {
      throw new AppError(400, 'SIGN_IN_EXPIRED', 'Your sign-in took too long or was started elsewhere. Please try again.');
    }
    res.clearCookie(OIDC_PENDING_COOKIE, cookieOptions(config));
    let identity: { subject: string; email: string; name: string };
    try {
      identity = await oidc.finish(`${config.PUBLIC_URL}${req.originalUrl}`, pending);
    } catch (error) {
      req.log.warn({ err: error }, 'OpenID callback refused');
      throw new AppError(401, 'SIGN_IN_FAILED', 'Sign-in with the provider failed. Please try again.');
    }
    await beginSession(res, await signInWithProvider({ context, identity, requestId: req.requestId }));
    res.redirect(302, safePath(pending.returnTo) ?? DEFAULT_AFTER_SIGN_IN);
  });

  return router;
}
