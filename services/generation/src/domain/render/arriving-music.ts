import { decodePcm16Stream, MIX_SAMPLE_RATE } from '@innerecho/kit';

/**
 * A music track that a render can use while it is still being decoded. Its length and level
 * were measured when the track was added (the library's measureMusic), so the render plans
 * the loop and sets the level at once, and each piece waits only for the part of the track it
 * mixes: decoding overlaps encoding instead of coming before it.
 */
export class ArrivingMusic {
  /** Interleaved stereo 16-bit at MIX_SAMPLE_RATE; frames not decoded yet read as silence. */
  readonly samples: Int16Array;
  /** Settles when decoding ends (rejects if it failed). */
  readonly finished: Promise<void>;
  private bytesIn = 0;
  private done = false;
  private failure: Error | null = null;
  private waiting: { frames: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  private constructor(
    bytes: Buffer,
    /** Stereo frames, as measured when the track was added. */
    readonly frames: number,
    /** Audible level, as measured when the track was added. */
    readonly level: number,
  ) {
    this.samples = new Int16Array(frames * 2);
    const target = new Uint8Array(this.samples.buffer);
    this.finished = decodePcm16Stream({
      bytes,
      channels: 2,
      sampleRate: MIX_SAMPLE_RATE,
      onData: (chunk) => {
        const take = Math.min(chunk.length, target.length - this.bytesIn);
        if (take > 0) target.set(chunk.subarray(0, take), this.bytesIn);
        this.bytesIn += take;
        this.wake();
      },
    }).then(
      () => {
        this.done = true;
        this.wake();
      },
      (error: Error) => {
        this.failure = error;
        for (const w of this.waiting.splice(0)) w.reject(error);
        throw error;
      },
    );
    // Whoever renders awaits `finished`; a failure nobody is waiting for is not unhandled.
    this.finished.catch(() => undefined);
  }

  static decode(bytes: Buffer, frames: number, level: number): ArrivingMusic {
    return new ArrivingMusic(bytes, frames, level);
  }

  get byteLength(): number {
    return this.samples.byteLength;
  }

  /** Frames decoded so far (all of them once decoding ended, a short file's end being silence). */
  get framesReady(): number {
    return this.done ? this.frames : Math.floor(this.bytesIn / 4);
  }

  /** Resolves once the first `frames` frames are decoded. */
  waitFor(frames: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (frames <= this.framesReady) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiting.push({ frames: Math.min(frames, this.frames), resolve, reject }));
  }

  private wake() {
    const ready = this.framesReady;
    this.waiting = this.waiting.filter((w) => {
      if (w.frames > ready) return true;
      w.resolve();
      return false;
    });
  }
}
