import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
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

export async function findVoiceProfile(db: Db | Tx, userId: string): Promise<VoiceProfileRecord | null> {
  const [row] = await db.select(columns).from(voiceProfiles).where(eq(voiceProfiles.userId, userId));
  return row ? { ...row, engineSettings: row.engineSettings ?? null } : null;
}

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
