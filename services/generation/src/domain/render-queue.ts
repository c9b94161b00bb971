import type { RenderQueueView } from '@innerecho/contracts';
import { unavailable } from '@innerecho/kit';

/** Seconds a listener refused for a full line is told to wait (Retry-After): about one render's turn. */
export const RENDER_QUEUE_RETRY_AFTER_SECONDS = 30;

interface Waiting {
  userId: string;
  arrived: number;
  start: () => void;
}

/**
 * Renders that may run at once, and a fair line for the rest. Encoding takes the cores, so
 * more renders at once only share them more thinly and hold more memory each; beyond
 * `concurrency` a render waits. The next turn goes to the listener with the fewest renders
 * running, then to the one whose last turn is the oldest (so one listener's many requests
 * never starve another's single one), then to the earliest arrival. Past `limit` renders
 * waiting, a new one is refused at once (503 RENDER_QUEUE_FULL) instead of waiting for minutes.
 */
export class RenderQueue {
  private readonly waiting: Waiting[] = [];
  private readonly running = new Map<string, number>();
  private readonly lastTurn = new Map<string, number>();
  private active = 0;
  private arrivals = 0;
  private turns = 0;

  constructor(
    readonly concurrency: number,
    readonly limit: number,
  ) {}

  /**
   * Waits for a turn, then runs `work`; the slot is free again when it settles. A render
   * whose listener left (`signal`) while waiting leaves the line without running.
   */
  async run<T>(userId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.active >= this.concurrency || this.waiting.length > 0) await this.wait(userId, signal);
    else this.begin(userId);
    try {
      return await work();
    } finally {
      this.end(userId);
    }
  }

  /** The caller's renders running and waiting, and where their first waiting one stands. */
  placeOf(userId: string): RenderQueueView {
    const order = this.order();
    const index = order.findIndex((w) => w.userId === userId);
    return {
      running: this.running.get(userId) ?? 0,
      waiting: order.filter((w) => w.userId === userId).length,
      place: index < 0 ? null : index + 1,
    };
  }

  private wait(userId: string, signal?: AbortSignal) {
    if (this.waiting.length >= this.limit) {
      throw unavailable('Many listeners are generating right now. Please try again in a minute.', 'RENDER_QUEUE_FULL');
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        userId,
        arrived: this.arrivals++,
        start: () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        },
      };
      const leave = () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(entry);
    });
  }

  /** The waiting renders in the order they would start if no other arrived. */
  private order(): Waiting[] {
    const running = new Map(this.running);
    const lastTurn = new Map(this.lastTurn);
    const left = [...this.waiting];
    const order: Waiting[] = [];
    let turn = this.turns;
    while (left.length > 0) {
      const next = pickNext(left, running, lastTurn);
      left.splice(left.indexOf(next), 1);
      order.push(next);
      running.set(next.userId, (running.get(next.userId) ?? 0) + 1);
      lastTurn.set(next.userId, ++turn);
    }
    return order;
  }

  private begin(userId: string) {
    this.active++;
    this.running.set(userId, (this.running.get(userId) ?? 0) + 1);
    this.lastTurn.set(userId, ++this.turns);
  }

  private end(userId: string) {
    this.active--;
    const count = (this.running.get(userId) ?? 1) - 1;
    if (count > 0) this.running.set(userId, count);
    else this.running.delete(userId);
    while (this.active < this.concurrency && this.waiting.length > 0) {
      const next = pickNext(this.waiting, this.running, this.lastTurn);
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.begin(next.userId);
      next.start();
    }
    if (this.waiting.length === 0 && this.running.size === 0) this.lastTurn.clear();
  }
}

function pickNext(waiting: Waiting[], running: Map<string, number>, lastTurn: Map<string, number>): Waiting {
  let best = waiting[0];
  const key = (w: Waiting) => [running.get(w.userId) ?? 0, lastTurn.get(w.userId) ?? -1, w.arrived];
  for (const candidate of waiting.slice(1)) {
    const [a, b] = [key(candidate), key(best)];
    if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best = candidate;
  }
  return best;
}
