import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cloneVoiceInNewSession, newSessionId, subscribeThroughDemoCheckout, TestClient, uniqueEmail } from '@innerecho/embedded';
import { runCapacity } from './capacity';

/**
 * `npm run load`: the k6 scenarios (infra/k6) driven by autocannon against a running gateway
 * (`npm start` or `npm run start:distributed`), printing requests per second, p50, p95 (as
 * k6 computes it) and p99 latency and errors per scenario, then evaluating the k6 scripts'
 * own thresholds; it exits non-zero when one is missed. Targets only this machine. All the
 * load comes from one address, which the gateway limits: start it with
 * API_RATE_LIMIT=1000000 SIGN_IN_RATE_LIMIT=100000 for a run (a 429 is counted as a failure).
 * The generation scenario needs the demo checkout (no STRIPE_SECRET_KEY): its listener subscribes there.
 *
 *   BASE_URL=http://localhost:3000 npm run load [-- shell auth-user transcripts sign-up generate]
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=10: seconds and connections of the read scenarios.
 *
 *   npm run load -- --day   a day's mix as arrivals on a distributed form it starts itself (capacity.ts)
 */
const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const DAY_MIX = process.argv.includes('--day');
if (!DAY_MIX && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(BASE_URL))
  throw new Error('npm run load only targets a gateway on this machine');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);

interface Scenario {
  name: string;
  /** What it stands for in the k6 scripts. */
  k6: string;
  /** The k6 script whose thresholds apply, and the `name` tag its requests carry there. */
  thresholds?: { script: string; tag?: string };
  options(listener: Listener): Promise<autocannon.Options>;
}

interface Listener {
  client: TestClient;
  cookie: string;
  sessionId: string;
  transcriptId: string;
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const SCENARIOS: Scenario[] = [
  {
    name: 'shell',
    k6: 'sign-in-and-browse.js: shell',
    thresholds: { script: 'sign-in-and-browse.js', tag: 'shell' },
    options: async () => ({ url: `${BASE_URL}/affirmations`, connections: CONNECTIONS, duration: SECONDS }),
  },
  {
    name: 'auth-user',
    k6: 'sign-in-and-browse.js: auth-user',
    thresholds: { script: 'sign-in-and-browse.js', tag: 'auth-user' },
    options: async (listener) => ({
      url: `${BASE_URL}/api/auth/user`,
      headers: { cookie: listener.cookie },
      connections: CONNECTIONS,
      duration: SECONDS,
    }),
  },
  {
    name: 'transcripts',
    k6: 'sign-in-and-browse.js: transcripts',
    thresholds: { script: 'sign-in-and-browse.js' },
    options: async () => ({ url: `${BASE_URL}/api/transcripts`, connections: CONNECTIONS, duration: SECONDS }),
  },
  {
    name: 'sign-up',
    k6: 'sign-in-and-browse.js: sign-up',
    options: async () => ({
      url: `${BASE_URL}/api/signup`,
      connections: 2,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // A new account per request (argon2 hashing is the cost being measured).
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: uniqueEmail('load'), password: 'load test password', name: 'Load' }),
          }),
        },
      ],
    }),
  },
  {
    name: 'generate',
    k6: 'generation.js',
    thresholds: { script: 'generation.js', tag: 'generate' },
    // Renders are CPU work measured in seconds: a fixed number of one-minute renders, two at a time.
    options: async (listener) => ({
      url: `${BASE_URL}/api/generate-audio`,
      connections: 2,
      amount: Number(process.env.LOAD_RENDERS ?? 8),
      timeout: 300,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: listener.cookie },
          body: JSON.stringify({
            sessionId: listener.sessionId,
            transcriptId: listener.transcriptId,
            voiceSpeed: '1.0',
            audioDuration: '60',
          }),
        },
      ],
    }),
  },
];

/** A subscribed listener with a cloned voice, made through the public API as a visitor would. */
async function prepareListener(needsVoice: boolean): Promise<Listener> {
  const client = new TestClient(BASE_URL);
  const email = uniqueEmail('load-listener');
  await client.signUp(email);
  let sessionId = newSessionId();
  const transcripts = (await client.get('/api/transcripts')).data as { id: string }[];
  if (needsVoice) {
    await subscribeThroughDemoCheckout(BASE_URL, { client, email });
    sessionId = await cloneVoiceInNewSession(client);
  }
  return { client, cookie: cookieOf(client), sessionId, transcriptId: transcripts[0].id };
}

/** A k6 threshold the run is held to: `p(95)<150` on a tagged duration, or `rate<0.01` on failures. */
interface Threshold {
  script: string;
  metric: 'duration' | 'failed';
  tag?: string;
  /** k6's expression, e.g. `p(95)<150`. */
  expression: string;
  holds(figures: { durationsMs: number[]; failedRate: number }): { holds: boolean; actual: string };
}

