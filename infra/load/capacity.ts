import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Agent } from 'undici';
import { startDistributedTestSystem, type DistributedTestSystem } from '@innerecho/distributed';
import { sumOfMetric } from '@innerecho/embedded';
import {
  CORES,
  isError,
  LISTENER_DAY,
  PEAK_FACTOR,
  percentile,
  prepareActors,
  READ_P95_MS,
  REQUESTS_PER_LISTENER_DAY,
  runStep,
  type Outcome,
} from './day-mix';

/**
 * `npm run load -- --day`: how many listeners one machine serves. Starts the distributed form
 * (every service and the gateway its own process, on the PostgreSQL and NATS of DATABASE_URL
 * and NATS_URL, a scratch database) with one instance of each service, then with two, and for
 * each steps the arrival rate of a day's mix (day-mix.ts) up until reads miss p95 < 300 ms or
 * anything fails. Prints each step with the CPU each process used (its operators' /metrics),
 * the busiest database pool and the renders refused, the highest rate held, listeners per core
 * and what 10,000 and 100,000 daily listeners need; writes the same to docs/benchmarks.md.
 *
 *   LOAD_MAX_SECONDS=540   the stepping's bound (each form gets its share, counted once its system is up and its
 *                          listeners are made: on a busy machine making them takes minutes)
 *   LOAD_STEP_SECONDS=20   seconds per step; LOAD_START_RATE=10 requests/s, LOAD_RATE_STEP=1.5 times per step
 *   DISTRIBUTED_READY_SECONDS=300  how long each process may take to be ready (two instances of everything start at once)
 *   LOAD_FORMS=1,2         instances of each service per form; LOAD_RENDERERS=8 listeners who render
 */
const MAX_SECONDS = Number(process.env.LOAD_MAX_SECONDS ?? 540);
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 20);
const START_RATE = Number(process.env.LOAD_START_RATE ?? 10);
const RATE_STEP = Number(process.env.LOAD_RATE_STEP ?? 1.5);
const FORMS = (process.env.LOAD_FORMS ?? '1,2').split(',').map(Number);
const RENDERERS = Number(process.env.LOAD_RENDERERS ?? 8);
const ROOT = resolve(__dirname, '..', '..');

interface Proc {
  label: string;
  metricsUrl: string;
}

interface Step {
  rate: number;
  reads: number;
  readP95: number;
  readErrors: number;
  /** Failed answers by kind and status ('browse: streak 500'). */
  failures: Map<string, number>;
  /** Per process: share of one core used during the step. */
  cpu: Map<string, number>;
  /** The most PostgreSQL connections one process had in use at once, and which. */
  pool: { label: string; inUse: number };
  late: Promise<Outcome>[];
  lateOutcomes?: Outcome[];
}

function processesOf(system: DistributedTestSystem): Proc[] {
  const list: Proc[] = [{ label: 'gateway', metricsUrl: system.system.gateway.metricsUrl }];
  for (const [name, service] of Object.entries(system.system.services))
    service.instances.forEach((instance, i) =>
      list.push({ label: service.instances.length > 1 ? `${name}#${i + 1}` : name, metricsUrl: instance.metricsUrl }),
    );
  return list;
}

