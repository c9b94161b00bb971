import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { defineEvent, type EventEnvelope } from '@innerecho/contracts';
import { eventually } from '@innerecho/embedded';
import {
  createLogger,
  createOutboxWriter,
  InProcessTransport,
  on,
  openDatabase,
  OutboxRelay,
  registerConsumer,
  type Database,
  type EventTransport,
} from '../src';
import { counters, inbox, outbox } from './fixtures/schema';

jest.setTimeout(60_000);

const CounterBumpedV1 = defineEvent('library.counter.bumped.v1', z.object({ name: z.string(), by: z.number().int() }));
const logger = createLogger('kit-test', 'silent');

/** Every database this machine can test against: PGlite always, PostgreSQL when DATABASE_URL is set. */
const targets: [string, () => Promise<{ database: Database; drop(): Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const database = await openDatabase({
        schemaName: 'kit_test',
        migrationsFolder: join(__dirname, 'fixtures', 'migrations'),
        dataDir: 'memory://',
        logger,
      });
      return { database, drop: async () => undefined };
    },
  ],
];
if (process.env.DATABASE_URL) {
  targets.push([
    'PostgreSQL',
    async () => {
      const name = `kit_test_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = await openDatabase({
        schemaName: 'kit_test',
        migrationsFolder: join(__dirname, 'fixtures', 'migrations'),
        databaseUrl: url.toString(),
        logger,
      });
      return {
        database,
        drop: async () => {
          const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    },
  ]);
}

describe.each(targets)('events on %s', (_label, open) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await open()));
  afterAll(async () => {
    await database.close();
    await drop();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
    await database.db.delete(inbox);
    await database.db.delete(counters);
  });

  const writer = createOutboxWriter('kit-test', outbox);
  const counter = async (name: string) => (await database.db.select().from(counters).where(eq(counters.name, name)))[0]?.value ?? 0;

  /** A consumer that adds `by` to a named counter, like any real state change. */
  const subscribeCounter = async (transport: InProcessTransport, failFirst = 0, onCommitted?: () => void) => {
    let failures = failFirst;
    await registerConsumer({
      service: 'kit-test',
      name: 'counter',
      db: database.db,
      inbox,
      transport,
      logger,
      onCommitted,
      handlers: [
        on(CounterBumpedV1, async (p, { tx }) => {
          if (failures-- > 0) throw new Error('transient failure');
          await tx
            .insert(counters)
            .values({ name: p.name, value: p.by })
            .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${p.by}` } });
        }),
      ],
    });
  };

  test('an event written in a rolled-back transaction is never published', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    await subscribeCounter(transport);
    const relay = new OutboxRelay({ db: database.db, outbox, transport, logger });

    await expect(
      database.db.transaction(async (tx) => {
        await writer.add(tx, CounterBumpedV1, { name: 'rolled-back', by: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'committed', by: 1 }));

    expect(await relay.drain()).toBe(1);
    expect(await counter('rolled-back')).toBe(0);
    expect(await counter('committed')).toBe(1);
    expect(await relay.drain()).toBe(0); // published once, not again
  });

  test('a payload that breaks its contract is refused before it reaches the outbox', async () => {
    await expect(database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'x', by: 1.5 } as any))).rejects.toThrow();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  test('a consumer handling the same event twice changes state once', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    await subscribeCounter(transport);
    const envelope = await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'twice', by: 5 }));

    await transport.publish(envelope);
    await transport.publish(envelope); // a redelivery
    expect(await counter('twice')).toBe(5);
  });

  test('a handler that fails is retried by the relay until it succeeds, with one effect', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    await subscribeCounter(transport, 2);
    const relay = new OutboxRelay({ db: database.db, outbox, transport, logger });
    await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'retried', by: 1 }));

    expect(await relay.drain()).toBe(0);
    const [row] = await database.db.select().from(outbox);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('transient failure');

    // Backoff: make the row due now instead of waiting.
    for (let i = 0; i < 3 && (await counter('retried')) === 0; i++) {
      await database.db.update(outbox).set({ nextAttemptAt: new Date(0) });
      await relay.drain();
    }
    expect(await counter('retried')).toBe(1);
    expect((await database.db.select().from(outbox))[0].publishedAt).not.toBeNull();
  });

  test('a poison message is dead-lettered at once and does not hold up the next event', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    await subscribeCounter(transport);
    const poison: EventEnvelope = {
      id: '00000000-0000-4000-8000-000000000001',
      subject: CounterBumpedV1.subject,
      occurredAt: new Date().toISOString(),
      producer: 'someone-else',
      payload: { name: 'poison', by: 'not a number' },
    };
    await transport.publish(poison); // does not throw: nothing to retry
    expect(transport.deadLetters.map((d) => d.envelope.id)).toEqual([poison.id]);

    const good = await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'after-poison', by: 1 }));
    await transport.publish(good);
    expect(await counter('after-poison')).toBe(1);
  });

  test('two relays (two instances of a service) draining one outbox at once publish every row exactly once', async () => {
    const published: string[] = [];
    const transport: EventTransport = {
      kind: 'in-process',
      // Slow enough that both relays are mid-batch at the same time.
      publish: async (envelope) => {
        await new Promise((r) => setTimeout(r, 3));
        published.push(envelope.id);
      },
      subscribe: async () => undefined,
      ping: async () => undefined,
      close: async () => undefined,
    };
    const ids = await database.db.transaction(async (tx) => {
      const written: string[] = [];
      for (let i = 0; i < 60; i++) written.push((await writer.add(tx, CounterBumpedV1, { name: `row-${i}`, by: 1 })).id);
      return written;
    });
    const first = new OutboxRelay({ db: database.db, outbox, transport, logger, batchSize: 10 });
    const second = new OutboxRelay({ db: database.db, outbox, transport, logger, batchSize: 10 });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);

    expect(a + b).toBe(60);
    expect(published.sort()).toEqual([...ids].sort());
    expect(await first.backlog()).toEqual({ waiting: 0, oldestAgeSeconds: 0 });
  });

  test('a relay with nothing to publish looks less and less often, and a nudge after a commit still publishes at once', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    await subscribeCounter(transport);
    const relay = new OutboxRelay({ db: database.db, outbox, transport, logger, pollIntervalMs: 20, idlePollMaxMs: 60_000 });
    const passes: { at: number; published: number }[] = [];
    const drain = relay.drain.bind(relay);
    relay.drain = async () => {
      const at = performance.now();
      const published = await drain();
      passes.push({ at, published });
      return published;
    };
    relay.start();
    try {
      // Idle waits double from the base: 20, 40, 80, ... ms (a timer never fires early).
      await eventually(async () => expect(passes.length).toBeGreaterThanOrEqual(8), 100);
      const idle = passes.slice(0, 8);
      for (let k = 1; k < idle.length; k++) expect(idle[k].at - idle[k - 1].at).toBeGreaterThanOrEqual(20 * 2 ** (k - 1) - 2);

      // The next look is 2.56 s after the eighth: a commit's nudge does not wait for it.
      const nextLook = idle[7].at + 20 * 2 ** 7;
      await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'nudged', by: 1 }));
      relay.nudge();
      await eventually(async () => expect(await counter('nudged')).toBe(1));
      const publishing = passes.find((pass) => pass.published > 0)!;
      expect(publishing.at).toBeLessThan(nextLook);
    } finally {
      await relay.stop();
    }
  });

  test('a consumer reports each committed handling (so the service publishes what it wrote at once), not a duplicate or a failure', async () => {
    const transport = new InProcessTransport(logger);
    transport.markReady();
    let committed = 0;
    await subscribeCounter(transport, 1, () => committed++);
    const envelope = await database.db.transaction((tx) => writer.add(tx, CounterBumpedV1, { name: 'reported', by: 1 }));

    await expect(transport.publish(envelope)).rejects.toThrow('transient failure');
    expect(committed).toBe(0);
    await transport.publish(envelope);
    await transport.publish(envelope); // a redelivery: already handled
    expect(committed).toBe(1);
    expect(await counter('reported')).toBe(1);
  });

  test('work under an exclusive lock runs in one place at a time; with skipIfHeld a second caller skips it', async () => {
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 50));
      order.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([database.exclusive('job', job('a')), database.exclusive('job', job('b'))]);
    expect(results.sort()).toEqual(['a', 'b']);
    const first = order[0].split(' ')[0];
    const second = first === 'a' ? 'b' : 'a';
    expect(order).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);

    // The holder keeps the lock until the second caller has been answered.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = database.exclusive('clock', async () => {
      order.push('holder in');
      await released;
      return 'holder';
    });
    await eventually(async () => expect(order).toContain('holder in'), 200, 10);
    expect(await database.exclusive('clock', job('skipped'), { skipIfHeld: true })).toBeUndefined();
    release();
    expect(await held).toBe('holder');
    expect(order).not.toContain('skipped in');
  });
});
