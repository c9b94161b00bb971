import { eq } from 'drizzle-orm';
import type { Tx } from '@innerecho/kit';
import { dailyUsage, listeningDays, ownRecordings, renderReservations, savedAffirmations } from './schema';

/**
 * Deletes every row generation keeps of one listener (saved affirmations, own recordings,
 * the daily allowance and reservations, listening days) and returns the object store keys of
 * their files. A render still running for the listener then finds its reservation gone and
 * saves nothing.
 */
export async function deleteListenerRows(tx: Tx, userId: string): Promise<string[]> {
  const saved = await tx
    .delete(savedAffirmations)
    .where(eq(savedAffirmations.ownerId, userId))
    .returning({ fileKey: savedAffirmations.fileKey });
  const recordings = await tx.delete(ownRecordings).where(eq(ownRecordings.ownerId, userId)).returning({ fileKey: ownRecordings.fileKey });
  const reserved = await tx
    .delete(renderReservations)
    .where(eq(renderReservations.userId, userId))
    .returning({ fileKey: renderReservations.fileKey });
  await tx.delete(dailyUsage).where(eq(dailyUsage.userId, userId));
  await tx.delete(listeningDays).where(eq(listeningDays.userId, userId));
  return [...saved, ...recordings, ...reserved].map((row) => row.fileKey);
}
