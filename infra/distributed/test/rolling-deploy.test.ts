import pg from 'pg';
import { adminWithNewCreator, cloneVoiceInNewSession, commissionsOf, eventually, TestClient, uniqueEmail } from '@innerecho/embedded';
import { attachToDistributedSystem, SERVICES, startDistributedTestSystem, type DistributedTestSystem } from '../src';

jest.setTimeout(900_000);

/**
 * A deploy while people use the product: each service in turn gets SIGTERM and starts
 * again, one instance each, while a steady stream of reads and writes goes through the
 * gateway. A request in flight when SIGTERM arrives completes; every read succeeds (the
 * gateway retries a read that cannot reach its service until the restarted instance
 * answers); a write that arrives while the service is away gets a fast 503 with
 * Retry-After; every write that was answered with success is there afterwards, and the
 * events it caused were handled.
 */
let system: DistributedTestSystem;
let database: pg.Pool;
beforeAll(async () => {
  // The gateway retries a read that cannot reach its service for READ_RETRY_SECONDS, which an
  // operator sets to cover an instance's restart. Here that is the longest it allows: under CI's
  // load (a load average of 17 on two cores) identity took 34 s to come back, past the default 20.
  system = await startDistributedTestSystem({ instances: 1, gatewayEnv: { READ_RETRY_SECONDS: '60' } });
  database = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
});
afterAll(async () => {
  await database?.end();
  await system?.stop();
});

interface Outcome {
  kind: 'read' | 'write';
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  code?: string;
  /** What the write created, to look for afterwards. */
  created?: string;
  /** The gateway's request id, which every process's log lines about the request carry. */
  requestId: string | null;
}

const count = async (query: string, values: unknown[]) => Number((await database.query(query, values)).rows[0].n);

