import type { ArrivingMusic } from './render/arriving-music';

/** A decoded track: whole, or still arriving (its decode runs on while renders use it). */
export type DecodedMusic = Int16Array | ArrivingMusic;

/**
 * Background music, decoded, kept between renders. The admin-curated tracks are few and
 * never change once uploaded (a track is only created or deleted), so each is decoded once
 * (about 0.4 s of ffmpeg for five minutes) instead of for every render. Bounded by bytes
 * (16-bit stereo at 44.1 kHz is 10.6 MB a minute); the least recently used track goes first.
 * A track larger than the whole budget is never kept: the caller decodes what it needs.
 */
export class DecodedMusicCache {
  /** Insertion order is recency: a hit moves the entry to the end. */
  private readonly entries = new Map<string, { samples: Promise<DecodedMusic>; bytes: number }>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Whether a track of about `bytes` decoded could be kept at all. */
  fits(bytes: number): boolean {
    return bytes <= this.maxBytes;
  }

  /** The decoded track, decoding it with `decode` on a miss (concurrent misses decode once). */
  async get(trackId: string, decode: () => Promise<DecodedMusic>): Promise<DecodedMusic> {
    const hit = this.entries.get(trackId);
    if (hit) {
      this.entries.delete(trackId);
      this.entries.set(trackId, hit);
      return hit.samples;
    }
    const entry = { samples: decode(), bytes: 0 };
    this.entries.set(trackId, entry);
    let samples: DecodedMusic;
    try {
      samples = await entry.samples;
    } catch (error) {
      // A failed decode is not remembered: the next render tries again.
      if (this.entries.get(trackId) === entry) this.entries.delete(trackId);
      throw error;
    }
    if (this.entries.get(trackId) === entry) {
      entry.bytes = samples.byteLength;
      this.bytes += entry.bytes;
      this.evict();
    }
    return samples;
  }

  /** Drops a track (its decode failed after it was handed out). */
  forget(trackId: string) {
    const entry = this.entries.get(trackId);
    if (!entry) return;
    this.entries.delete(trackId);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [id, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (entry.bytes === 0) continue; // still decoding
      this.entries.delete(id);
      this.bytes -= entry.bytes;
    }
  }
}
