import pg from 'pg';
import {
  adminWithNewCreator,
  cloneVoiceInNewSession,
  commissionsOf,
  eventually,
  newSessionId,
  signedInAdmin,
  subscribeThroughDemoCheckout,
  sumOfMetricAt,
  TestClient,
  uniqueEmail,
} from '@innerecho/embedded';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  attachToDistributedSystem,
  chooseAdminPassword,
  REPOSITORY_ROOT,
  startDistributedTestSystem,
  type DistributedTestSystem,
  type ServiceName,
} from '../src';

const run = promisify(execFile);

jest.setTimeout(600_000);

/**
 * Two instances of every service at once, on one database and one NATS, behind a
 * round-robin address each (as `docker compose up --scale` or a Kubernetes Service would
 * give): the flows still change things exactly once.
 */
let system: DistributedTestSystem;
let database: pg.Pool;
beforeAll(async () => {
  system = await startDistributedTestSystem({ instances: 2 });
  database = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
});
afterAll(async () => {
  await database?.end();
  await system?.stop();
});

const count = async (query: string, values: unknown[] = []) => Number((await database.query(query, values)).rows[0].n);
const instancesOf = (service: ServiceName) => system.system.services[service].instances;
const sumOfSeries = (instances: { metricsUrl: string }[], name: string, labels: Record<string, string>) =>
  sumOfMetricAt(
    instances.map((i) => i.metricsUrl),
    name,
    labels,
  );

/**
 * Waits until every event `producer` wrote has been published and `consumer` (on its
 * service's instances) has nothing pending, unacknowledged or being redelivered at NATS.
 */
async function eventsSettled(producer: ServiceName, consumerService: ServiceName, consumer: string) {
  await eventually(async () => {
    expect(await sumOfSeries(instancesOf(producer), 'innerecho_outbox_rows_waiting', {})).toBe(0);
    expect(await sumOfSeries(instancesOf(consumerService), 'innerecho_events_consumer_backlog', { consumer })).toBe(0);
  }, 300);
}

test('both instances of every service started on the one database: migrations and starter content exist once', async () => {
  for (const service of ['identity', 'voice', 'library', 'generation', 'billing', 'creator-referral'] as const) {
    expect(instancesOf(service).map((i) => i.running)).toEqual([true, true]);
  }
  expect(await count('select count(*)::int as n from library.transcripts')).toBe(60);
  expect(await count(`select count(*)::int as n from creator_referral.creators`)).toBe(3);
  expect(await count(`select count(*)::int as n from identity.users where role = 'admin'`)).toBe(1);
  const migrations = await database.query(
    `select table_name from information_schema.tables where table_schema = 'drizzle' and table_name like '%_migrations'`,
  );
  for (const { table_name } of migrations.rows) {
    const applied = await database.query(`select hash, count(*)::int as n from drizzle."${table_name}" group by hash having count(*) > 1`);
    expect(applied.rows).toEqual([]);
  }
});

test('referral to commission: six referred buyers at once give six commissions, each invoice published and handled once', async () => {
  const { admin, creator } = await adminWithNewCreator(system.url, system.admin);
  await Promise.all(Array.from({ length: 6 }, () => subscribeThroughDemoCheckout(system.url, { referralCode: creator.referralCode })));

  await eventually(async () => expect(await commissionsOf(admin, creator.id)).toHaveLength(6), 300);
  // Once nothing is left to deliver (no row waiting in billing's outbox, nothing pending or
  // unacknowledged at creator-referral's consumer), a straggler would have shown: count again.
  await eventsSettled('billing', 'creator-referral', 'creator-referral.billing-events');
  expect(await commissionsOf(admin, creator.id)).toHaveLength(6);
  expect(await count('select count(*)::int as n from creator_referral.commissions where creator_id = $1', [creator.id])).toBe(6);

  // Every invoice row of billing's outbox was published exactly once across both relays…
  const invoices = await count(`select count(*)::int as n from billing.outbox where subject = 'billing.invoice.paid.v1'`);
  expect(invoices).toBe(12); // the $0 trial invoice and the first payment, per buyer
  const published = await sumOfSeries(instancesOf('billing'), 'innerecho_events_published_total', { subject: 'billing.invoice.paid.v1' });
  expect(published).toBe(invoices);
  // …and handled exactly once across both consumers of creator-referral and of identity.
  const handled = await sumOfSeries(instancesOf('creator-referral'), 'innerecho_events_handled_total', {
    consumer: 'creator-referral.billing-events',
    subject: 'billing.invoice.paid.v1',
  });
  expect(handled).toBe(invoices);
  expect(await count(`select count(*)::int as n from creator_referral.inbox where subject = 'billing.invoice.paid.v1'`)).toBe(invoices);

  // The balancers spread requests over both instances: neither instance's memory held the flow.
  for (const service of ['billing', 'creator-referral', 'identity'] as const) {
    for (const instance of instancesOf(service)) {
      expect(await sumOfSeries([instance], 'innerecho_http_requests_total', {})).toBeGreaterThan(0);
    }
  }
});

