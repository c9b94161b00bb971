/**
 * The anonymous session id most user data is keyed by: 'session_' + a timestamp + a random
 * string, made on first use. It lives in localStorage so it survives reloads; whatever ends
 * the session on this device removes it (`claimDeviceFor`), so the next person makes their own.
 */
export const SESSION_STORAGE_KEY = 'sessionId';

function newSessionId(): string {
  return `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;
}

export function getSessionId(): string {
  const existing = window.localStorage.getItem(SESSION_STORAGE_KEY);
  if (existing) return existing;
  const created = newSessionId();
  window.localStorage.setItem(SESSION_STORAGE_KEY, created);
  return created;
}
