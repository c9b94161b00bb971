/**
 * The followers of the revocation feed that wait for the next revocation (every other service,
 * and the gateway, each keeps one long poll open), woken together: while any waits, the newest
 * revocation is read once a tick for all of them, not once a tick for each. A follower is woken
 * as soon as a tick finds a revocation after its cursor, so it learns of a sign-out within a
 * tick, as when each looked for itself.
 */
export class RevocationWatch {
  private readonly waiting = new Set<{ after: number; wake: () => void }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** The seq of the newest revocation whose token has not expired (0 when there is none). */
    private readonly newestSeq: () => Promise<number>,
    private readonly tickMs = 1000,
  ) {}

  /**
   * Resolves true once a revocation after `after` is there, false when `ms` pass or `signal`
   * aborts first (the follower left, or this instance is stopping).
   */
  waitForRevocationAfter(after: number, ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted || ms <= 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      const settle = (found: boolean) => {
        this.waiting.delete(waiter);
        clearTimeout(deadline);
        signal.removeEventListener('abort', gaveUp);
        resolve(found);
      };
      const gaveUp = () => settle(false);
      const waiter = { after, wake: () => settle(true) };
      const deadline = setTimeout(gaveUp, ms);
      signal.addEventListener('abort', gaveUp, { once: true });
      this.waiting.add(waiter);
      // Unreferenced: waiting followers never keep a stopping process alive.
      this.timer ??= setInterval(() => void this.tick(), this.tickMs).unref();
    });
  }

  private async tick() {
    if (this.waiting.size === 0) {
      clearInterval(this.timer!);
      this.timer = null;
      return;
    }
    // A failed read wakes nobody: the followers keep waiting for the next tick or their deadline.
    const newest = await this.newestSeq().catch(() => null);
    if (newest === null) return;
    for (const waiter of this.waiting) if (newest > waiter.after) waiter.wake();
  }
}
