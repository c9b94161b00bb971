import type { Logger, ObjectStore } from '@innerecho/kit';
import type { PeriodStore } from './render/render-affirmation';

const PREFIX = 'render-periods';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of older buckets removed by each sweep (a service stopped for longer leaves older ones to S3 lifecycle rules). */
const SWEPT_DAYS = 14;
export const PERIOD_SWEEP_EVERY_MS = 60 * 60 * 1000;

const dayOf = (now: number) => Math.floor(now / DAY_MS);
const keyOf = (day: number, key: string) => `${PREFIX}/${day}/${key}.mp3`;

/**
 * Encoded periods (one loop of speech and music as MP3 frames, about 4.8 MB for five minutes
 * of music) kept in the service's object store, so every instance finds them. Kept for a day
 * or two: each is written under today's folder; a period found only under yesterday's is
 * copied to today's as it is used; `sweep()` removes the folders before yesterday. So the
 * store holds at most the periods of two days' distinct (speech, music) pairs.
 */
export function objectStorePeriods(
  files: ObjectStore,
  logger: Logger,
  now: () => number = Date.now,
): PeriodStore & { sweep(): Promise<void> } {
  const read = async (path: string) => {
    const object = await files.get(path);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  };
  return {
    async get(key) {
      const today = dayOf(now());
      const fresh = await read(keyOf(today, key));
      if (fresh) return fresh;
      const older = await read(keyOf(today - 1, key));
      if (older) await files.put(keyOf(today, key), older, 'audio/mpeg').catch(() => undefined);
      return older;
    },
    async put(key, frames) {
      await files.put(keyOf(dayOf(now()), key), frames, 'audio/mpeg');
    },
    async sweep() {
      const today = dayOf(now());
      for (let day = today - 2; day > today - 2 - SWEPT_DAYS; day--) {
        await files
          .deletePrefix(`${PREFIX}/${day}/`)
          .catch((error) => logger.warn({ err: error, day }, 'could not remove old render periods'));
      }
    },
  };
}
