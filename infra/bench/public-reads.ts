/**
 * npm run bench:reads: reads through the gateway at 20 connections against a bare node:http
 * server answering the same bytes, in one run. Two sections: the public reads (transcripts,
 * creators, a creator's analytics, the music list) and the personal reads a signed-in
 * listener's pages make (the user, the session, the saved list, the allowance, the voice
 * profile, the streak, the own recording of an affirmation), each with its goal. The system
 * runs in a child process (PGlite in memory, then PostgreSQL when DATABASE_URL is set), the
 * bare server in another, autocannon here. Each personal read is also set beside the floor of
 * its path (`hop-floor.ts`: the same two HTTP exchanges and one prepared query on the same
 * database, with no checks at all), which says how much of the gap to the bare server the
 * architecture itself takes.
 *
 *   npm run bench:reads                             # embedded form (PGlite), then PostgreSQL if DATABASE_URL is set
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:reads
 *   BENCH_ROUNDS=5 BENCH_ROUND_SECONDS=4 npm run bench:reads   # personal reads: product and floors in turn; ratios within a round, medians
 *   npm run bench:reads -- --pglite-only            # or --postgres-only
 *   npm run bench:reads -- --personal-only          # or --public-only
 *   npm run bench:reads -- --only=allowance         # only the reads whose name contains this
 *   BENCH_CPU_PROF=/tmp/prof npm run bench:reads    # the system's process writes a V8 CPU profile there
 *   npm run bench:reads -- --no-write               # print only (by default the table replaces its section of docs/benchmarks.md)
 *
 * The gateway's per-address API rate limit is raised for the run (every request comes from
 * one address here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import {
  createCreatorThroughAdmin,
  newSessionId,
  signedInAdmin,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
} from '@innerecho/embedded';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Personal reads: how many times the product and its floors are measured in turn (each figure is the median), and for how long each time. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
/** Load before each measured figure, not counted. */
const WARM_SECONDS = 2;
/**
 * Load before a personal read's first round, not counted: the product runs many more
 * functions than its floor, and V8 is still optimizing them (hundreds a second) for its first
 * 10 to 15 s of load; a server that has been up a while runs them optimized.
 */
