import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, gt, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { preparedQuery, trackLockUsers, type Db } from '../src';

/** A listener's renders, as the personal reads ask them: a uuid, a number, a time, a text. */
const renders = pgTable('renders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  seconds: integer('seconds').notNull(),
  title: text('title').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const LISTENER = '7d0c4c1e-5d3b-4a53-9a4e-2f7c8b0d1a11';
const OTHER = '0b6f1f6e-22c3-4b0a-8f1c-9a8e7d6c5b4a';
const SINCE = new Date('2026-11-01T00:00:00Z');

const rendersSince = preparedQuery(
  (db, name) =>
    db
      .select({ seconds: renders.seconds, title: renders.title, createdAt: renders.createdAt })
      .from(renders)
      .where(and(eq(renders.userId, sql.placeholder('userId')), gt(renders.createdAt, sql.placeholder('since'))))
      .orderBy(renders.createdAt)
      .prepare(name),
  'renders_since',
);

// Starting PGlite takes seconds on a busy machine.
jest.setTimeout(60_000);

let client: PGlite;
let db: Db;

const CREATE_RENDERS = `create table renders (
    id uuid primary key default gen_random_uuid(), user_id uuid not null, seconds integer not null,
    title text not null, created_at timestamptz not null)`;
const RENDERS = [
  { userId: LISTENER, seconds: 180, title: 'Morning', createdAt: new Date('2026-11-20T07:00:00Z') },
  { userId: LISTENER, seconds: 3600, title: 'Evening', createdAt: new Date('2026-11-21T21:30:00Z') },
  { userId: LISTENER, seconds: 60, title: 'Long ago', createdAt: new Date('2026-10-01T12:00:00Z') },
  { userId: OTHER, seconds: 600, title: 'Someone else', createdAt: new Date('2026-11-22T09:00:00Z') },
];

/** Calls that took the instance's query lock (counted over the services' own tracking of it). */
let lockedCalls = 0;

beforeAll(async () => {
  client = await PGlite.create();
  // As the services open PGlite: their reads run at once while nobody holds its locks.
  trackLockUsers(client);
  const tracked = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = (fn) => {
    lockedCalls++;
    return tracked(fn);
  };
  db = drizzle(client) as unknown as Db;
  await client.exec(CREATE_RENDERS);
  await db.insert(renders).values(RENDERS);
});

afterAll(() => client.close());

/** The same read built afresh by drizzle, sent as the database's ordinary query. */
const unprepared = (userId: string, since: Date, on: Db = db) =>
  on
    .select({ seconds: renders.seconds, title: renders.title, createdAt: renders.createdAt })
    .from(renders)
    .where(and(eq(renders.userId, userId), gt(renders.createdAt, since)))
    .orderBy(renders.createdAt);

/** A value the database refuses fails the prepared read as it fails the ordinary query, and the next call answers. */
async function expectRefusedAsOrdinary(on: Db) {
  // drizzle wraps the database's error; its cause is what the database said.
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { cause?: { code?: string; message: string } }) => error.cause,
    );
  const prepared = await refusal(rendersSince(on).execute({ userId: 'not-a-uuid', since: SINCE }));
  const ordinary = await refusal(unprepared('not-a-uuid', SINCE, on));
  expect(prepared).toMatchObject({ code: '22P02', message: ordinary?.message });
  expect(await rendersSince(on).execute({ userId: LISTENER, since: SINCE })).toHaveLength(2);
}

