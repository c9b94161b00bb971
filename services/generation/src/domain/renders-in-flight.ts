import { unavailable } from '@innerecho/kit';

/** Seconds a listener whose render was cut off by a restart is told to wait before asking again. */
export const RESTART_RETRY_AFTER_SECONDS = 5;

/**
 * The renders and previews running in this process. When the service stops, those still
 * running at the end of the grace period are cancelled (their encoders drop the work between
 * chunks, a file being written is never made visible, the seconds are released) and the stop
 * waits until each has cleaned up, before the encoder threads stop and the database closes.
 * Ending the process with an encoder still inside FFmpeg would abort it natively.
 */
export class RendersInFlight {
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();

  /** Runs `work` with a signal that fires when the listener leaves (`listenerLeft`) or the service stops. */
  run<T>(listenerLeft: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const result = work(AbortSignal.any([listenerLeft, this.stopping.signal]));
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return result;
  }

  /** Cancels every render still running and resolves, with how many there were, once each has cleaned up. */
  async cancelAll(): Promise<number> {
    const running = [...this.running];
    this.stopping.abort(
      unavailable('InnerEcho is restarting and could not finish this render. Nothing was charged; please try again.', 'RESTARTING'),
    );
    await Promise.all(running);
    return running.length;
  }
}