test('generation: two renders on two instances save two affirmations and count two plays, once each', async () => {
  const listener = new TestClient(system.url);
  const user = await listener.signUp(uniqueEmail('scale'));
  const attached = await attachToDistributedSystem(system);
  try {
    await attached.grantSubscription(user.id);
  } finally {
    await attached.close();
  }
  const sessionId = await cloneVoiceInNewSession(listener);

  const transcripts = (await listener.api.send('GET /api/transcripts', {})).data as { id: string; playCount: number }[];
  const chosen = transcripts[transcripts.length - 1];
  for (let i = 0; i < 2; i++) {
    const render = await listener.api.send('POST /api/generate-audio', {
      body: {
        sessionId,
        transcriptId: chosen.id,
        voiceSpeed: '1.0',
        audioDuration: '60',
      },
    });
    expect(render.status).toBe(201);
    expect(render.headers.get('content-type')).toBe('audio/mpeg');
  }

  const saved = await listener.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  expect(saved.data).toHaveLength(2);
  const playCount = async () =>
    ((await listener.api.send('GET /api/transcripts/:id', { params: { id: chosen.id } })).data as { playCount: number }).playCount;
  await eventually(async () => expect(await playCount()).toBe(chosen.playCount + 2), 300);
  await eventsSettled('generation', 'library', 'library.generation-events');
  expect(await playCount()).toBe(chosen.playCount + 2);

  // The balancer hands generation's requests to its instances in turn, and nothing else asks
  // generation anything between the two renders: each instance rendered and saved one.
  for (const instance of instancesOf('generation')) {
    expect(await sumOfSeries([instance], 'innerecho_renders_total', { outcome: 'saved' })).toBe(1);
    expect(await sumOfSeries([instance], 'innerecho_rendered_audio_seconds_total', {})).toBe(60);
  }
  expect(await sumOfSeries(instancesOf('voice'), 'innerecho_voice_engine_calls_total', { operation: 'clone', outcome: 'ok' })).toBe(1);
  expect(
    await sumOfSeries(instancesOf('voice'), 'innerecho_voice_engine_calls_total', { operation: 'speak', outcome: 'ok' }),
  ).toBeGreaterThan(0);
  expect(
    await sumOfSeries(instancesOf('library'), 'innerecho_events_handled_total', { subject: 'generation.affirmation.generated.v1' }),
  ).toBe(2);
});

test('library restarted under steady reads and writes with two instances: not one request fails', async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('restart'));
  const sessionId = newSessionId();
  const outcomes: { what: string; status: number }[] = [];
  const created: string[] = [];
  let flowing = true;
  const reads = (async () => {
    while (flowing) {
      outcomes.push({ what: 'read transcripts', status: (await listener.api.send('GET /api/transcripts', {})).status });
      outcomes.push({ what: 'read own list', status: (await listener.api.send('GET /api/custom-affirmations', {})).status });
    }
  })();
  const writes = (async () => {
    for (let n = 0; flowing; n++) {
      const res = await listener.api.send('POST /api/custom-affirmations', {
        body: {
          sessionId,
          title: `Restart ${n}`,
          content: 'I stay steady.',
          category: 'Other',
        },
      });
      outcomes.push({ what: 'write', status: res.status });
      if (res.status === 201) created.push((res.data as { id: string }).id);
    }
  })();
  // A deploy: each instance in turn gets SIGTERM, drains and starts again.
  for (const instance of instancesOf('library')) {
    expect(await instance.stop('SIGTERM')).toBe(0);
    await instance.start();
  }
  // Traffic goes on through the restarted instances before it stops.
  const answeredBefore = outcomes.length;
  await eventually(async () => expect(outcomes.length).toBeGreaterThanOrEqual(answeredBefore + 12));
  flowing = false;
  await Promise.all([reads, writes]);

  const failed = outcomes.filter((o) => o.status < 200 || o.status >= 400);
  process.stdout.write(
    `\nlibrary restarted (2 instances, one at a time): ${outcomes.length} requests, ${created.length} writes saved, ${failed.length} failed\n`,
  );
  expect(failed).toEqual([]);
  expect(created.length).toBeGreaterThanOrEqual(5);
  expect(await count('select count(*)::int as n from library.custom_affirmations where id = any($1::uuid[])', [created])).toBe(
    created.length,
  );
});

test('the first admin gets in through a setup link logged once; a used link is refused; an operator command issues a new one', async () => {
  // Created once although two identity instances started: one link in all their logs.
  const links = instancesOf('identity').flatMap((i) => i.logLines().filter((line) => line.includes('"setupUrl"')));
  expect(links).toHaveLength(1);
  const logged = JSON.parse(links[0]) as { setupUrl: string; adminEmail: string };
  expect(logged.adminEmail).toBe(system.admin.email);

  // The test system chose the password through that link: it works, the link does not any more.
  const admin = await signedInAdmin(system.url, system.admin);
  expect((await admin.api.send('GET /api/payouts/balances', {})).status).toBe(200);
  const used = new URL(logged.setupUrl);
  expect((await new TestClient(system.url).get(`${used.pathname}${used.search}`)).status).toBe(410);

  // A lost password: the operator runs the command with the identity service's environment.
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'services/identity/src/entry-points/cli/admin-setup-link.ts', system.admin.email],
    {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATABASE_URL: system.databaseUrl, PUBLIC_URL: system.url, LOG_LEVEL: 'silent' },
    },
  );
  const fresh = /https?:\/\/\S+admin-setup\?token=\S+/.exec(stdout)?.[0];
  expect(fresh).toBeDefined();
  await chooseAdminPassword(system.url, fresh!, 'a brand new admin password');
  expect(
    (await new TestClient(system.url).api.send('POST /api/login', { body: { email: system.admin.email, password: system.admin.password } }))
      .status,
  ).toBe(401);
  const again = await signedInAdmin(system.url, { email: system.admin.email, password: 'a brand new admin password' });
  expect((await again.api.send('GET /api/auth/user', {})).data.role).toBe('admin');
  system.admin.password = 'a brand new admin password';
});
