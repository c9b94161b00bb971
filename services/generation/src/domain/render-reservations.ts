import { randomUUID } from 'node:crypto';
import { unavailable, type ServiceContext, type Tx } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import {
  commitReservedSeconds,
  releaseReservedSeconds,
  removeLapsedReservations,
  renewReservationLeases,
  type RenderReservation,
} from '../data-access/daily-usage-repository';
import { reserveDailySeconds } from './daily-allowance';

/** Lapsed reservations one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * The seconds this instance's renders hold, on a lease. Each reservation names this
 * instance; while the instance lives it renews the leases of all it holds every third of a
 * lease, so a render holds its seconds as long as it runs, however long that is. When the
 * process dies (killed, crashed, its machine gone) the renewals stop and the seconds count
 * again once the lease passes (`RENDER_RESERVATION_LEASE_SECONDS`, 30 s by default). Every
 * instance sweeps lapsed reservations as often, removing the row and what its render had
 * written of its file, so a render cut off between storing its MP3 and saving it leaves no
 * file behind.
 */
export class RenderReservations {
  /** Names this process's reservations; a restarted process is a new holder. */
  readonly instanceId = randomUUID();
  private readonly leaseSeconds: number;
  private timer: NodeJS.Timeout | null = null;
  private held = 0;
  private sweeping: Promise<void> | null = null;

  constructor(private readonly context: ServiceContext<GenerationConfig>) {
    this.leaseSeconds = context.config.RENDER_RESERVATION_LEASE_SECONDS;
  }

  /** Starts renewing and sweeping (a sweep at once: a restart finds what its previous life left). */
  start() {
    void this.sweep();
    this.timer = setInterval(() => void this.tick(), (this.leaseSeconds * 1000) / 3).unref();
  }

  /** Stops renewing and sweeping; call once no render of this instance runs any more. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  /** Reserves a render's seconds against today's allowance (429 when they are not left). */
  async reserve(render: { id: string; userId: string; seconds: number; fileKey: string }): Promise<RenderReservation> {
    const reservation = await reserveDailySeconds(this.context.db, render, {
      instanceId: this.instanceId,
      leaseSeconds: this.leaseSeconds,
    });
    this.held++;
    return reservation;
  }

  /**
   * Counts the seconds as used, in the transaction that saves the affirmation. Refuses (503)
   * when the reservation lapsed meanwhile (this instance was stalled past its lease and a
   * sweep removed it with its file): the render must not be saved.
   */
  async commit(tx: Tx, reservation: RenderReservation) {
    if (!(await commitReservedSeconds(tx, reservation))) {
      throw unavailable('Your affirmation took too long to save. Please try again.', 'RENDER_LAPSED');
    }
  }

  /** The render ended: a saved one's seconds were counted by `commit`, anything else gives them back. */
  async end(reservation: RenderReservation, saved: boolean) {
    this.held--;
    if (!saved) await releaseReservedSeconds(this.context.db, reservation.id);
  }

  private async tick() {
    if (this.held > 0) {
      await renewReservationLeases(this.context.db, this.instanceId, this.leaseSeconds).catch((error) =>
        this.context.logger.error({ err: error }, 'could not renew the leases of running renders'),
      );
    }
    await this.sweep();
  }

  /** Removes lapsed reservations and their renders' files. */
  sweep(): Promise<void> {
    this.sweeping ??= (async () => {
      try {
        let removed = 0;
        let batch: number;
        do {
          batch = await removeLapsedReservations(this.context.db, SWEEP_BATCH, (key) => this.context.files.delete(key));
          removed += batch;
        } while (batch === SWEEP_BATCH);
        if (removed > 0) this.context.logger.info({ removed }, 'released the seconds and files of renders whose process died');
      } catch (error) {
        this.context.logger.error({ err: error }, 'could not sweep lapsed render reservations');
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }
}
