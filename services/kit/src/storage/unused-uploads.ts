import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';
import type { ObjectStore } from './object-store';

/**
 * Removes uploads nobody used: a browser asks for an upload URL, PUTs a file, and a use case
 * takes it (and removes it) within minutes; a file still there after `maxAgeSeconds` was
 * abandoned or put there to fill the disk. Looks every quarter of that age (at most every
 * five minutes) until `stop()`. Answers `sweep` too, so a caller can run one at once.
 */
export function startUnusedUploadSweeper(options: {
  files: ObjectStore;
  /** The key prefixes uploads land under (`uploads/`, `music-uploads/`). */
  prefixes: string[];
  maxAgeSeconds: number;
  logger: Logger;
  metrics: ServiceMetrics;
}): { sweep: () => Promise<number>; stop: () => void } {
  const { files, prefixes, maxAgeSeconds, logger } = options;
  const removedTotal = options.metrics.counter('unused_uploads_removed_total', 'Uploads removed because nobody used them in time', []);
  let running: Promise<number> | null = null;
  const sweep = () =>
    (running ??= (async () => {
      const before = new Date(Date.now() - maxAgeSeconds * 1000);
      let removed = 0;
      for (const prefix of prefixes) removed += await files.removeUnused(prefix, before);
      if (removed > 0) {
        removedTotal.inc(removed);
        logger.info({ removed, maxAgeSeconds }, 'removed uploads nobody used');
      }
      return removed;
    })()
      .catch((error) => {
        logger.warn({ err: error }, 'could not remove unused uploads');
        return 0;
      })
      .finally(() => (running = null)));
  const every = Math.min(5 * 60, Math.max(1, maxAgeSeconds / 4)) * 1000;
  const timer = setInterval(() => void sweep(), every).unref();
  return { sweep, stop: () => clearInterval(timer) };
}
