import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { billingTables } from '@innerecho/billing';
import { freePort, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '../src';

jest.setTimeout(180_000);

/**
 * The system's events go through a NATS server of this test's own, which it stops while
 * users keep signing up and then restarts: every registration still reaches billing,
 * exactly once.
 */
const NATS_BIN = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync) ?? 'nats-server';

let port: number;
let storeDir: string;
let nats: ChildProcess | null = null;
let system: TestSystem;

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

async function startNats() {
  nats = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await waitFor(portOpen, 15_000, 'nats-server to listen');
}

async function stopNats() {
  const child = nats!;
  nats = null;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  await waitFor(async () => !(await portOpen()), 10_000, 'nats-server to stop');
}

/** Accounts billing learnt of for this test's users (the seeded admin registers too). */
const accountsInBilling = async () =>
  (await system.services.billing.context.db.select().from(billingTables.accounts).where(like(billingTables.accounts.email, 'nats.%')))
    .length;
const allAccounts = async () => (await system.services.billing.context.db.select().from(billingTables.accounts)).length;
const handledByBilling = async () =>
  (
    await system.services.billing.context.db
      .select()
      .from(billingTables.inbox)
      .where(eq(billingTables.inbox.subject, 'identity.user.registered.v1'))
  ).length;

beforeAll(async () => {
  port = await freePort();
  storeDir = mkdtempSync(join(tmpdir(), 'innerecho-nats-'));
  await startNats();
  system = await startTestSystem({ natsUrl: `nats://127.0.0.1:${port}` });
});

afterAll(async () => {
  if (!nats) await startNats().catch(() => undefined); // so the system can clean its streams
  await system?.stop();
  if (nats) await stopNats();
  rmSync(storeDir, { recursive: true, force: true });
});

test('with NATS stopped and restarted mid-flow, every event still arrives, once', async () => {
  const signUp = () => new TestClient(system.url).signUp(uniqueEmail('nats'));

  for (let i = 0; i < 3; i++) await signUp();
  await waitFor(async () => (await accountsInBilling()) === 3, 30_000, 'the first registrations to reach billing');

  await stopNats();
  // Sign-up does not depend on the broker: the events wait in identity's outbox.
  for (let i = 0; i < 3; i++) await signUp();
  expect(await accountsInBilling()).toBe(3);

  await startNats();
  await waitFor(async () => (await accountsInBilling()) === 6, 90_000, 'the registrations made during the outage to reach billing');
  // Each handled event made exactly one account: nothing was applied twice.
  expect(await handledByBilling()).toBe(await allAccounts());
});
