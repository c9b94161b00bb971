import pg from 'pg';
import {
  adminWithNewCreator,
  eventually,
  PrivateNats,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  type TestClient as Client,
} from '@innerecho/embedded';
import { SERVICES, startDistributedTestSystem, type DistributedTestSystem, type ServiceProcess } from '../src';

jest.setTimeout(600_000);

/**
 * A deploy or a scale-out during a NATS outage: every service and the gateway start as their
 * own processes while nothing listens where NATS_URL points. Each listens, turns ready, says in
 * `/health` that events are away, and takes writes through the gateway (their events wait in
 * the outboxes). When NATS comes, every event is delivered and each changes things once.
 */
let nats: PrivateNats;
let system: DistributedTestSystem;
let database: pg.Pool;
const startedAt = Date.now();

beforeAll(async () => {
  nats = await PrivateNats.onFreePort();
  system = await startDistributedTestSystem({
    natsUrl: nats.url,
    serviceEnv: { STRIPE_SECRET_KEY: '', ELEVENLABS_API_KEY: '', OIDC_ISSUER: '' },
  });
  database = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
});
afterAll(async () => {
  await database?.end();
  await system?.stop();
  await nats?.remove();
});

const rows = async (query: string, values: unknown[] = []) => (await database.query(query, values)).rows;
const count = async (query: string, values: unknown[] = []) => Number((await rows(query, values))[0].n);
const healthOf = async (url: string) => (await (await fetch(`${url}/health`)).json()) as { status: string; details?: { events?: string } };

/** Seconds from the process's spawn to its "listening" log line, and to its first ready answer. */
function startFigures(label: string, instance: ServiceProcess) {
  const times = instance.startTimes!;
  const listening = instance
    .logLines()
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; time?: number };
      } catch {
        return {};
      }
    })
    .find((entry) => entry.msg?.endsWith('listening'));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${label}: listening after ${listening?.time ? seconds(listening.time - times.spawnedAt) : '?'}, ready after ${seconds(times.readyAt - times.spawnedAt)}`;
}

test('started while NATS is away, every part serves and takes writes; when NATS comes, each event is delivered and applied once', async () => {
  const processes: [string, ServiceProcess][] = [
    ...SERVICES.map((service) => [service, system.system.services[service].instances[0]] as [string, ServiceProcess]),
    ['gateway', system.system.gateway],
  ];
  const startLines = processes.map(([label, instance]) => startFigures(label, instance));

  // Ready (the launcher waited for every /ready), and saying that events are away.
  for (const service of SERVICES) {
    expect({ service, health: await healthOf(system.system.services[service].address) }).toEqual({
      service,
      health: expect.objectContaining({ status: 'ok', details: { events: 'unavailable' } }),
    });
  }

  // Writes through the gateway while the events cannot leave: sign-ups, an admin adding a
  // creator, a referred visitor paying.
  const emails = [uniqueEmail('outage'), uniqueEmail('outage'), uniqueEmail('outage')];
  for (const email of emails) await new TestClient(system.url).signUp(email);
  const { admin, creator } = await adminWithNewCreator(system.url, system.admin);
  const buyer: Client = new TestClient(system.url);
  const buyerEmail = uniqueEmail('outage.buyer');
  await buyer.signUp(buyerEmail);
  await subscribeThroughDemoCheckout(system.url, { client: buyer, email: buyerEmail, referralCode: creator.referralCode });

  // Nothing reached anyone yet: the events wait in the outboxes.
  const waiting = await count(
    'select (select count(*) from identity.outbox where published_at is null) + (select count(*) from billing.outbox where published_at is null) + (select count(*) from creator_referral.outbox where published_at is null) as n',
  );
  expect(waiting).toBeGreaterThanOrEqual(emails.length + 4);
  expect(await count('select count(*)::int as n from billing.accounts where email = any($1)', [emails])).toBe(0);
  expect((await buyer.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe('inactive');

  const natsStarted = Date.now();
  await nats.start();
  await eventually(
    async () => {
      expect(await count('select count(*)::int as n from billing.accounts where email = any($1)', [emails])).toBe(emails.length);
      expect((await buyer.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe('active');
      expect((await admin.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data).toHaveLength(1);
      expect(((await buyer.api.send('GET /api/creators', {})).data as { id: string }[]).filter((c) => c.id === creator.id)).toHaveLength(1);
    },
    600,
    200,
  );
  const deliveredAfter = Date.now() - natsStarted;
  for (const service of SERVICES) {
    await eventually(async () => expect((await healthOf(system.system.services[service].address)).details).toEqual({ events: 'ok' }));
  }

  // Once each: every outbox row published, one account per sign-up, one commission for the payment.
  const schemas = SERVICES.map((service) => service.replace(/-/g, '_'));
  // A relay marks its row published after NATS acknowledges it, so a consumer can apply an
  // event a moment before its outbox row says so: wait for the marks, then count.
  const unpublishedQuery = `select ${schemas.map((s) => `(select count(*) from ${s}.outbox where published_at is null)`).join(' + ')} as n`;
  await eventually(async () => expect(await count(unpublishedQuery)).toBe(0));
  const published = await count(`select ${schemas.map((s) => `(select count(*) from ${s}.outbox)`).join(' + ')} as n`);
  const handled = await count(`select ${schemas.map((s) => `(select count(*) from ${s}.inbox)`).join(' + ')} as n`);
  expect(
    (await rows('select email, count(*)::int as n from billing.accounts where email = any($1) group by email', [emails])).map((r) => r.n),
  ).toEqual([1, 1, 1]);
  expect(await count('select count(*)::int as n from creator_referral.commissions where creator_id = $1', [creator.id])).toBe(1);

  process.stdout.write(
    `\nstarted with NATS away (${((Date.now() - startedAt) / 1000).toFixed(0)} s in all):\n  ${startLines.join('\n  ')}\n` +
      `  while away: ${waiting} events waited in the outboxes\n` +
      `  NATS started: everything delivered ${(deliveredAfter / 1000).toFixed(1)} s later; ${published} events published, ${handled} deliveries handled, none twice\n`,
  );
});