describe('a prepared read on PGlite', () => {
  test('answers the rows, types and order the query built afresh answers', async () => {
    const rows = await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    expect(rows).toEqual([
      { seconds: 180, title: 'Morning', createdAt: new Date('2026-11-20T07:00:00Z') },
      { seconds: 3600, title: 'Evening', createdAt: new Date('2026-11-21T21:30:00Z') },
    ]);
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    expect(rows).toEqual(await unprepared(LISTENER, SINCE));
    expect(await rendersSince(db).execute({ userId: OTHER, since: SINCE })).toEqual(await unprepared(OTHER, SINCE));
  });

  test('is parsed once under its name and reused by every later call', async () => {
    for (let i = 0; i < 3; i++) await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements');
    expect(rows.map((row) => row.name)).toEqual(['renders_since']);
  });

  test('a value the database refuses fails as the ordinary query fails, and the next call answers', async () => {
    await expectRefusedAsOrdinary(db);
  });

  test('runs at once while nobody holds the database, without taking its locks', async () => {
    await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    const before = lockedCalls;
    const together = await Promise.all(Array.from({ length: 5 }, () => rendersSince(db).execute({ userId: LISTENER, since: SINCE })));
    expect(lockedCalls - before).toBe(0);
    expect(together).toEqual(Array(5).fill(await unprepared(LISTENER, SINCE)));
  });

  test("answers text beyond ASCII, nulls, numbers, flags, JSON and many rows as PGlite's own parser does", async () => {
    const notes = pgTable('notes', {
      id: integer('id').primaryKey(),
      body: text('body'),
      amount: numeric('amount'),
      kept: boolean('kept'),
      meta: jsonb('meta'),
    });
    await client.exec('create table notes (id integer primary key, body text, amount numeric, kept boolean, meta jsonb)');
    await db.insert(notes).values([
      { id: 1, body: 'Ich bin ruhig. 私は穏やかです ✓ 🌿', amount: '12.50', kept: true, meta: { tags: ['calm', 'é'], n: 3 } },
      { id: 2, body: null, amount: null, kept: null, meta: null },
      { id: 3, body: '', amount: '-0.001', kept: false, meta: [] },
      ...Array.from({ length: 300 }, (_, i) => ({
        id: 10 + i,
        body: `note ${i} `.repeat(20),
        amount: String(i),
        kept: i % 2 === 0,
        meta: { i },
      })),
    ]);
    const allNotes = preparedQuery(
      (on, name) =>
        on
          .select()
          .from(notes)
          .where(gt(notes.id, sql.placeholder('after')))
          .orderBy(notes.id)
          .prepare(name),
      'all_notes',
    );
    await allNotes(db).execute({ after: 0 });
    const before = lockedCalls;
    const rows = await allNotes(db).execute({ after: 0 });
    expect(lockedCalls - before).toBe(0);
    expect(rows).toHaveLength(303);
    expect(rows).toEqual(await db.select().from(notes).where(gt(notes.id, 0)).orderBy(notes.id));
    expect(rows[0]).toEqual({
      id: 1,
      body: 'Ich bin ruhig. 私は穏やかです ✓ 🌿',
      amount: '12.50',
      kept: true,
      meta: { tags: ['calm', 'é'], n: 3 },
    });
    expect(rows[1]).toEqual({ id: 2, body: null, amount: null, kept: null, meta: null });
    // Values beyond ASCII are sent as the database reads them.
    const byBody = preparedQuery(
      (on, name) =>
        on
          .select({ id: notes.id })
          .from(notes)
          .where(eq(notes.body, sql.placeholder('body')))
          .prepare(name),
      'note_by_body',
    );
    for (const body of ['Ich bin ruhig. 私は穏やかです ✓ 🌿', '', 'nowhere']) {
      expect(await byBody(db).execute({ body })).toEqual(await db.select({ id: notes.id }).from(notes).where(eq(notes.body, body)));
    }
    expect(await byBody(db).execute({ body: 'Ich bin ruhig. 私は穏やかです ✓ 🌿' })).toEqual([{ id: 1 }]);
  });

  test("waits for another caller's transaction instead of reading inside it", async () => {
    // Prepared already, so the read would run at once if nothing held the database.
    await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    let inserted!: () => void;
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.insert(renders).values({ userId: LISTENER, seconds: 90, title: 'Never kept', createdAt: new Date() });
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 50));
        tx.rollback();
      })
      .catch(() => 'rolled back');
    await insertedRow;
    const rows = await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    expect(await rolledBack).toBe('rolled back');
    expect(rows.map((row) => row.title)).toEqual(['Morning', 'Evening']);
  });

  test('a schema change after preparing: the read answers, and is prepared again for the new plan', async () => {
    const preparedAt = async () =>
      (await client.query<{ at: Date }>("select prepare_time as at from pg_prepared_statements where name = 'renders_since'")).rows[0]?.at;
    await rendersSince(db).execute({ userId: LISTENER, since: SINCE });
    const before = await preparedAt();
    await client.exec('alter table renders alter column title type varchar(200)');
    expect(await rendersSince(db).execute({ userId: LISTENER, since: SINCE })).toEqual(await unprepared(LISTENER, SINCE));
    expect(await rendersSince(db).execute({ userId: LISTENER, since: SINCE })).toHaveLength(2);
    expect((await preparedAt()).getTime()).toBeGreaterThan(before.getTime());
  });
});

