import type { Logger, ObjectStore } from '@innerecho/kit';

/** A music upload nobody has added a part to for this long was abandoned (a closed tab). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often the library looks for them. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Drops abandoned multipart music uploads, so half-uploaded tracks do not fill the disk. A day
 * leaves an admin time to resume a paused upload. On S3 the bucket's lifecycle rule does this
 * (the store has no sweep).
 */
export async function removeAbandonedUploads(options: { files: ObjectStore; logger: Logger; now?: Date }): Promise<number> {
  const { files, logger, now = new Date() } = options;
  if (!files.multipart?.removeAbandoned) return 0;
  const removed = await files.multipart.removeAbandoned(new Date(now.getTime() - ABANDONED_AFTER_MS));
  if (removed > 0) logger.info({ removed }, 'removed abandoned music uploads');
  return removed;
}
