import type { ErrorRequestHandler, Request, Response } from 'express';
import { sendRefusal, sendRefusalPage, wantsJsonAnswer, type Logger } from '@innerecho/kit';

/**
 * How the gateway answers when it refuses or fails: `{ error, code }` for API calls, and a
 * page in the app's look for a browser navigating. Never a stack trace, a file path or an
 * upstream message: those go to the log only.
 */

const wantsPage = (req: Request) => !req.path.startsWith('/api/') && req.path !== '/api' && req.accepts(['json', 'html']) === 'html';

export function sendError(req: Request, res: Response, status: number, code: string, message: string) {
  if (!wantsJsonAnswer(req) && isFormPostOrPage(req)) sendRefusalPage(res, status, { error: message, code });
  else sendRefusal(res, status, { error: message, code });
}

/** The built-in sign-in pages post forms: their refusals are pages too. */
const isFormPostOrPage = (req: Request) => wantsPage(req) || Boolean(req.is('application/x-www-form-urlencoded'));

/** A 4xx that express itself raised (a path that is not valid percent-encoding, a bad range). */
const clientErrorStatus = (error: any): number | null => {
  const status = Number(error?.status ?? error?.statusCode);
  return Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
};

const CLIENT_ERRORS = new Map([
  [404, { code: 'NOT_FOUND', message: 'Not found' }],
  [413, { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' }],
  [416, { code: 'RANGE_NOT_SATISFIABLE', message: 'The requested range is outside the file' }],
]);

/** The last handler: whatever was thrown, the answer is clean. */
export function finalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const status = clientErrorStatus(error);
    if (status) {
      const { code, message } = CLIENT_ERRORS.get(status) ?? { code: 'BAD_REQUEST', message: 'The request could not be read' };
      sendError(req, res, status, code, message);
      return;
    }
    logger.error({ err: error, path: req.path }, 'gateway error');
    sendError(req, res, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  };
}