async function metricsOf(procs: Proc[]) {
  return Promise.all(
    procs.map(async (p) => {
      const text = await fetch(`${p.metricsUrl}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      return {
        label: p.label,
        cpu: sumOfMetric(text, 'process_cpu_seconds_total'),
        inUse: sumOfMetric(text, 'db_pool_connections_in_use'),
      };
    }),
  );
}

async function measureStep(rate: number, procs: Proc[], run: () => Promise<Outcome[]>, late: Promise<Outcome>[]): Promise<Step> {
  const before = await metricsOf(procs);
  const pool = { label: '-', inUse: 0 };
  let polling = true;
  const poller = (async () => {
    while (polling) {
      for (const m of await metricsOf(procs)) if (m.inUse > pool.inUse) Object.assign(pool, { label: m.label, inUse: m.inUse });
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const begin = performance.now();
  const outcomes = await run();
  const seconds = (performance.now() - begin) / 1000;
  polling = false;
  await poller;
  const after = await metricsOf(procs);
  const cpu = new Map(after.map((m, i) => [m.label, (m.cpu - before[i].cpu) / seconds]));
  const kinds = new Map(LISTENER_DAY.map((k) => [k.name, k]));
  const reads = outcomes.filter((o) => kinds.get(o.kind)?.read);
  const failures = new Map<string, number>();
  for (const o of outcomes.filter((o) => isError(o, kinds.get(o.kind)!)))
    failures.set(`${o.kind} ${o.status}`, (failures.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  return {
    failures,
    rate,
    reads: reads.length,
    readP95: percentile(
      reads.map((o) => o.ms),
      95,
    ),
    readErrors: outcomes.filter((o) => isError(o, kinds.get(o.kind)!)).length,
    cpu,
    pool,
    late,
  };
}

/**
 * The mix's few render accounts stand for the thousands of listeners who render in a day, each
 * well within their own daily allowance. Left alone, those few accounts spend their hour in the
 * first steps and every later render is refused for it, costing the system nothing, so the
 * capacity found would be that of a product nobody renders in. Their day's used seconds are set
 * back to zero every second in the run's scratch database; renders still running keep their
 * reservations, so the system's own concurrency bounds still apply.
 */
function startRenewingAllowances(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const renew = () => pool.query('update generation.daily_usage set seconds_used = 0 where seconds_used > 0').catch(() => undefined);
  const timer = setInterval(() => void renew(), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await pool.end();
    },
  };
}

/** Steps one form's arrival rate up until a step misses, for at most `budgetMs` once its listeners are made. */
async function stepForm(instances: number, budgetMs: number) {
  const system = await startDistributedTestSystem({
    instances,
    logLevel: 'warn',
    gatewayEnv: { API_RATE_LIMIT: '100000000', SIGN_IN_RATE_LIMIT: '100000' },
  });
  const shell = await fetch(system.url, { headers: { accept: 'text/html' } }).catch(() => undefined);
  if (shell?.status !== 200) {
    await system.stop();
    // Without the built frontends every landing fails, and the run would measure only that.
    throw new Error(`The shell page answered ${shell?.status ?? 'nothing'}: run \`npm run build\` first`);
  }
  const dispatcher = new Agent({ connections: 256, keepAliveTimeout: 30_000 });
  const steps: Step[] = [];
  let allowances: { stop(): Promise<void> } | undefined;
  try {
    const actors = await prepareActors(system.url, { listeners: 20, renderers: RENDERERS });
    const deadline = Date.now() + budgetMs;
    const procs = processesOf(system);
    allowances = startRenewingAllowances(system.databaseUrl);
    for (let rate = START_RATE; Date.now() + STEP_SECONDS * 1000 < deadline - 30_000; rate = Math.round(rate * RATE_STEP)) {
      const late: Promise<Outcome>[] = [];
      const step = await measureStep(rate, procs, () => runStep(rate, STEP_SECONDS, actors, dispatcher, late), late);
      steps.push(step);
      process.stdout.write(`${instances} instance(s): ${rate} req/s: reads p95 ${step.readP95.toFixed(0)} ms, ${step.readErrors} errors\n`);
      if (step.readP95 >= READ_P95_MS || step.readErrors > 0) break;
    }
    // Renders and uploads settle within what is left of the form's time; one still running then counts as unanswered.
    const left = Math.max(5_000, deadline - Date.now());
    for (const step of steps) {
      const unanswered: Outcome = { kind: 'unanswered', ms: left, status: 0, retryAfter: false };
      step.lateOutcomes = await Promise.all(
        step.late.map((p) => Promise.race([p, new Promise<Outcome>((r) => setTimeout(() => r(unanswered), left).unref())])),
      );
      for (const o of step.lateOutcomes.filter((o) => o.kind === 'unanswered' || isError(o, kindOf(o.kind))))
        step.failures.set(`${o.kind} ${o.status}`, (step.failures.get(`${o.kind} ${o.status}`) ?? 0) + 1);
    }
    return steps;
  } finally {
    await allowances?.stop();
    await dispatcher.close().catch(() => undefined);
    await system.stop();
  }
}

const kindOf = (name: string) => LISTENER_DAY.find((k) => k.name === name)!;

function lateSummary(step: Step) {
  const kinds = new Map(LISTENER_DAY.map((k) => [k.name, k]));
  const late = step.lateOutcomes ?? [];
  const renders = late.filter((o) => kinds.get(o.kind)?.render);
  return {
    admitted: renders.filter((o) => o.status === 201).length,
    refused: renders.filter((o) => [429, 503].includes(o.status) && o.retryAfter && !o.allowanceSpent).length,
    allowance: renders.filter((o) => o.allowanceSpent).length,
    errors: late.filter((o) => o.kind === 'unanswered' || isError(o, kinds.get(o.kind)!)).length,
    renderP95: percentile(
      renders.filter((o) => o.status === 201).map((o) => o.ms),
      95,
    ),
  };
}

const holds = (step: Step) => step.readP95 < READ_P95_MS && step.readErrors === 0 && lateSummary(step).errors === 0;

/** Listeners a day that `rate` requests a second at the busiest hour serves. */
const dailyListeners = (rate: number) => (rate * 86_400) / REQUESTS_PER_LISTENER_DAY / PEAK_FACTOR;

const poolSummary = (pool: Step['pool']) =>
  pool.inUse === 0
    ? 'no PostgreSQL pool seen with a connection in use (sampled each second)'
    : `busiest pool ${pool.label} with ${pool.inUse} connections in use`;

function bottleneck(step: Step | undefined) {
  if (!step) return '-';
  const [label, share] = [...step.cpu.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
  const total = [...step.cpu.values()].reduce((a, b) => a + b, 0);
  const late = lateSummary(step);
  return (
    `at ${step.rate} req/s: busiest process ${label} at ${(share * 100).toFixed(0)}% of a core; all processes ${(total * 100).toFixed(0)}% ` +
    `of ${CORES * 100}%; ${poolSummary(step.pool)}; render queue: ` +
    `${late.admitted} admitted, ${late.refused} refused with Retry-After`
  );
}

function report(results: { instances: number; steps: Step[] }[]) {
  const lines: string[] = [];
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  lines.push(
    row([
      'form',
      'arrivals/s',
      'reads',
      'reads p95',
      'errors',
      'renders admitted / refused (Retry-After) / allowance spent',
      'render p95',
      'CPU by process (% of a core)',
      'busiest pool',
      'held',
    ]),
    row(Array(10).fill('---')),
  );
  const summary: string[] = [];
  for (const { instances, steps } of results) {
    for (const step of steps) {
      const late = lateSummary(step);
      const cpu = [...step.cpu.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([label, share]) => `${label} ${(share * 100).toFixed(0)}`)
        .join(', ');
      lines.push(
        row([
          `${instances} instance(s) each`,
          step.rate,
          step.reads,
          `${step.readP95.toFixed(0)} ms`,
          `${step.readErrors + late.errors}${step.failures.size ? ` (${[...step.failures].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
          `${late.admitted} / ${late.refused} / ${late.allowance}`,
          late.admitted ? `${(late.renderP95 / 1000).toFixed(1)} s` : '-',
          cpu,
          `${step.pool.label}: ${step.pool.inUse}`,
          holds(step) ? 'yes' : 'NO',
        ]),
      );
    }
    const held = steps.filter(holds).pop();
    const first = steps.find((s) => !holds(s)) ?? steps[steps.length - 1];
    const listeners = held ? dailyListeners(held.rate) : 0;
    const perCore = listeners / CORES;
    const machines = (n: number) => (perCore ? Math.ceil(n / perCore / CORES) : '-');
    summary.push(
      `- **${instances} instance(s) of each service:** highest arrival rate held ${held ? `${held.rate} req/s` : 'none (the first step missed)'}; ` +
        `${Math.round(listeners).toLocaleString('en')} daily listeners, ${Math.round(perCore).toLocaleString('en')} per core. ` +
        `First bottleneck ${steps.some((s) => !holds(s)) ? '' : '(no step missed; the last step) '}${bottleneck(first)}. ` +
        `10,000 daily listeners need ${machines(10_000)} machine(s) of this size, 100,000 need ${machines(100_000)}.`,
    );
  }
  return { table: lines.join('\n'), summary: summary.join('\n') };
}

function writeSection(text: string) {
  const title = '## Capacity: a day of listeners as arrivals (`npm run load -- --day`)';
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const section = `${title}\n\n${text}\n`;
  const start = doc.indexOf(title);
  if (start === -1) return writeFileSync(file, `${doc.trimEnd()}\n\n${section}`);
  const next = doc.indexOf('\n## ', start + title.length);
  writeFileSync(file, `${doc.slice(0, start)}${section}${next === -1 ? '' : `\n${doc.slice(next + 1)}`}`);
}

export async function runCapacity() {
  const results: { instances: number; steps: Step[] }[] = [];
  for (const instances of FORMS) results.push({ instances, steps: await stepForm(instances, (MAX_SECONDS * 1000) / FORMS.length) });
  const { table, summary } = report(results);
  const model =
    `The model: one daily listener makes ${REQUESTS_PER_LISTENER_DAY.toFixed(2)} requests a day (` +
    LISTENER_DAY.map((k) => `${k.perListenerDay} ${k.name}`).join(', ') +
    `), and the busiest hour carries ${PEAK_FACTOR}x the day's average rate, so daily listeners = held rate x 86,400 / ` +
    `${REQUESTS_PER_LISTENER_DAY.toFixed(2)} / ${PEAK_FACTOR}. A step holds when reads (everything but sign-ins, renders and uploads) ` +
    `answer with p95 under ${READ_P95_MS} ms, and nothing fails: renders may be refused with Retry-After (429 or 503); a render ` +
    `refused because its listener's daily hour was spent is the model's few accounts, counted apart, not an error.`;
  const text =
    `Written by \`npm run load -- --day\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${CORES} cores ` +
    `(${cpus()[0]?.model ?? 'unknown'}), the distributed form on PostgreSQL and NATS, the load generator on the same machine; ` +
    `${STEP_SECONDS} s per step from ${START_RATE} arrivals/s, x${RATE_STEP} a step; load average at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}.\n\n${model}\n\n${table}\n\n${summary}`;
  process.stdout.write(`\n${text}\n`);
  if (!process.argv.includes('--no-write')) writeSection(text);
}