test('each service restarted in turn under steady reads and writes: every read succeeds, no write fails outside the 503s and nothing is lost', async () => {
  // A listener with a subscription and a cloned voice, a creator to refer buyers.
  const { admin, creator } = await adminWithNewCreator(system.url, system.admin);
  const listener = new TestClient(system.url);
  const user = await listener.signUp(uniqueEmail('deploy'));
  const attached = await attachToDistributedSystem(system);
  await attached.grantSubscription(user.id).finally(() => attached.close());
  const sessionId = await cloneVoiceInNewSession(listener);
  const transcript = ((await listener.api.send('GET /api/transcripts', {})).data as { id: string }[])[0];

  // The steady stream: one read and one write in flight at a time, back to back.
  const outcomes: Outcome[] = [];
  let flowing = true;
  const timed = async (
    kind: Outcome['kind'],
    what: string,
    call: () => ReturnType<TestClient['request']>,
    created?: (data: any) => string,
  ) => {
    const started = Date.now();
    const res = await call().catch(() => ({ status: 0, headers: new Headers(), data: undefined, text: '' }));
    outcomes.push({
      kind,
      what,
      status: res.status,
      ms: Date.now() - started,
      retryAfter: res.headers.get('retry-after'),
      code: res.data?.code,
      requestId: res.headers.get('x-request-id'),
      created: res.status >= 200 && res.status < 400 && created ? created(res.data) : undefined,
    });
  };
  const reads: [string, () => ReturnType<TestClient['request']>][] = [
    ['transcripts', () => listener.api.send('GET /api/transcripts', {})],
    ['current user', () => listener.api.send('GET /api/auth/user', {})],
    ['voice profile', () => listener.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } })],
    ['saved affirmations', () => listener.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } })],
    ['referral code', () => listener.api.send('GET /api/referrals/validate/:code', { params: { code: creator.referralCode } })],
    ['creators', () => listener.api.send('GET /api/creators', {})],
  ];
  let n = 0;
  const readLoop = (async () => {
    while (flowing) {
      const [what, call] = reads[n++ % reads.length];
      await timed('read', what, call);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  let m = 0;
  const writeLoop = (async () => {
    while (flowing) {
      const turn = m++ % 4;
      if (turn === 0) {
        const email = uniqueEmail('signup');
        await timed(
          'write',
          'sign-up',
          () => new TestClient(system.url).api.send('POST /api/signup', { body: { email, password: 'a long enough password' } }),
          () => email,
        );
      } else if (turn === 1) {
        await timed(
          'write',
          'custom affirmation',
          () =>
            listener.api.send('POST /api/custom-affirmations', {
              body: {
                sessionId,
                title: `Deploy ${m}`,
                content: 'I stay steady.',
                category: 'Other',
              },
            }),
          (data) => data.id,
        );
      } else if (turn === 2) {
        // A referred buyer's checkout, then its payment (the demo checkout's completion).
        const buyer = new TestClient(system.url);
        let checkout: string | undefined;
        await timed(
          'write',
          'checkout',
          () => buyer.api.send('POST /api/create-checkout-session', { body: { plan: 'monthly', referralCode: creator.referralCode } }),
          (data) => (checkout = new URL(data.url, system.url).pathname),
        );
        if (checkout) {
          const path = `${checkout}/complete`;
          await timed(
            'write',
            'payment',
            () => buyer.request('POST', path, { form: { email: uniqueEmail('buyer'), simulateFirstPayment: 'on' } }),
            () => path,
          );
        }
      } else {
        // One click per visitor per day is counted; every visitor here has the same address,
        // so the service says for each answer whether it counted this one.
        await timed(
          'write',
          'referral click',
          () => new TestClient(system.url).api.send('POST /api/referrals/click', { body: { referralCode: creator.referralCode } }),
          (data) => (data?.recorded ? 'counted' : ''),
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  // A render in flight when generation gets SIGTERM, and a payment in flight when billing does.
  const restartLog: string[] = [];
  for (const service of SERVICES) {
    const instance = system.system.services[service].instances[0];
    let inFlight: Promise<{ status: number }> | null = null;
    if (service === 'generation') {
      inFlight = listener.api.send('POST /api/generate-audio', {
        body: {
          sessionId,
          transcriptId: transcript.id,
          voiceSpeed: '1.0',
          audioDuration: '60',
        },
      });
      // In the service's hands before the SIGTERM: its render queue counts it. A fixed pause
      // was not enough on a busy machine, where the request could still be on its way.
      let answered = false;
      void inFlight.then(() => (answered = true));
      await eventually(async () => {
        const place = (await listener.api.send('GET /api/generate-audio/queue', {})).data as
          | { running?: number; waiting?: number }
          | undefined;
        if (!answered && (place?.running ?? 0) + (place?.waiting ?? 0) === 0)
          throw new Error("the render is not in generation's queue yet");
      }, 600);
    }
    // What a deploy does to one instance: SIGTERM, wait for the drain, start the same again.
    const started = Date.now();
    expect(await instance.stop('SIGTERM')).toBe(0);
    const stopped = Date.now();
    await instance.start();
    restartLog.push(
      `${service} stopped in ${((stopped - started) / 1000).toFixed(1)} s, back in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (inFlight) expect((await inFlight).status).toBe(201);
    // Traffic goes on through the restarted instance before the next one stops.
    const answeredBefore = outcomes.length;
    await eventually(async () => expect(outcomes.length).toBeGreaterThanOrEqual(answeredBefore + 12));
  }
  flowing = false;
  await Promise.all([readLoop, writeLoop]);

  const failed = (o: Outcome) => o.status < 200 || o.status >= 400;
  const summary = (kind: Outcome['kind']) => {
    const all = outcomes.filter((o) => o.kind === kind);
    const bad = all.filter(failed);
    return {
      total: all.length,
      failed: bad.length,
      failedWith503: bad.filter((o) => o.status === 503).length,
      otherFailures: bad.filter((o) => o.status !== 503),
    };
  };
  const readSummary = summary('read');
  const writeSummary = summary('write');
  process.stdout.write(
    `\nrolling restart of ${SERVICES.length} services (${restartLog.join(', ')}):\n` +
      `  reads:  ${readSummary.total} sent, ${readSummary.failed} failed (${readSummary.failedWith503} with 503), the longest answered in ${(Math.max(...outcomes.filter((o) => o.kind === 'read').map((o) => o.ms)) / 1000).toFixed(1)} s\n` +
      `  writes: ${writeSummary.total} sent, ${writeSummary.failed} failed (${writeSummary.failedWith503} with 503), ${writeSummary.otherFailures.length} failed otherwise\n`,
  );
  // A failure is shown with what every process logged about it (the logs go with the test system).
  const processes = [system.system.gateway, ...SERVICES.flatMap((s) => system.system.services[s].instances)];
  const withLogs = (o: Outcome) => ({
    ...o,
    logged: o.requestId ? processes.flatMap((p) => p.logLines().filter((line) => line.includes(o.requestId!))) : [],
  });
  expect(writeSummary.otherFailures.map(withLogs)).toEqual([]);
  // Every read was answered: the gateway retried each one that met a restarting service
  // until the restarted instance answered.
  expect(outcomes.filter((o) => o.kind === 'read' && failed(o)).map(withLogs)).toEqual([]);
  // Every 503 says when to come back (the gateway's for an unreachable service, a draining
  // instance's, a service's whose own dependency is restarting), and they are the exception:
  // the stream kept flowing and every kind of write kept succeeding.
  for (const o of outcomes.filter((x) => x.status === 503)) {
    expect({ what: o.what, code: o.code, retryAfter: o.retryAfter }).toEqual({
      what: o.what,
      code: o.code,
      retryAfter: expect.stringMatching(/^[1-9][0-9]*$/),
    });
  }
  for (const what of ['sign-up', 'custom affirmation', 'checkout', 'payment', 'referral click']) {
    const succeeded = outcomes.filter((o) => o.what === what && !failed(o)).length;
    expect({ what, succeeded: succeeded >= 3 }).toEqual({ what, succeeded: true });
  }
  expect(writeSummary.failedWith503).toBeLessThan(writeSummary.total - writeSummary.failed);

  // Nothing lost: every acknowledged write is there, and the events it caused were handled.
  const signedUp = outcomes.filter((o) => o.what === 'sign-up' && o.created).map((o) => o.created!);
  await eventually(async () => {
    expect(await count('select count(*)::int as n from identity.users where email = any($1)', [signedUp])).toBe(signedUp.length);
    // identity.user.registered reached billing for each of them.
    expect(await count('select count(*)::int as n from billing.accounts where email = any($1)', [signedUp])).toBe(signedUp.length);
  }, 300);
  const affirmations = outcomes.filter((o) => o.what === 'custom affirmation' && o.created).map((o) => o.created!);
  expect(await count('select count(*)::int as n from library.custom_affirmations where id = any($1::uuid[])', [affirmations])).toBe(
    affirmations.length,
  );
  const clicks = outcomes.filter((o) => o.what === 'referral click' && o.created === 'counted').length;
  expect(clicks).toBe(1);
  expect(await count('select count(*)::int as n from creator_referral.referral_clicks where creator_id = $1', [creator.id])).toBe(clicks);
  // Every payment the buyer saw succeed became a commission for the creator who referred them.
  const payments = outcomes.filter((o) => o.what === 'payment' && o.created).length;
  await eventually(async () => expect(await commissionsOf(admin, creator.id)).toHaveLength(payments), 300);
  // The render that was running when generation got SIGTERM was saved.
  const saved = await listener.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  expect(saved.data).toHaveLength(1);
});
