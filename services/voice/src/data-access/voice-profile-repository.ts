import { eq } from 'drizzle-orm';
import type { Db } from '@innerecho/kit';
import { voiceProfiles } from './schema';

export interface VoiceProfileRecord {
  userId: string;
  voiceId: string;
  isCloned: boolean;
  engine: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function findVoiceProfile(db: Db, userId: string): Promise<VoiceProfileRecord | null> {
  const [row] = await db
    .select({
      userId: voiceProfiles.userId,
      voiceId: voiceProfiles.voiceId,
      isCloned: voiceProfiles.isCloned,
      engine: voiceProfiles.engine,
      createdAt: voiceProfiles.createdAt,
      updatedAt: voiceProfiles.updatedAt,
    })
    .from(voiceProfiles)
    .where(eq(voiceProfiles.userId, userId));
  return row ?? null;
}
