import { REQUEST_ID_HEADER, unavailable } from '@innerecho/kit';

/** Who is asking: the user's own token travels with every internal call. */
export interface Caller {
  token: string;
  requestId?: string;
}

/** fetch with the caller's token, a timeout, and a clear 503 when the service cannot be reached. */
export async function callUpstream(
  url: string,
  caller: Caller,
  init: RequestInit & { timeoutMs?: number; what: string },
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${caller.token}`);
  if (caller.requestId) headers.set(REQUEST_ID_HEADER, caller.requestId);
  try {
    return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
  } catch {
    throw unavailable(`Could not reach the ${init.what}. Please try again.`);
  }
}

export async function errorBody(res: Response): Promise<{ error?: string; code?: string }> {
  return (await res.json().catch(() => ({}))) as { error?: string; code?: string };
}
