import { eq, sql } from 'drizzle-orm';
import { preparedQuery, type Db, type Tx } from '@innerecho/kit';
import { voiceProfiles } from './schema';

export interface VoiceProfileRecord {
  userId: string;
  voiceId: string;
  isCloned: boolean;
  engine: string | null;
  providerVoiceId: string | null;
  engineSettings: Record<string, unknown> | null;
  sampleKey: string | null;
  consentAt: Date | null;
  consentTextVersion: string | null;
  consentIp: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  userId: voiceProfiles.userId,
  voiceId: voiceProfiles.voiceId,
  isCloned: voiceProfiles.isCloned,
  engine: voiceProfiles.engine,
  providerVoiceId: voiceProfiles.providerVoiceId,
  engineSettings: voiceProfiles.engineSettings,
  sampleKey: voiceProfiles.sampleKey,
  consentAt: voiceProfiles.consentAt,
  consentTextVersion: voiceProfiles.consentTextVersion,
  consentIp: voiceProfiles.consentIp,
  createdAt: voiceProfiles.createdAt,
  updatedAt: voiceProfiles.updatedAt,
};

/** Asked by every screen that speaks in the listener's voice. */
const voiceProfileQuery = preparedQuery(
  (db, name) =>
    db
      .select(columns)
      .from(voiceProfiles)
      .where(eq(voiceProfiles.userId, sql.placeholder('userId')))
      .prepare(name),
  'voice_profile',
);

export async function findVoiceProfile(db: Db, userId: string): Promise<VoiceProfileRecord | null> {
  return toRecord(await voiceProfileQuery(db).execute({ userId }));
}

/** The same, in the caller's transaction. */
export async function findVoiceProfileIn(tx: Tx, userId: string): Promise<VoiceProfileRecord | null> {
  return toRecord(await tx.select(columns).from(voiceProfiles).where(eq(voiceProfiles.userId, userId)));
}

const toRecord = ([row]: VoiceProfileRecord[]): VoiceProfileRecord | null =>
  row ? { ...row, engineSettings: row.engineSettings ?? null } : null;

export interface NewClonedVoice {
  userId: string;
  voiceId: string;
  engine: string;
  providerVoiceId: string;
  engineSettings: Record<string, unknown> | null;
  sampleKey: string;
  consent: { at: Date; textVersion: string; ip: string };
}

/** One voice per user: a clone replaces whatever row was there (a re-record deleted the old voice). */
export async function saveClonedVoice(tx: Tx, voice: NewClonedVoice): Promise<void> {
  const values = {
    voiceId: voice.voiceId,
    isCloned: true,
    engine: voice.engine,
    providerVoiceId: voice.providerVoiceId,
    engineSettings: voice.engineSettings,
    sampleKey: voice.sampleKey,
    consentAt: voice.consent.at,
    consentTextVersion: voice.consent.textVersion,
    consentIp: voice.consent.ip,
    updatedAt: new Date(),
  };
  await tx
    .insert(voiceProfiles)
    .values({ userId: voice.userId, ...values })
    .onConflictDoUpdate({ target: voiceProfiles.userId, set: values });
}

export async function deleteVoiceProfile(tx: Tx, userId: string): Promise<void> {
  await tx.delete(voiceProfiles).where(eq(voiceProfiles.userId, userId));
}
