import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import { ZodError } from 'zod';
import { AppError, isUniqueViolation } from '../errors';
import type { Logger } from '../logger';
import { requestIdMiddleware } from './request-context';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Session authentication, run before the routes. */
  authenticators: RequestHandler[];
  routes: Router;
  /** `/health`, `/ready`, `/metrics`: answered before logging and authentication. */
  operations: Router;
  /** Run on every request first (drain guard, metrics, tracing). */
  before?: RequestHandler[];
  jsonLimit?: string;
}

export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(requestIdMiddleware);
  app.use(options.operations);
  for (const handler of options.before ?? []) app.use(handler);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: (req) => (req as express.Request).requestId,
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
    }),
  );
  app.use(cookieParser());
  // The exact bytes are kept for signature checks (payment webhooks sign the raw body).
  app.use(express.json({ limit: options.jsonLimit ?? '100kb', verify: (req, _res, buf) => ((req as express.Request).rawBody = buf) }));
  app.use(express.urlencoded({ extended: false, limit: '20kb' }));

  app.use(...options.authenticators);
  app.use(options.routes);
  app.use((req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use(errorMiddleware(options.logger));
  return app;
}

/** Turns every thrown thing into `{ error, code }` with the right status. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (error instanceof AppError) {
      res.status(error.status).json({ error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) });
      return;
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      res.status(400).json({
        error: first?.message ?? 'Invalid input',
        code: 'VALIDATION_FAILED',
        details: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
      return;
    }
    if (error?.type === 'entity.too.large') {
      res.status(413).json({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
      return;
    }
    if (error?.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
      return;
    }
    if (isUniqueViolation(error)) {
      res.status(409).json({ error: 'This already exists', code: 'CONFLICT' });
      return;
    }
    (req.log ?? logger).error({ err: error }, 'unhandled error');
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  };
}

/** Wraps an async route so its rejection reaches the error middleware. Express 5 does this itself; kept explicit for readers. */
export const route =
  (handler: (req: express.Request, res: express.Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) =>
    handler(req, res).catch(next);
