import { and, eq, sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '@innerecho/kit';
import { sessionBindings, sessions, userSubscriptions, users } from './schema';
import { sessionStands } from './session-repository';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: 'subscriber' | 'admin';
  passwordHash: string | null;
  oidcSubject: string | null;
  emailConfirmedAt: Date | null;
  createdAt: Date;
}

const toRecord = (row: typeof users.$inferSelect): UserRecord => ({ ...row });

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ? toRecord(row) : null;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toRecord(row) : null;
}

export async function findUserByOidcSubject(db: Db, subject: string): Promise<UserRecord | null> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return row ? toRecord(row) : null;
}

export async function insertUser(
  db: Db,
  values: { email: string; name: string; role: UserRecord['role']; passwordHash: string | null; oidcSubject?: string | null },
): Promise<UserRecord> {
  const [row] = await db.insert(users).values(values).returning();
  return toRecord(row);
}

export async function updateUser(db: Db, id: string, values: Partial<Pick<UserRecord, 'role' | 'oidcSubject' | 'name'>>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** The account as the signed-in user sees it, and whether any of their subscriptions is active or trialing. */
const withEntitlement = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  entitled: sql<boolean>`exists (select 1 from ${userSubscriptions} where ${userSubscriptions.userId} = ${users.id} and ${userSubscriptions.entitled})`,
};

const userWithEntitlementQuery = preparedQuery(
  (db, name) =>
    db
      .select(withEntitlement)
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  'user_with_entitlement',
);

const sessionUserWithEntitlementQuery = preparedQuery(
  (db, name) =>
    db
      .select(withEntitlement)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId')), sessionStands()))
      .prepare(name),
  'session_user_with_entitlement',
);

/**
 * The user as `GET /api/auth/user` shows them, in one statement: the account, and whether any
 * of their subscriptions is active or trialing (`entitled`). Asked on every page a listener opens.
 */
export async function findUserWithEntitlement(
  db: Db,
  userId: string,
): Promise<(Pick<UserRecord, 'id' | 'email' | 'name' | 'role'> & { entitled: boolean }) | null> {
  const [row] = await userWithEntitlementQuery(db).execute({ userId });
  return row ?? null;
}

/**
 * The same, through the session: null unless the session is the user's and active (neither
 * revoked nor expired). One statement answers both what the signed-in user's page asks and
 * whether their session still stands.
 */
export async function findSessionUserWithEntitlement(
  db: Db,
  session: { sessionId: string; userId: string },
): Promise<(Pick<UserRecord, 'id' | 'email' | 'name' | 'role'> & { entitled: boolean }) | null> {
  const [row] = await sessionUserWithEntitlementQuery(db).execute(session);
  return row ?? null;
}

/** Applies a subscription change unless a newer one was already applied. */
export async function upsertSubscriptionIfNewer(
  db: Db,
  values: { subscriptionId: string; userId: string; status: string; entitled: boolean; version: number },
) {
  await db
    .insert(userSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: userSubscriptions.subscriptionId,
      set: { userId: values.userId, status: values.status, entitled: values.entitled, version: values.version, updatedAt: sql`now()` },
      setWhere: sql`${userSubscriptions.version} < ${values.version}`,
    });
}

/** Binds the session to the user if it is free; returns its owner either way. */
export async function bindSession(db: Db, sessionId: string, userId: string): Promise<string> {
  await db.insert(sessionBindings).values({ sessionId, userId }).onConflictDoNothing();
  const [row] = await db.select({ userId: sessionBindings.userId }).from(sessionBindings).where(eq(sessionBindings.sessionId, sessionId));
  return row.userId;
}

/**
 * Locks the account's row until the transaction ends. Work that counts what the account had
 * this hour (the links mailed to it) takes this first, so requests at the same moment take
 * turns and cannot each count under the share and all send.
 */
export async function lockUser(tx: Db, id: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** How many admins there are; with `lock`, their rows stay locked until the transaction ends. */
export async function countAdmins(db: Db, options: { lock?: boolean } = {}): Promise<number> {
  const query = db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return (options.lock ? await query.for('update') : await query).length;
}

/** Removes the user; their sessions, subscriptions facts, session bindings and setup links go with them (cascade). */
export async function deleteUser(db: Db, id: string) {
  await db.delete(users).where(eq(users.id, id));
}
