import { Router, type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import {
  AppError,
  assertSameOrigin,
  forbidden,
  requireUser,
  unauthorized,
  type KeyStore,
  type ServiceContext,
  type TokenSigner,
} from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { getCurrentUser } from '../../domain/current-user';
import { registerUser } from '../../domain/register-user';
import { promoteIfListedAdmin, signIn } from '../../domain/sign-in';
import { findUserByEmail, findUserByOidcSubject, updateUser, type UserRecord } from '../../data-access/user-repository';
import { renderLoginPage } from './login-page';
import type { OidcSignIn } from './oidc';
import { resolveReturnTo, safePath, DEFAULT_AFTER_SIGN_IN } from './return-to';
import { clearSessionCookie, cookieOptions, setSessionCookie } from './session-cookie';

const OIDC_PENDING_COOKIE = 'ie_oidc';

export interface AuthRoutesOptions {
  context: ServiceContext<IdentityConfig>;
  signer: TokenSigner;
  keys: KeyStore;
  oidc: OidcSignIn | null;
}

/**
 * /api/login, /api/signup, /api/logout, /api/auth/user and the OpenID callback. Form posts
 * (the built-in page) answer with redirects and a re-rendered page; JSON posts answer JSON.
 */
export function authRoutes({ context, signer, keys, oidc }: AuthRoutesOptions): Router {
  const router = Router();
  const { config } = context;

  const isForm = (req: Request) => req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

  const startSession = (res: Response, user: UserRecord) => {
    setSessionCookie(res, config, signer.sign({ id: user.id, role: user.role, email: user.email }));
  };

  const answerWithUser = async (req: Request, res: Response, user: UserRecord, status: number) => {
    startSession(res, user);
    if (isForm(req)) {
      res.redirect(303, safePath(req.body.returnTo) ?? DEFAULT_AFTER_SIGN_IN);
    } else {
      res.status(status).json(await getCurrentUser(context.db, user.id));
    }
  };

  const answerWithError = (req: Request, res: Response, error: unknown, mode: 'signin' | 'signup') => {
    const appError =
      error instanceof AppError
        ? error
        : (error as any)?.name === 'ZodError'
          ? new AppError(400, 'VALIDATION_FAILED', (error as any).issues[0]?.message ?? 'Invalid input')
          : null;
    if (!appError) throw error;
    if (!isForm(req)) throw appError;
    res
      .status(appError.status)
      .type('html')
      .send(
        renderLoginPage({
          mode,
          returnTo: safePath(req.body.returnTo) ?? DEFAULT_AFTER_SIGN_IN,
          error: appError.message,
          email: typeof req.body.email === 'string' ? req.body.email : '',
          name: typeof req.body.name === 'string' ? req.body.name : '',
        }),
      );
  };

  router.get('/api/login', async (req, res) => {
    const returnTo = resolveReturnTo(req);
    if (req.user) {
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
    res.type('html').send(renderLoginPage({ mode: req.query.mode === 'signup' ? 'signup' : 'signin', returnTo }));
  });

  router.post('/api/login', async (req, res) => {
    try {
      assertSameOrigin(req, 'Cross-site sign-in is not allowed'); // login CSRF
      const user = await signIn({ context, input: req.body });
      await answerWithUser(req, res, user, 200);
    } catch (error) {
      answerWithError(req, res, error, 'signin');
    }
  });

  router.post('/api/signup', async (req, res) => {
    try {
      assertSameOrigin(req, 'Cross-site sign-in is not allowed'); // login CSRF
      if (oidc) throw forbidden('Accounts are created through the sign-in provider', 'SIGNUP_DISABLED');
      const user = await registerUser({ context, input: req.body, requestId: req.requestId });
      await answerWithUser(req, res, user, 201);
    } catch (error) {
      answerWithError(req, res, error, 'signup');
    }
  });

  const logout = (_req: Request, res: Response) => {
    clearSessionCookie(res, config);
    res.redirect(303, '/');
  };
  router.get('/api/logout', logout);
  router.post('/api/logout', logout);

  router.get('/api/auth/user', async (req, res) => {
    const claims = requireUser(req);
    const user = await getCurrentUser(context.db, claims.id);
    if (!user) throw unauthorized();
    res.json(user);
  });

  // The same question for pages that work signed in or out: being signed out is an answer
  // (200 with null), not a failed request, so a visitor's browser logs no error for it.
  router.get('/api/auth/session', async (req, res) => {
    const user = req.user ? await getCurrentUser(context.db, req.user.id) : null;
    res.setHeader('cache-control', 'no-store');
    res.json({ user });
  });

  router.get('/api/auth/callback', async (req, res) => {
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
    let user = await findUserByOidcSubject(context.db, identity.subject);
    if (!user) {
      const byEmail = await findUserByEmail(context.db, identity.email);
      if (byEmail) {
        // The provider confirmed this email: link the existing account to it.
        await updateUser(context.db, byEmail.id, { oidcSubject: identity.subject });
        user = byEmail;
      } else {
        user = await registerUser({
          context,
          input: { email: identity.email, name: identity.name },
          oidcSubject: identity.subject,
          requestId: req.requestId,
        });
      }
    }
    user = await promoteIfListedAdmin(context, user);
    startSession(res, user);
    res.redirect(302, safePath(pending.returnTo) ?? DEFAULT_AFTER_SIGN_IN);
  });

  return router;
}
