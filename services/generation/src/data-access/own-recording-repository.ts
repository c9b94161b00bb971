import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { preparedQuery, type Db, type Tx } from '@innerecho/kit';
import { ownRecordings } from './schema';

export type AffirmationSource = { kind: 'transcript' | 'custom'; id: string };

export interface OwnRecordingRecord {
  ownerId: string;
  sourceKind: 'transcript' | 'custom';
  sourceId: string;
  fileKey: string;
  durationMs: number;
  createdAt: Date;
  updatedAt: Date;
}

/** One listener's reading of one affirmation (values, or placeholders of a prepared query). */
const bySource = (ownerId: string | SQLWrapper, source: { kind: AffirmationSource['kind'] | SQLWrapper; id: string | SQLWrapper }) =>
  and(eq(ownRecordings.ownerId, ownerId), eq(ownRecordings.sourceKind, source.kind), eq(ownRecordings.sourceId, source.id));

/** Asked by the generate screen for every affirmation it opens. */
const ownRecordingQuery = preparedQuery(
  (db, name) =>
    db
      .select()
      .from(ownRecordings)
      .where(bySource(sql.placeholder('ownerId'), { kind: sql.placeholder('kind'), id: sql.placeholder('id') }))
      .prepare(name),
  'own_recording',
);

export async function findOwnRecording(db: Db, ownerId: string, source: AffirmationSource): Promise<OwnRecordingRecord | null> {
  const [row] = await ownRecordingQuery(db).execute({ ownerId, kind: source.kind, id: source.id });
  return row ? { ...row } : null;
}

/** Records (or replaces) the listener's reading; answers the record and the file it replaced, if any. */
export async function upsertOwnRecording(
  db: Db,
  values: { ownerId: string; source: AffirmationSource; fileKey: string; durationMs: number },
): Promise<{ record: OwnRecordingRecord; replacedFileKey: string | null }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ fileKey: ownRecordings.fileKey })
      .from(ownRecordings)
      .where(bySource(values.ownerId, values.source))
      .for('update');
    const [row] = await tx
      .insert(ownRecordings)
      .values({
        ownerId: values.ownerId,
        sourceKind: values.source.kind,
        sourceId: values.source.id,
        fileKey: values.fileKey,
        durationMs: values.durationMs,
      })
      .onConflictDoUpdate({
        target: [ownRecordings.ownerId, ownRecordings.sourceKind, ownRecordings.sourceId],
        set: { fileKey: values.fileKey, durationMs: values.durationMs, updatedAt: sql`now()` },
      })
      .returning();
    return { record: { ...row }, replacedFileKey: previous && previous.fileKey !== values.fileKey ? previous.fileKey : null };
  });
}

/** Answers the deleted record's file key, or null when there was none. */
export async function deleteOwnRecording(db: Db | Tx, ownerId: string, source: AffirmationSource): Promise<string | null> {
  const [row] = await db.delete(ownRecordings).where(bySource(ownerId, source)).returning({ fileKey: ownRecordings.fileKey });
  return row?.fileKey ?? null;
}