const PRODUCT_WARM_SECONDS = Number(process.env.BENCH_PRODUCT_WARM_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROOT = resolve(__dirname, '..', '..');

interface Read {
  section: 'public' | 'personal';
  name: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * The goals: public reads within 5x of the bare server; personal reads within 10x on
 * PostgreSQL and 20x on PGlite, p99 under 50 ms.
 */
const GOALS = {
  public: { ratio: { 'embedded (PGlite)': 5, PostgreSQL: 5 }, p99Ms: 30 },
  personal: { ratio: { 'embedded (PGlite)': 20, PostgreSQL: 10 }, p99Ms: 50 },
} as const;
type Form = keyof (typeof GOALS)['public']['ratio'];

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * A subscribed listener who has used the app: signed up, subscribed through the demo
 * checkout, their browser's sessionId bound to them (the first personal read binds it).
 */
async function preparedListener(url: string) {
  const client = new TestClient(url);
  const email = uniqueEmail('bench-listener');
  await client.signUp(email);
  await subscribeThroughDemoCheckout(url, { client, email });
  const sessionId = newSessionId();
  const transcripts = (await client.get('/api/transcripts')).data as { id: string }[];
  return { cookie: cookieOf(client), sessionId, transcriptId: transcripts[0].id };
}

/** Starts a child and resolves with its first stdout line (the child's address). */
async function startChild(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`child exited with ${code}`))),
  ])) as [string];
  return { child, line };
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A bare node:http server answering `body` (as JSON) to every request: the ceiling for one process on this machine. */
async function bareServer(body: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'innerecho-bare-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port));
    process.on('SIGTERM', () => process.exit(0));
  `;
  const { child, line } = await startChild(['-e', script], process.env);
  return { child, url: line.trim(), file };
}

/** The same hops with nothing on them (`hop-floor.ts`), on the same database, forwarded by `client`: the architecture's own cost. */
async function hopFloor(bodyFile: string, env: NodeJS.ProcessEnv, client: 'node:http' | 'undici') {
  const { child, line } = await startChild(['--import', 'tsx', join(__dirname, 'hop-floor.ts')], {
    ...env,
    FLOOR_BODY_FILE: bodyFile,
    FLOOR_CLIENT: client === 'undici' ? 'undici' : 'http',
  });
  return { child, url: line.trim() };
}

type Figures = Awaited<ReturnType<typeof load>>;
/** The one-query floors, each forwarded as named: undici first, as the product's gateway forwards personal reads. */
const FLOOR_CLIENTS = ['undici', 'node:http'] as const;

/** A floor of a read's path already started elsewhere: its address and the process serving it. */
interface StartedFloor {
  url: string;
  pid: number;
}

/**
 * Each figure of a personal read's product and floors, taken ROUNDS times in turn (product,
 * its own-statements floor, the one-query floor with undici, then with node:http, then again)
 * and reported as the median of each: a machine whose speed drifts over a minute (a shared
 * virtual machine) moves every figure of a round together, and no single slow or fast stretch
 * decides a figure. The product's ratios to a floor are taken within each round, from figures
 * measured back to back, and their median reported: a drift between rounds then cancels out of
 * each ratio instead of landing on the product's figure or the floor's.
 */
async function productBesideFloors(
  product: (seconds: number) => Promise<Figures>,
  ownStatements: StartedFloor,
  bodyFile: string,
  env: NodeJS.ProcessEnv,
) {
  const skeletons = await Promise.all(FLOOR_CLIENTS.map((client) => hopFloor(bodyFile, env, client)));
  const floors: StartedFloor[] = [ownStatements, ...skeletons.map(({ url, child }) => ({ url, pid: child.pid! }))];
  try {
    const taken: Figures[][] = [[], ...floors.map(() => [])];
    await product(PRODUCT_WARM_SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      taken[0].push(await product(ROUND_SECONDS));
      for (const [i, floor] of floors.entries()) taken[i + 1].push(await load(floor.url, floor.pid, {}, ROUND_SECONDS));
    }
    const [gateway, own, undici, nodeHttp] = taken.map(medianFigures);
    const against = (floor: Figures[]) => ({
      cpu: median(taken[0].map((mine, round) => mine.cpuUs / floor[round].cpuUs)),
      rps: median(taken[0].map((mine, round) => floor[round].rps / mine.rps)),
    });
    return {
      gateway,
      floor: { ownStatements: own, 'node:http': nodeHttp, undici },
      vsFloor: against(taken[1]),
      vsOneQueryFloor: against(taken[2]),
    };
  } finally {
    await Promise.all(skeletons.map((skeleton) => stopChild(skeleton.child)));
  }
}

/**
 * Starts the floor of `read`'s own path (`own-statements-floor.ts`, a process of its own) from
 * what the serving process recorded of that read's database work, through its control address.
 */
async function ownStatementsFloor(control: string, read: Read) {
  const answer = await fetch(control, { method: 'POST', body: JSON.stringify({ path: read.path, headers: read.headers ?? {} }) });
  if (!answer.ok) throw new Error(`the floor of ${read.path} was not recorded: ${await answer.text()}`);
  const { file, statements } = (await answer.json()) as { file: string; statements: number };
  const { child, line } = await startChild(['--import', 'tsx', join(__dirname, 'own-statements-floor.ts')], {
    ...process.env,
    FLOOR_PLAN_FILE: file,
  });
  return { url: line.trim(), pid: child.pid!, statements, stop: () => stopChild(child) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of each figure over rounds (errors: all of them). */
function medianFigures(rounds: Figures[]): Figures {
  const of = (pick: (f: Figures) => number) => median(rounds.map(pick));
  return {
    rps: of((f) => f.rps),
    p50: of((f) => f.p50),
    p99: of((f) => f.p99),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    cpuUs: of((f) => f.cpuUs),
  };
}

/** Personal reads: within this much of their path's floor, in CPU per request and in requests per second. */
const FLOOR_GOAL = 1.5;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the serving process is at rest (its start's own work, such as decoding the
 * starter music, done: under a fifth of a core for two seconds running, at most a minute),
 * then returns the share of a core it uses at rest over three seconds: the background work
 * every figure of it also carries.
 */
async function atRest(pid: number): Promise<number> {
  const second = () => new Promise((resolve) => setTimeout(resolve, 1000));
  let quietSeconds = 0;
  for (let waited = 0; waited < 60 && quietSeconds < 2; waited++) {
    const before = cpuSeconds(pid);
    await second();
    quietSeconds = cpuSeconds(pid) - before < 0.2 ? quietSeconds + 1 : 0;
  }
  const before = cpuSeconds(pid);
  for (let i = 0; i < 3; i++) await second();
  return (cpuSeconds(pid) - before) / 3;
}

/**
 * Load at CONNECTIONS connections for SECONDS, and the CPU time the serving process spent
 * per request: unlike requests per second, it does not move when other work shares the
 * machine, so it says what one core could answer (1 / CPU per request).
 */
async function load(url: string, pid: number, headers: Record<string, string> = {}, seconds = SECONDS) {
  // Not measured: the first requests of a path compile it (every server here is measured warm).
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_SECONDS });
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const cpuPerRequest = (cpuSeconds(pid) - cpuBefore) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: cpuPerRequest * 1e6,
  };
}

const SECTIONS = {
  public: !process.argv.includes('--personal-only'),
  personal: !process.argv.includes('--public-only'),
};

/** Each form's serving process at rest, as a share of a core (see `atRest`). */
const restingCpu: string[] = [];

async function benchForm(form: Form, env: NodeJS.ProcessEnv) {
  const profileDir = process.env.BENCH_CPU_PROF;
  const node = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const { child, line } = await startChild([...node, '--import', 'tsx', join(__dirname, 'serve-system.ts')], env);
  const rows: string[][] = [];
  try {
    const { url, admin, control } = JSON.parse(line) as { url: string; admin: { email: string; password: string }; control: string };
    const reads: Read[] = [];
    if (SECTIONS.public) {
      const adminClient = await signedInAdmin(url, admin);
      const creator = await createCreatorThroughAdmin(adminClient);
      const cookie = cookieOf(adminClient);
      reads.push(
        { section: 'public', name: 'transcripts', path: '/api/transcripts' },
        { section: 'public', name: 'creators', path: '/api/creators' },
        { section: 'public', name: 'creator analytics', path: `/api/creators/${creator.id}/analytics` },
        { section: 'public', name: 'music list (signed in)', path: '/api/background-music', headers: { cookie } },
      );
    }
    if (SECTIONS.personal) {
      const { cookie, sessionId, transcriptId } = await preparedListener(url);
      const headers = { cookie };
      reads.push(
        { section: 'personal', name: 'auth user', path: '/api/auth/user', headers },
        { section: 'personal', name: 'auth session', path: '/api/auth/session', headers },
        { section: 'personal', name: 'saved list', path: `/api/saved-affirmations/${sessionId}`, headers },
        { section: 'personal', name: 'allowance', path: '/api/generate-audio/allowance', headers },
        { section: 'personal', name: 'voice profile', path: `/api/voice-profile/${sessionId}`, headers },
        { section: 'personal', name: 'streak', path: `/api/saved-affirmations/${sessionId}/streak?timeZone=Europe%2FBerlin`, headers },
        { section: 'personal', name: 'own recording', path: `/api/own-recordings/${sessionId}/${transcriptId}`, headers },
      );
    }
    restingCpu.push(`${form} ${(100 * (await atRest(child.pid!))).toFixed(1)}%`);
    const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
    for (const read of reads.filter((r) => !only || r.name.includes(only))) {
      // The same bytes the gateway answers (uncompressed, as autocannon asks), from a bare server.
      const answer = await fetch(`${url}${read.path}`, { headers: { ...read.headers, 'accept-encoding': 'identity' } });
      if (!answer.ok) throw new Error(`${read.path} answered ${answer.status}`);
      const body = Buffer.from(await answer.arrayBuffer());
      const bare = await bareServer(body);
      try {
        const product = (seconds?: number) => load(`${url}${read.path}`, child.pid!, read.headers, seconds);
        const goal = GOALS[read.section];
        const floorCell = (f: Figures | undefined) => (f ? `${f.rps.toFixed(0)}, ${f.cpuUs.toFixed(0)} µs` : '-');
        const ratios = (r: { cpu: number; rps: number }) => `${r.cpu.toFixed(2)}x, ${r.rps.toFixed(2)}x`;
        const front = (gateway: Figures, baseline: Figures) => [
          read.section,
          form,
          `${read.name} (${(body.length / 1024).toFixed(1)} KB)`,
          gateway.rps.toFixed(0),
          `${gateway.p50} ms`,
          `${gateway.p99} ms`,
          String(gateway.errors),
          `${gateway.cpuUs.toFixed(0)} µs`,
          `${baseline.rps.toFixed(0)}, ${baseline.cpuUs.toFixed(0)} µs`,
          `${(baseline.rps / gateway.rps).toFixed(1)}x`,
        ];
        if (read.section === 'public') {
          const gateway = await product();
          const baseline = await load(bare.url, bare.child.pid!);
          const met = gateway.errors === 0 && baseline.rps / gateway.rps <= goal.ratio[form] && gateway.p99 < goal.p99Ms;
          rows.push([
            ...front(gateway, baseline),
            '-',
            '-',
            '-',
            '-',
            '-',
            '-',
            `${met ? 'MET' : 'MISS'} (${goal.ratio[form]}x, p99 < ${goal.p99Ms} ms)`,
          ]);
        } else {
          // The floor the product is held to: its own path (two hops and the read's own statements, in its process).
          const own = await ownStatementsFloor(control, read);
          try {
            const { gateway, floor, vsFloor, vsOneQueryFloor } = await productBesideFloors(product, own, bare.file, env);
            const baseline = await load(bare.url, bare.child.pid!);
            const met = gateway.errors === 0 && vsFloor.cpu <= FLOOR_GOAL && vsFloor.rps <= FLOOR_GOAL;
            rows.push([
              ...front(gateway, baseline),
              floorCell(floor['node:http']),
              floorCell(floor.undici),
              ratios(vsOneQueryFloor),
              `${floorCell(floor.ownStatements)} (${own.statements})`,
              `${vsFloor.cpu.toFixed(2)}x`,
              `${vsFloor.rps.toFixed(2)}x`,
              `${met ? 'MET' : 'MISS'} (${FLOOR_GOAL}x of its floor)`,
            ]);
          } finally {
            await own.stop();
          }
        }
        process.stdout.write(`${form}: ${read.name} done\n`);
      } finally {
        await stopChild(bare.child);
      }
    }
  } finally {
    await stopChild(child);
  }
  return rows;
}

async function main() {
  console.log(
    `Reads through the gateway: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version} (every server of the run), ${CONNECTIONS} connections, ${SECONDS} s each; bare = a node:http server answering the same bytes.`,
  );
  const { DATABASE_URL, ...withoutDatabase } = process.env;
  const rows = process.argv.includes('--postgres-only') ? [] : await benchForm('embedded (PGlite)', withoutDatabase);
  if (DATABASE_URL && !process.argv.includes('--pglite-only'))
    rows.push(...(await benchForm('PostgreSQL', { ...withoutDatabase, DATABASE_URL })));
  const header = [
    'section',
    'form',
    'read',
    'gateway req/s',
    'p50',
    'p99',
    'errors',
    'CPU/request',
    'bare: req/s, CPU/request',
    'bare/gateway req/s',
    'one-query floor node:http: req/s, CPU/request',
    'one-query floor undici: req/s, CPU/request',
    'vs one-query floor: CPU, req/s',
    'own floor: req/s, CPU/request (statements)',
    'CPU vs own floor',
    'req/s vs own floor',
    'goal',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const table = `${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(line).join('\n')}\n`;
  const notes =
    `CPU/request: CPU time of the serving process (the whole system: gateway and services) per request; one core answers ` +
    `1 / that. Floors, personal reads only: the same two HTTP exchanges as the product (a node:http gateway forwarding to a ` +
    `node:http service) with nothing else on them. The one-query floor runs one trivial prepared query on the same database in a ` +
    `process of its own, forwarded with node:http's Agent or an undici Pool. The own floor, the one each read is held to, is its path's ` +
    `floor: a process of its own forwarding with undici as the product's gateway forwards personal reads, running exactly the ` +
    `database exchanges the product made for that read (recorded from the product serving it; their count in brackets), as the ` +
    `product runs them, on the same data (PostgreSQL: the product's own database; PGlite: copies of the product's instances, opened ` +
    `in the floor's process), then answering the product's bytes; on PGlite the database works inside the serving process, so a ` +
    `read's own statement costs that process more than a trivial one. CPU vs a floor = the product's CPU/request ` +
    `over the floor's, req/s vs a floor = the floor's req/s over the product's, each taken within a round (the product, then each ` +
    `floor) and the median of the rounds' given (so it need not equal the ratio of the medians shown). ` +
    `Every figure is taken after ${WARM_SECONDS} s ` +
    `of the same load (a personal read's product, ${PRODUCT_WARM_SECONDS} s more before its first round), once the product's process is at rest after its start; at rest it used ${restingCpu.join(', ')} of a core ` +
    `(outbox relays, the mail sender, the revocation feed), which its CPU/request includes and the floors have none of. Load average during the run: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}.`;
  process.stdout.write(`\n${table}\n${notes}\n`);
  if (!process.argv.includes('--no-write')) writeBenchmarkSection(`${heading()}\n\n${table}\n${notes}\n`);
}

const SECTION_TITLE = '## Reads against the bare server and their floor (`npm run bench:reads`)';

function heading() {
  return (
    `${SECTION_TITLE}\n\nWritten by \`npm run bench:reads\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version} for every server of the run, ${CONNECTIONS} connections, ` +
    `${SECONDS} s per public figure; a personal read and its floors measured in turn ${ROUNDS} times, ${ROUND_SECONDS} s each, medians; ` +
    `every figure beside its baselines in the same run.`
  );
}

/** Replaces this bench's section of docs/benchmarks.md (or adds it at the end), keeping every other section. */
function writeBenchmarkSection(section: string) {
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(SECTION_TITLE);
  if (start === -1) return writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
  const next = text.indexOf('\n## ', start + SECTION_TITLE.length);
  writeFileSync(file, `${text.slice(0, start)}${section}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
