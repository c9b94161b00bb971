import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createLogger, createServiceApp, hashPassword, openDatabase, type Database } from '../src';

jest.setTimeout(60_000);

/**
 * A statement fails while it carries a person's email, a password hash and a session
 * token as bound values, in a request that carries a cookie, an Authorization header and
 * a signed query string. The log of that failure must hold none of them.
 */
const EMAIL = 'victim.person@example.com';
const PASSWORD = 'correct horse battery staple';
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.session-token-value.signature';
const COOKIE = 'ie_session=cookie-value-never-logged';
const BEARER = 'Bearer bearer-token-never-logged';
const QUERY_SECRET = 'sig=query-signature-never-logged';

async function openTarget(): Promise<{ database: Database; drop(): Promise<void> }> {
  const silent = createLogger('kit-test', 'silent');
  const migrationsFolder = join(__dirname, 'fixtures', 'migrations');
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ schemaName: 'kit_test', migrationsFolder, dataDir: 'memory://', logger: silent });
    return { database, drop: () => database.close() };
  }
  const name = `kit_logs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ schemaName: 'kit_test', migrationsFolder, databaseUrl: url.toString(), logger: silent });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let target: Awaited<ReturnType<typeof openTarget>>;
let server: Server;
let baseUrl: string;
let passwordHash: string;
const logLines: string[] = [];

beforeAll(async () => {
  target = await openTarget();
  const { db } = target.database;
  await db.execute(
    sql.raw(`create table kit_test.accounts (
      email text not null, password_hash text not null, token text not null,
      constraint accounts_email_is_short check (length(email) < 5))`),
  );
  passwordHash = await hashPassword(PASSWORD);
  const routes = Router();
  // A statement that fails on a constraint, with secrets as its bound values.
  routes.post('/api/accounts', async (req, res) => {
    await db.execute(
      sql`insert into kit_test.accounts (email, password_hash, token) values (${req.body.email}, ${passwordHash}, ${TOKEN})`,
    );
    res.status(201).end();
  });
  // A value PostgreSQL cannot take (a data exception), bound as a parameter.
  routes.post('/api/lookups', async (req, res) => {
    await db.execute(sql`select ${req.body.email}::uuid as id`);
    res.end();
  });
  const app = createServiceApp({
    name: 'redaction-test',
    logger: createLogger('redaction-test', 'debug', { write: (line: string) => void logLines.push(line) }),
    authenticators: [],
    routes,
    operations: Router(),
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await target?.drop();
});

const post = (path: string) =>
  fetch(`${baseUrl}${path}?${QUERY_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: COOKIE, authorization: BEARER },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });

function expectNothingSecretIn(text: string) {
  for (const secret of [
    EMAIL,
    PASSWORD,
    passwordHash,
    passwordHash.split('$').at(-1)!,
    TOKEN,
    'cookie-value-never-logged',
    'bearer-token-never-logged',
    'query-signature-never-logged',
  ]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/"params"\s*:\s*\[/);
}

test('the log of a statement that failed on a constraint names the code and the constraint, and none of the values or request secrets', async () => {
  logLines.length = 0;
  const res = await post('/api/accounts');
  expect(res.status).toBe(500);
  const body = await res.text();
  expect(JSON.parse(body)).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  expectNothingSecretIn(body);

  const log = logLines.join('');
  expect(log).toContain('"code":"23514"');
  expect(log).toContain('"constraint":"accounts_email_is_short"');
  expect(log).toContain('/api/accounts');
  expectNothingSecretIn(log);
});

test('a value the database cannot take answers 400 and its log line holds the code, not the value', async () => {
  logLines.length = 0;
  const res = await post('/api/lookups');
  expect(res.status).toBe(400);
  expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  const log = logLines.join('');
  expect(log).toContain('"code":"22P02"');
  expectNothingSecretIn(log);
});
