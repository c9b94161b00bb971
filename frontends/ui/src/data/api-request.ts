/**
 * The one way the frontends talk to the API: JSON bodies
 * when there is a body, cookies always, and any non-OK response becomes an error whose
 * message is `${status}: ${body text or status text}`.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK response. `message` is `${status}: ${body or status text}`; status and body are kept for callers. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, bodyText);
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
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
  if (!isApiError(error) || !error.bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    if (parsed && typeof parsed === 'object') {
      const { error: message, message: alt } = parsed as { error?: unknown; message?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof alt === 'string' && alt) return alt;
    }
  } catch {
    // Not JSON: the caller falls back to its own message.
  }
  return undefined;
}
