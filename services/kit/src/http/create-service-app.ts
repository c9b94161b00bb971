import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import { ZodError } from 'zod';
import { AppError, isUniqueViolation, postgresErrorCode } from '../errors';
import { serializeError, type Logger } from '../logger';
import { compressAnswers } from './compress-answers';
import { requestIdMiddleware } from './request-context';
import { refuseControlCharacters, requireReadableBody } from './request-guard';
import { RESTART_RETRY_AFTER_SECONDS } from '../runtime/lifecycle';
import { navigatesHere, sendRefusal, type Refusal } from './form-posts';
import { sendRefusalPage } from './page-shell';

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  /** Session authentication, run before the routes. */
  authenticators: RequestHandler[];
  routes: Router;
  /** `/health` and `/ready`: answered before logging and authentication. */
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
      autoLogging: { ignore: (req) => ['/health', '/ready', '/metrics'].includes((req.url ?? '').split('?')[0]) },
      // A request is logged by its path, never its query string (signed URLs, return
      // addresses) or headers (cookies); see the logger for what else is never written.
      wrapSerializers: false,
      serializers: {
        req: (req: express.Request) => ({ id: req.requestId, method: req.method, path: (req.originalUrl ?? req.url).split('?')[0] }),
        res: (res: express.Response) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    }),
  );
  app.use(compressAnswers);
  app.use(cookieParser());
  // The exact bytes are kept for signature checks (payment webhooks sign the raw body).
  // Compressed bodies are refused (415): browsers never send them, and inflating is a
  // way to make a small request cost a lot of memory.
  app.use(
    express.json({
      limit: options.jsonLimit ?? '100kb',
      inflate: false,
      verify: (req, _res, buf) => ((req as express.Request).rawBody = buf),
    }),
  );
  app.use(express.urlencoded({ extended: false, limit: '20kb', inflate: false }));
  app.use(requireReadableBody);
  app.use(refuseControlCharacters);

  if (options.authenticators.length) app.use(...options.authenticators);
  app.use(options.routes);
  app.use((req, res) => {
    res.status(404).json({ error: `No route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
  });
  app.use(errorMiddleware(options.logger));
  return app;
}

/**
 * How much of a refused request's body is still read (and thrown away) before the refusal is
 * sent: the largest upload a service takes, with room to spare, for at most a minute. The body
 * arrives at the listener's own upload speed (the gateway passes it on as it comes), and a
 * minute carries the rest of the largest one over a 10 Mbit/s uplink; cut off sooner, the
 * connection is reset and the listener is told the service is unavailable, not that the file
 * is too large.
 */
const REFUSED_BODY_READ_BYTES = 64 * 1024 * 1024;
const REFUSED_BODY_READ_MS = 60_000;

/**
 * Reads the rest of a refused request's body and throws it away. Resolves true once the
 * body has ended, so the connection can carry the next request; false, at once, when the
 * body's length is not declared (a chunked body may never end) or is declared larger than
 * REFUSED_BODY_READ_BYTES, or as soon as it passes that size or REFUSED_BODY_READ_MS, or
 * breaks off.
 */
function readRestOfBody(req: Request): Promise<boolean> {
  // A refused upload's reader has let go of the body (its pipe ended with the error).
  req.unpipe();
  const declared = Number(req.headers['content-length']);
  if (req.destroyed || !(declared <= REFUSED_BODY_READ_BYTES)) return Promise.resolve(false);
  return new Promise((resolve) => {
    let bytes = 0;
    let settled = false;
    const settle = (whole: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', count);
      if (!whole) req.pause();
      resolve(whole);
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > REFUSED_BODY_READ_BYTES) settle(false);
    };
    const timer = setTimeout(() => settle(false), REFUSED_BODY_READ_MS);
    req.on('data', count);
    req.once('end', () => settle(true));
    req.once('error', () => settle(false));
    req.once('close', () => settle(req.complete));
    req.resume();
  });
}

/** Turns every thrown thing into `{ error, code }` with the right status. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (req.complete) return answerError(logger, error, req, res);
    // A refusal while the body is still arriving (an upload past its quota or its size): a
    // body of a declared length the service would take is read first, so the caller is not
    // cut off mid-send and the connection can carry the next request. A connection closed
    // with unread bytes is reset, and a reset can reach the gateway before the answer does,
    // which then reads as the service being unreachable. A larger or chunked body is refused
    // at once, and the connection closed after: reading it could take without end.
    void readRestOfBody(req).then((whole) => {
      if (!whole) res.shouldKeepAlive = false;
      if (!res.headersSent && !res.destroyed) answerError(logger, error, req, res);
    });
  };
}

/** The answer to a thrown thing: `{ error, code }` with the right status, or a page to a browser navigating. */
function answerError(logger: Logger, error: unknown, req: Request, res: Response) {
  const { status, refusal } = refusalFor(logger, error, req);
  // A 503 is a moment's absence (this instance, or a service it asks, is restarting):
  // the caller is told when to try again, as the gateway and a draining instance tell it.
  if (status === 503 && !res.hasHeader('retry-after')) res.setHeader('retry-after', String(RESTART_RETRY_AFTER_SECONDS));
  if (navigatesHere(req)) sendRefusalPage(res, status, refusal);
  else sendRefusal(res, status, refusal);
}

function refusalFor(logger: Logger, error: unknown, req: Request): { status: number; refusal: Refusal } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      refusal: { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) },
    };
  }
  if (error instanceof ZodError) {
    const first = error.issues[0];
    const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, refusal: { error: first?.message ?? 'Invalid input', code: 'VALIDATION_FAILED', details } };
  }
  const unreadable = unreadableRequest(error);
  if (unreadable) return { status: unreadable.status, refusal: { error: unreadable.error, code: unreadable.code } };
  if (isUniqueViolation(error)) return { status: 409, refusal: { error: 'This already exists', code: 'CONFLICT' } };
  if (postgresErrorCode(error)?.startsWith('22')) {
    // A data exception (a value PostgreSQL cannot take): the input should have been
    // refused by its schema first, so say so in the log, but the caller sent bad data.
    (req.log ?? logger).warn({ err: error }, 'input reached the database unvalidated');
    return { status: 400, refusal: { error: 'Some of the data sent is not valid', code: 'VALIDATION_FAILED' } };
  }
  (req.log ?? logger).error({ err: error }, 'unhandled error');
  return { status: 500, refusal: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/** Body parser failures (body-parser's `type`) and their answers. */
const BODY_ERRORS: Record<string, { status: number; code: string; error: string }> = {
  'entity.too.large': { status: 413, code: 'PAYLOAD_TOO_LARGE', error: 'The request is too large' },
  'parameters.too.many': { status: 413, code: 'PAYLOAD_TOO_LARGE', error: 'The request has too many fields' },
  'entity.parse.failed': { status: 400, code: 'MALFORMED_JSON', error: 'The request body is not valid JSON' },
  'charset.unsupported': { status: 415, code: 'UNSUPPORTED_CHARSET', error: 'Please send the request body as UTF-8' },
  'encoding.unsupported': { status: 415, code: 'UNSUPPORTED_ENCODING', error: 'Compressed request bodies are not accepted' },
};

/**
 * A request the service could not read: a body-parser failure, or any other 4xx raised
 * by express itself (a path parameter that is not valid percent-encoding). Never a 500,
 * and never the parser's own message, which may quote the body.
 */
function unreadableRequest(error: any): { status: number; code: string; error: string } | null {
  if (typeof error?.type === 'string' && Object.hasOwn(BODY_ERRORS, error.type)) return BODY_ERRORS[error.type];
  const status = Number(error?.status ?? error?.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    return { status, code: status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST', error: 'The request could not be read' };
  }
  return null;
}

/** Wraps an async route so its rejection reaches the error middleware. Express 5 does this itself; kept explicit for readers. */
export const route =
  (handler: (req: express.Request, res: express.Response) => Promise<unknown>): RequestHandler =>
  (req, res, next) =>
    handler(req, res).catch(next);
