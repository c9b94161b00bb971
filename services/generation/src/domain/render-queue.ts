import type { RenderQueueView } from '@innerecho/contracts';
import { AppError, unavailable } from '@innerecho/kit';

/** Seconds a listener refused for a full line is told to wait (Retry-After): about one render's turn. */
export const RENDER_QUEUE_RETRY_AFTER_SECONDS = 30;

/**
 * Balance previews one listener may have in the line (running or waiting) at once: one playing
 * and the next balance asked for. More are refused at once, whatever else waits.
 */
export const PREVIEWS_PER_LISTENER = 2;

/** Seconds a listener refused for too many previews is told to wait: about one preview. */
export const PREVIEW_RETRY_AFTER_SECONDS = 2;

/** What takes a turn: a render (saved, shown by `placeOf`) or a balance preview. */
export type QueueWork = 'render' | 'preview';

interface Entry {
  userId: string;
  kind: QueueWork;
  arrived: number;
  start: () => void;
}

/** Told when a turn starts: what it is and how long it waited in the line (0 when a slot was free). */
export type TurnStarted = (kind: QueueWork, waitedMs: number) => void;

/**
 * A place in the line, taken before any work is done for the request. `started` resolves when
 * the turn comes (at once when a slot is free) and rejects when the listener leaves first.
 * `release()` frees the slot or leaves the line, whichever holds; call it once the work is
 * over, in every outcome (a second call does nothing).
 */
export interface QueueTurn {
  readonly started: Promise<void>;
  release(): void;
}

/**
 * Renders that may run at once, and a fair line for the rest. Encoding takes the cores, so
 * more renders at once only share them more thinly and hold more memory each; beyond
 * `concurrency` a render waits. The next turn goes to the listener with the fewest renders
 * running, then to the one whose last turn is the oldest (so one listener's many requests
 * never starve another's single one), then to the earliest arrival. Past `limit` renders
 * waiting, a new one is refused at once (503 RENDER_QUEUE_FULL) instead of waiting for minutes.
 * Balance previews take turns in the same line, at most PREVIEWS_PER_LISTENER per listener.
 */
export class RenderQueue {
  private readonly waiting: Entry[] = [];
  /** Turns running per listener (renders and previews: both take the cores). */
  private readonly running = new Map<string, number>();
  /** Renders (not previews) running per listener, for `placeOf`. */
  private readonly rendering = new Map<string, number>();
  /** Previews running or waiting per listener. */
  private readonly previews = new Map<string, number>();
  private readonly lastTurn = new Map<string, number>();
  private active = 0;
  private arrivals = 0;
  private turns = 0;

  constructor(
    readonly concurrency: number,
    readonly limit: number,
    private readonly onTurnStarted: TurnStarted = () => undefined,
    /** The time in ms a wait is measured by (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Turns running and waiting now, renders and previews together (the operators' queue gauges). */
  get length(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.waiting.length };
  }

  /**
   * Takes a place for `userId`'s work, or refuses at once: 503 RENDER_QUEUE_FULL past the
   * line's limit, 429 PREVIEW_LIMIT past a listener's previews. A listener who leaves
   * (`signal`) while waiting leaves the line.
   */
  admit(userId: string, kind: QueueWork, signal?: AbortSignal): QueueTurn {
    signal?.throwIfAborted();
    if (kind === 'preview' && (this.previews.get(userId) ?? 0) >= PREVIEWS_PER_LISTENER) {
      throw new AppError(429, 'PREVIEW_LIMIT', 'Please wait for your last preview before asking for another.');
    }
    const mustWait = this.active >= this.concurrency || this.waiting.length > 0;
    if (mustWait && this.waiting.length >= this.limit) {
      throw unavailable('Many listeners are generating right now. Please try again in a minute.', 'RENDER_QUEUE_FULL');
    }
    if (kind === 'preview') bump(this.previews, userId, 1);
    let state: 'running' | 'waiting' | 'done' = mustWait ? 'waiting' : 'running';
    let started: Promise<void>;
    let entry: Entry | null = null;
    let leave = () => {};
    if (mustWait) {
      const since = this.now();
      started = new Promise<void>((resolve, reject) => {
        entry = {
          userId,
          kind,
          arrived: this.arrivals++,
          start: () => {
            signal?.removeEventListener('abort', leave);
            state = 'running';
            this.onTurnStarted(kind, this.now() - since);
            resolve();
          },
        };
        leave = () => {
          release();
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', leave, { once: true });
        this.waiting.push(entry);
      });
      // Nobody may be awaiting it yet when the listener leaves.
      started.catch(() => undefined);
    } else {
      this.begin(userId, kind);
      this.onTurnStarted(kind, 0);
      started = Promise.resolve();
    }
    const release = () => {
      if (state === 'done') return;
      if (kind === 'preview') bump(this.previews, userId, -1);
      if (state === 'running') this.end(userId, kind);
      else {
        signal?.removeEventListener('abort', leave);
        const at = this.waiting.indexOf(entry!);
        if (at >= 0) this.waiting.splice(at, 1);
      }
      state = 'done';
    };
    return { started, release };
  }

  /** Waits for a turn, then runs `work`; the slot is free again when it settles. */
  async run<T>(userId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = this.admit(userId, 'render', signal);
    try {
      await turn.started;
      return await work();
    } finally {
      turn.release();
    }
  }

  /** The caller's renders running and waiting, and where their first waiting one stands (previews are not shown). */
  placeOf(userId: string): RenderQueueView {
    const order = this.order();
    const index = order.findIndex((w) => w.userId === userId && w.kind === 'render');
    return {
      running: this.rendering.get(userId) ?? 0,
      waiting: order.filter((w) => w.userId === userId && w.kind === 'render').length,
      place: index < 0 ? null : index + 1,
    };
  }

  /** The waiting turns in the order they would start if no other arrived. */
  private order(): Entry[] {
    const running = new Map(this.running);
    const lastTurn = new Map(this.lastTurn);
    const left = [...this.waiting];
    const order: Entry[] = [];
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

  private begin(userId: string, kind: QueueWork) {
    this.active++;
    bump(this.running, userId, 1);
    if (kind === 'render') bump(this.rendering, userId, 1);
    this.lastTurn.set(userId, ++this.turns);
  }

  private end(userId: string, kind: QueueWork) {
    this.active--;
    bump(this.running, userId, -1);
    if (kind === 'render') bump(this.rendering, userId, -1);
    while (this.active < this.concurrency && this.waiting.length > 0) {
      const next = pickNext(this.waiting, this.running, this.lastTurn);
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.begin(next.userId, next.kind);
      next.start();
    }
    if (this.waiting.length === 0 && this.running.size === 0) this.lastTurn.clear();
  }
}

/** Adds `by` to a listener's count, dropping the entry at zero (so idle listeners hold no memory). */
function bump(counts: Map<string, number>, userId: string, by: number) {
  const count = (counts.get(userId) ?? 0) + by;
  if (count > 0) counts.set(userId, count);
  else counts.delete(userId);
}

function pickNext(waiting: Entry[], running: Map<string, number>, lastTurn: Map<string, number>): Entry {
  let best = waiting[0];
  const key = (w: Entry) => [running.get(w.userId) ?? 0, lastTurn.get(w.userId) ?? -1, w.arrived];
  for (const candidate of waiting.slice(1)) {
    const [a, b] = [key(candidate), key(best)];
    if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best = candidate;
  }
  return best;
}