/** Reads the `thresholds` of a k6 script (infra/k6), so the scripts stay the one statement of the targets. */
function thresholdsOf(script: string): Threshold[] {
  const source = readFileSync(join(__dirname, '..', 'k6', script), 'utf8');
  const block = /thresholds:\s*\{([\s\S]*?)\}\s*,?\s*\n/.exec(source)?.[1] ?? '';
  const found: Threshold[] = [];
  for (const [, key, list] of block.matchAll(/['"]?([\w{}:.-]+)['"]?\s*:\s*\[([^\]]*)\]/g)) {
    const tag = /\{name:([\w-]+)\}/.exec(key)?.[1];
    for (const [, expression] of list.matchAll(/['"]([^'"]+)['"]/g)) {
      const percentile = /^p\((\d+(?:\.\d+)?)\)\s*<\s*(\d+(?:\.\d+)?)$/.exec(expression);
      const rate = /^rate\s*<\s*(\d+(?:\.\d+)?)$/.exec(expression);
      if (key.startsWith('http_req_duration') && percentile) {
        const [p, limit] = [Number(percentile[1]), Number(percentile[2])];
        found.push({
          script,
          metric: 'duration',
          tag,
          expression,
          holds: ({ durationsMs }) => {
            const value = percentileOf(durationsMs, p);
            return { holds: value < limit, actual: `${value.toFixed(1)} ms` };
          },
        });
      } else if (key === 'http_req_failed' && rate) {
        const limit = Number(rate[1]);
        found.push({
          script,
          metric: 'failed',
          expression,
          holds: ({ failedRate }) => ({ holds: failedRate < limit, actual: `${(failedRate * 100).toFixed(2)}%` }),
        });
      } else {
        throw new Error(`${script}: threshold ${key}: ${expression} is not one npm run load can evaluate`);
      }
    }
  }
  return found;
}

/** The p-th percentile as k6 reports it: linear interpolation between the closest ranks. */
function percentileOf(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

async function main() {
  const chosen = process.argv.slice(2);
  const scenarios = chosen.length ? SCENARIOS.filter((s) => chosen.includes(s.name)) : SCENARIOS;
  const listener = await prepareListener(scenarios.some((s) => s.name === 'generate'));
  const rows: string[][] = [];
  const verdicts: string[][] = [];
  let missed = 0;
  let rateLimited = 0;
  for (const scenario of scenarios) {
    const durationsMs: number[] = [];
    let failed = 0;
    const options = await scenario.options(listener);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
      instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
        durationsMs.push(responseTimeMs);
        // k6's http_req_failed: any answer outside 200-399.
        if (statusCode >= 400) failed++;
        if (statusCode === 429) rateLimited++;
      });
    });
    const errors = result.errors + result.timeouts;
    const total = durationsMs.length + errors;
    const failedRate = total ? (failed + errors) / total : 1;
    rows.push([
      scenario.name,
      String(result.requests.total),
      result.requests.average.toFixed(1),
      `${result.latency.p50} ms`,
      `${percentileOf(durationsMs, 95).toFixed(1)} ms`,
      `${result.latency.p99} ms`,
      `${failed + errors}${failed ? ` (${failed} 4xx/5xx)` : ''}`,
    ]);
    process.stdout.write(`${scenario.name} done (${scenario.k6})\n`);
    if (!scenario.thresholds) continue;
    const { script, tag } = scenario.thresholds;
    for (const threshold of thresholdsOf(script).filter((t) => t.metric === 'failed' || t.tag === tag)) {
      const { holds, actual } = threshold.holds({ durationsMs, failedRate });
      if (!holds) missed++;
      const what =
        threshold.metric === 'failed'
          ? `http_req_failed ${threshold.expression}`
          : `http_req_duration{name:${tag}} ${threshold.expression}`;
      verdicts.push([scenario.name, `${script}: ${what}`, actual, holds ? 'met' : 'MISSED']);
    }
  }
  const table = (header: string[], body: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    return `${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${body.map(line).join('\n')}\n`;
  };
  process.stdout.write(`\n${table(['scenario', 'requests', 'req/s', 'p50', 'p95', 'p99', 'failed'], rows)}`);
  if (verdicts.length) process.stdout.write(`\nk6 thresholds:\n${table(['scenario', 'threshold', 'actual', 'verdict'], verdicts)}`);
  if (rateLimited) {
    process.stdout.write(
      `\n${rateLimited} answers were 429: start the gateway with API_RATE_LIMIT=1000000 SIGN_IN_RATE_LIMIT=100000 for a load run.\n`,
    );
  }
  if (missed) {
    process.stdout.write(`\n${missed} threshold(s) missed.\n`);
    process.exitCode = 1;
  }
}

(DAY_MIX ? runCapacity() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