// On PostgreSQL when DATABASE_URL names a server (CI's does), in a database of its own, as the events tests do.
if (process.env.DATABASE_URL)
  describe('a prepared read on PostgreSQL', () => {
    const name = `kit_prepared_${randomBytes(4).toString('hex')}`;
    const databaseUrl = () => Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).toString();
    const admin = async (statement: string) => {
      const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await server.connect();
      await server.query(statement);
      await server.end();
    };
    let pool: pg.Pool;
    let pgDb: Db;
    /** Row descriptions PostgreSQL sent, counted on every connection of the pool. */
    let descriptions = 0;

    beforeAll(async () => {
      await admin(`create database ${name}`);
      pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
      pool.on('connect', (connected) => {
        (connected as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => descriptions++);
      });
      pgDb = drizzlePg(pool) as unknown as Db;
      await pool.query(CREATE_RENDERS);
      await pgDb.insert(renders).values(RENDERS);
    });

    afterAll(async () => {
      await pool?.end();
      await admin(`drop database if exists ${name} with (force)`);
    });

    test('answers the rows, types and order the query built afresh answers, call after call, side by side', async () => {
      const expected = await unprepared(LISTENER, SINCE, pgDb);
      expect(expected.map((row) => row.title)).toEqual(['Morning', 'Evening']);
      for (let i = 0; i < 3; i++) expect(await rendersSince(pgDb).execute({ userId: LISTENER, since: SINCE })).toEqual(expected);
      const together = await Promise.all(
        Array.from({ length: 8 }, (_, i) => rendersSince(pgDb).execute({ userId: i % 2 ? OTHER : LISTENER, since: SINCE })),
      );
      expect(together.filter((_, i) => i % 2 === 0)).toEqual(Array(4).fill(expected));
      expect(together.filter((_, i) => i % 2 === 1)).toEqual(Array(4).fill(await unprepared(OTHER, SINCE, pgDb)));
      expect(together[0][0].createdAt).toBeInstanceOf(Date);
    });

    test("asks for the answer's description once per connection, not with every call", async () => {
      await Promise.all([1, 2].map(() => rendersSince(pgDb).execute({ userId: LISTENER, since: SINCE })));
      const before = descriptions;
      for (let i = 0; i < 10; i++) await rendersSince(pgDb).execute({ userId: LISTENER, since: SINCE });
      await Promise.all(Array.from({ length: 6 }, () => rendersSince(pgDb).execute({ userId: OTHER, since: SINCE })));
      expect(descriptions - before).toBe(0);
      // The query built afresh is described with every call.
      await unprepared(LISTENER, SINCE, pgDb);
      expect(descriptions - before).toBe(1);
    });

    test('a value the database refuses fails as the ordinary query fails, and the next call answers', async () => {
      await expectRefusedAsOrdinary(pgDb);
    });
  });
