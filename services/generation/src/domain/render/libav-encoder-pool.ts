import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OutputFormat } from './output-format';

/**
 * MP3 encoders in worker threads (libav-encoder-worker.mjs: LAME inside the FFmpeg libraries
 * node-av ships). One worker per core, kept between renders; a render's pieces, and
 * concurrent renders, queue for them, so rendering never takes more than the machine's cores.
 *
 * Why not the ffmpeg binary for this: the one that ships in an npm package (ffmpeg 4.1, 2018)
 * encodes about 2.7x slower than node-av's build of the same LAME (measured in the generation
 * README), and encoding is the whole cost of a render.
 */
const WORKER_FILE = join(__dirname, 'libav-encoder-worker.mjs');
/** PCM chunks sent but not yet encoded, per encode: bounds memory for an hour-long straight encode. */
const MAX_CHUNKS_IN_FLIGHT = 3;
/** How long `close()` waits for encodes still running to end (a cancelled one ends within a chunk). */
const BUSY_WORKERS_WAIT_MS = 30_000;

type WorkerReply =
  | { type: 'ready' }
  | { type: 'unavailable'; message: string }
  | { type: 'ack'; job: number }
  | { type: 'done'; job: number; mp3: Uint8Array }
  | { type: 'error'; job: number; message: string }
  | { type: 'cancelled'; job: number };

let nextJob = 1;

class EncoderWorker {
  private readonly worker = new Worker(WORKER_FILE);
  /** Resolves true once node-av loaded, false if it cannot load here. */
  readonly ready: Promise<boolean>;
  unavailableReason = '';
  dead = false;
  private exited = false;
  private listener: ((reply: WorkerReply) => void) | null = null;
  private onDeath: ((error: Error) => void) | null = null;

  constructor() {
    this.worker.unref();
    this.ready = new Promise((resolve) => {
      this.listener = (reply) => {
        if (reply.type === 'unavailable') this.unavailableReason = reply.message;
        resolve(reply.type === 'ready');
      };
      this.onDeath = (error) => {
        this.unavailableReason = error.message;
        resolve(false);
      };
    });
    this.worker.on('message', (reply: WorkerReply) => this.listener?.(reply));
    this.worker.on('error', (error) => this.die(error));
    this.worker.on('exit', (code) => {
      this.exited = true;
      this.die(new Error(`The MP3 encoder worker stopped (exit code ${code})`));
    });
  }

  private die(error: Error) {
    this.dead = true;
    this.onDeath?.(error);
  }

  /** Encodes `pcm` (interleaved 16-bit); the chunks' buffers are transferred to the worker. */
  encode(pcm: AsyncIterable<Int16Array>, format: OutputFormat, reservoir: boolean): Promise<Buffer> {
    if (this.dead) return Promise.reject(new Error('The MP3 encoder worker stopped'));
    const job = nextJob++;
    // Busy, the worker keeps the process alive; idle, it does not (the service or script decides).
    this.worker.ref();
    return new Promise<Buffer>((resolve, reject) => {
      let inFlight = 0;
      let wake: (() => void) | null = null;
      let settled = false;
      /** Why this encode was cancelled; it settles once the worker says it has dropped it (so it is idle again). */
      let cancelledBy: Error | null = null;
      const finish = (error: Error | null, mp3?: Buffer) => {
        if (settled) return;
        settled = true;
        this.listener = null;
        this.onDeath = null;
        this.worker.unref();
        wake?.();
        if (error) reject(error);
        else resolve(mp3!);
      };
      this.onDeath = (error) => finish(error);
      this.listener = (reply) => {
        if (!('job' in reply) || reply.job !== job) return;
        if (reply.type === 'ack') {
          inFlight--;
          wake?.();
        } else if (reply.type === 'done') {
          finish(null, Buffer.from(reply.mp3.buffer, reply.mp3.byteOffset, reply.mp3.byteLength));
        } else if (reply.type === 'error') {
          finish(new Error(`MP3 encoding failed: ${reply.message}`));
        } else if (reply.type === 'cancelled') {
          finish(cancelledBy ?? new Error('The encode was cancelled'));
        }
      };
      this.worker.postMessage({
        type: 'start',
        job,
        sampleRate: format.sampleRate,
        channels: format.channels,
        bitrateKbps: format.bitrateKbps,
        reservoir,
      });
      (async () => {
        for await (const chunk of pcm) {
          while (inFlight >= MAX_CHUNKS_IN_FLIGHT && !settled) await new Promise<void>((r) => (wake = r));
          if (settled) return;
          if (this.dead) throw new Error('The MP3 encoder worker stopped');
          inFlight++;
          this.worker.postMessage({ type: 'pcm', job, samples: chunk }, [chunk.buffer as ArrayBuffer]);
        }
        if (!settled) this.worker.postMessage({ type: 'end', job });
      })().catch((error: Error) => {
        // The signal could not be produced (or the listener left): drop this encode, keep the
        // worker for the next. The worker may still be encoding chunks already sent, so the
        // encode settles (and the worker is handed on) only when it answers the cancel.
        if (settled) return;
        cancelledBy = error;
        this.worker.postMessage({ type: 'cancel', job });
      });
    });
  }

