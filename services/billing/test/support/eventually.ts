/**
 * Waits for an asynchronous effect (events travel through the outbox and the transport):
 * retries the check until it passes, and rethrows its last failure if it never does.
 */
export async function eventually<T>(check: () => Promise<T>, attempts = 100, pauseMs = 100): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
  throw lastError;
}
