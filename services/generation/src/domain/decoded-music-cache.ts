import { LRUCache } from 'lru-cache';
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
  private readonly tracks: LRUCache<string, DecodedMusic, () => Promise<DecodedMusic>>;

  constructor(readonly maxBytes: number) {
    this.tracks = new LRUCache({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (music) => Math.max(1, music.byteLength),
      // Concurrent misses share one decode; a failed decode is not remembered.
      fetchMethod: (_trackId, _stale, { context: decode }) => decode(),
      // A decode made room for is still handed to the renders waiting for it.
      ignoreFetchAbort: true,
    });
  }

  /** Whether a track of about `bytes` decoded could be kept at all. */
  fits(bytes: number): boolean {
    return bytes <= this.maxBytes;
  }

  /** The decoded track, decoding it with `decode` on a miss (concurrent misses decode once). */
  async get(trackId: string, decode: () => Promise<DecodedMusic>): Promise<DecodedMusic> {
    return (await this.tracks.fetch(trackId, { context: decode }))!;
  }

  /** Drops a track (its decode failed after it was handed out). */
  forget(trackId: string) {
    this.tracks.delete(trackId);
  }
}
