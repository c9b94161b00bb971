import type { Request, Response } from 'express';
import { ZErrorAnswer, type Endpoint } from '@innerecho/contracts';

/**
 * Whether every JSON answer is held to its declaration (CHECK_ANSWERS=true; the tests turn it
 * on): an answer that is not as declared is refused with 500 and logged, so a test of any
 * route fails when the service answers something its declaration does not say.
 */
export const answersChecked = () => process.env.CHECK_ANSWERS === 'true';

/** Why `data`, answered with `status`, is not what the endpoint declares for that status (null when it is). */
export function answerMismatch(endpoint: Endpoint, status: number, data: unknown): string | null {
  const answer = endpoint.fields.answers[status];
  if (!answer) {
    // Refusals nobody declared by name answer the common `{ error, code }`.
    if (status >= 400) return ZErrorAnswer.safeParse(data).success ? null : `${status} is not an { error, code } refusal`;
    return `${status} is not a declared status`;
  }
  if (answer.kind !== 'json') return `${status} is declared as ${answer.kind}, not JSON`;
  const checked = answer.schema.safeParse(data);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  return `${status}: ${issue.path.join('.') || '(the answer)'} ${issue.message}`;
}

/** Refuses, loudly, an answer that is not as declared. */
export function refuseUndeclaredAnswer(req: Request, res: Response, endpoint: Endpoint, why: string) {
  const message = `${endpoint.id} answered not as declared: ${why}`;
  (req.log ?? console).error({ endpoint: endpoint.id }, message);
  res.status(500);
  return { error: message, code: 'ANSWER_NOT_AS_DECLARED' };
}

/**
 * Holds `res.json` of one request to the endpoint's declaration when answers are checked:
 * for routes whose handler still writes its own answer.
 */
export function checkJsonAnswers(req: Request, res: Response, endpoint: Endpoint) {
  if (!answersChecked()) return;
  const json = res.json.bind(res);
  res.json = (data: unknown) => {
    const why = answerMismatch(endpoint, res.statusCode, data);
    return why ? json(refuseUndeclaredAnswer(req, res, endpoint, why)) : json(data);
  };
}
