/**
 * The one way the frontends talk to the API: JSON bodies
 * when there is a body, cookies always, and any non-OK response becomes an error whose
 * message is `${status}: ${body text or status text}`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-OK response. `message` is `${status}: ${body or status text}`; status and body are kept
 * for callers. Every API error answers `{ error, code }`: screens branch on `code` (stable, for
 * programs) and show `serverMessage` (for people), never match the wording.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** The server's `code` (`REFERRAL_CODE_TAKEN`, `VALIDATION_FAILED`, …); undefined when the body carried none. */
  readonly code: string | undefined;
  /** The server's `error` (or `message`) text, undefined when the body is not JSON or has neither. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    const body = parseErrorBody(bodyText);
    this.code = body.code;
    this.serverMessage = body.message;
  }
}

function parseErrorBody(bodyText: string): { code?: string; message?: string } {
  if (!bodyText) return {};
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (!parsed || typeof parsed !== 'object') return {};
    const field = (name: string): unknown => (name in parsed ? Reflect.get(parsed, name) : undefined);
    const [error, message, code] = [field('error'), field('message'), field('code')];
    const text = [error, message].find((value): value is string => typeof value === 'string' && value !== '');
    return { code: typeof code === 'string' && code ? code : undefined, message: text };
  } catch {
    // Not JSON (a proxy's error page): no code, and the caller falls back to its own message.
    return {};
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, bodyText);
}

/** What a call may add to its request: `signal` stops it, `keepalive` lets it finish after the page is gone. */
export interface RequestOptions {
  signal?: AbortSignal;
  keepalive?: boolean;
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
    ...options,
  });
  await throwIfResNotOk(res);
  return res;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The `error` (or `message`) field of a JSON error body, for showing the server's own
 * words in a toast; undefined when the body is not JSON or has neither field.
 */
export function serverErrorMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.serverMessage : undefined;
}

/** The server's `code` of a failed request, for branching on what went wrong. */
export function serverErrorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}