  /**
   * Ends the thread after the messages already sent to it: never while it is inside FFmpeg,
   * which would abort the whole process.
   */
  async terminate() {
    this.dead = true;
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage({ type: 'stop' });
    // A thread that never gets to the message (stuck) is ended by force after a while.
    const stuck = setTimeout(() => void this.worker.terminate(), 30_000).unref();
    await exited;
    clearTimeout(stuck);
  }
}

export class LibavEncoderPool {
  private readonly idle: EncoderWorker[] = [];
  private readonly all = new Set<EncoderWorker>();
  private readonly waiting: ((worker: EncoderWorker) => void)[] = [];
  private availability: Promise<{ available: boolean; reason: string }> | null = null;
  private closed = false;
  /** Threads told to stop (close()), and who waits for the busy ones to be told too. */
  private readonly stopping: Promise<void>[] = [];
  private allStopped: (() => void) | null = null;

  constructor(private readonly size = availableParallelism()) {}

  /** Whether node-av loads on this machine (checked once, by starting the first worker). */
  available(): Promise<{ available: boolean; reason: string }> {
    this.availability ??= (async () => {
      const worker = this.spawn();
      const ok = await worker.ready;
      if (ok) this.release(worker);
      else {
        this.all.delete(worker);
        await worker.terminate();
      }
      return { available: ok, reason: worker.unavailableReason };
    })();
    return this.availability;
  }

  async encode(pcm: AsyncIterable<Int16Array>, format: OutputFormat, reservoir: boolean): Promise<Buffer> {
    const worker = await this.acquire();
    try {
      return await worker.encode(pcm, format, reservoir);
    } finally {
      this.release(worker);
    }
  }

  private spawn(): EncoderWorker {
    const worker = new EncoderWorker();
    this.all.add(worker);
    return worker;
  }

  private async acquire(): Promise<EncoderWorker> {
    let idle: EncoderWorker | undefined;
    while ((idle = this.idle.pop())) {
      if (!idle.dead) return idle;
      this.all.delete(idle);
    }
    if (this.all.size < this.size) {
      const worker = this.spawn();
      if (!(await worker.ready)) {
        this.all.delete(worker);
        throw new Error(`The MP3 encoder could not start: ${worker.unavailableReason}`);
      }
      return worker;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: EncoderWorker) {
    if (worker.dead) {
      // A crashed worker is replaced by the next acquire.
      this.all.delete(worker);
      const next = this.waiting.shift();
      if (next) this.acquire().then(next, () => this.waiting.unshift(next));
      else if (this.closed && this.all.size === 0) this.allStopped?.();
      return;
    }
    const next = this.waiting.shift();
    if (next) next(worker);
    else if (this.closed) {
      this.all.delete(worker);
      this.stopping.push(worker.terminate());
      if (this.all.size === 0) this.allStopped?.();
    } else this.idle.push(worker);
  }

  /**
   * Stops the workers: idle ones now, busy ones when their encode ends (so a render still
   * running elsewhere in the process finishes), and resolves once every thread has ended. A
   * process must not exit before: a thread ended while it is inside FFmpeg aborts the whole
   * process (a fatal napi error). Idle workers never keep a process alive anyway; this frees
   * their threads (tests, service stop).
   */
  async close() {
    this.closed = true;
    const idle = this.idle.splice(0);
    for (const worker of idle) this.all.delete(worker);
    this.stopping.push(...idle.map((worker) => worker.terminate()));
    // Busy ones are told to stop when their encode ends; an encode that never ends (a wedged
    // thread) must not hold the process past a bound.
    if (this.all.size > 0) {
      await new Promise<void>((resolve) => {
        this.allStopped = resolve;
        setTimeout(resolve, BUSY_WORKERS_WAIT_MS).unref();
      });
    }
    await Promise.all(this.stopping);
  }
}
