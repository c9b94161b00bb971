import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { creators } from '../data-access/schema';

type Conn = Db | Tx;

/** A creator account as the admin sees it: never the password hash. */
export interface CreatorAccount {
  id: string;
  name: string;
  bio: string;
  profilePicUrl: string;
  youtubeChannel: string;
  email: string;
  referralCode: string;
}

const accountColumns = {
  id: creators.id,
  name: creators.name,
  bio: creators.bio,
  profilePicUrl: creators.profilePicUrl,
  youtubeChannel: creators.youtubeChannel,
  email: creators.email,
  referralCode: creators.referralCode,
};

/** Admin writes to creator accounts (the creator sign-in, referrals and payouts have their own code). */
export const creatorAccountsStore = {
  any: async (db: Conn): Promise<boolean> => (await db.select({ id: creators.id }).from(creators).limit(1)).length > 0,
  find: async (db: Conn, id: string): Promise<CreatorAccount | null> =>
    (await db.select(accountColumns).from(creators).where(eq(creators.id, id)))[0] ?? null,
  findByReferralCode: async (db: Conn, code: string): Promise<CreatorAccount | null> =>
    (await db.select(accountColumns).from(creators).where(eq(creators.referralCode, code)))[0] ?? null,
  findByEmail: async (db: Conn, email: string): Promise<CreatorAccount | null> =>
    (await db.select(accountColumns).from(creators).where(eq(creators.email, email)))[0] ?? null,
  insert: async (db: Conn, values: Omit<CreatorAccount, 'id'> & { id?: string; passwordHash: string }): Promise<CreatorAccount> =>
    (await db.insert(creators).values(values).returning(accountColumns))[0],
  updateProfile: async (
    db: Conn,
    id: string,
    values: Pick<CreatorAccount, 'name' | 'bio' | 'profilePicUrl' | 'youtubeChannel'>,
    passwordHash?: string,
  ): Promise<CreatorAccount | null> =>
    (
      await db
        .update(creators)
        .set({ ...values, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(creators.id, id))
        .returning(accountColumns)
    )[0] ?? null,
  delete: async (db: Conn, id: string): Promise<boolean> =>
    (await db.delete(creators).where(eq(creators.id, id)).returning({ id: creators.id })).length > 0,
};
