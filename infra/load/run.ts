import autocannon from 'autocannon';
import { cloneVoiceThroughApi, newSessionId, subscribeThroughDemoCheckout, TestClient, uniqueEmail } from '@innerecho/embedded';
import { spokenSample } from '@innerecho/voice/test/voice-samples';

/**
 * `npm run load`: the k6 scenarios (infra/k6) driven by autocannon against a running gateway
 * (`npm start` or `npm run start:distributed`), printing requests per second, p50/p99
 * latency and errors per scenario. Targets only this machine. Sign-up is rate limited per
 * address: start the gateway with SIGN_IN_RATE_LIMIT=100000 for a run. The generation
 * scenario needs the demo checkout (no STRIPE_SECRET_KEY): its listener subscribes there.
 *
 *   BASE_URL=http://localhost:3000 npm run load [-- shell auth-user transcripts sign-up generate]
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=10: seconds and connections of the read scenarios.
 */
const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
if (!/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(BASE_URL)) throw new Error('npm run load only targets a gateway on this machine');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 10);

interface Scenario {
  name: string;
  /** What it stands for in the k6 scripts. */
  k6: string;
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
    options: async () => ({ url: `${BASE_URL}/affirmations`, connections: CONNECTIONS, duration: SECONDS }),
  },
  {
    name: 'auth-user',
    k6: 'sign-in-and-browse.js: auth-user',
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
  const sessionId = newSessionId();
  const transcripts = (await client.get('/api/transcripts')).data as { id: string }[];
  if (needsVoice) {
    await subscribeThroughDemoCheckout(BASE_URL, { client, email });
    const clone = await cloneVoiceThroughApi(client, new Uint8Array(await spokenSample()), sessionId);
    if (clone.status !== 200) throw new Error(`cloning failed: ${clone.status} ${clone.text}`);
  }
  return { client, cookie: cookieOf(client), sessionId, transcriptId: transcripts[0].id };
}

async function main() {
  const chosen = process.argv.slice(2);
  const scenarios = chosen.length ? SCENARIOS.filter((s) => chosen.includes(s.name)) : SCENARIOS;
  const listener = await prepareListener(scenarios.some((s) => s.name === 'generate'));
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    const result = await autocannon(await scenario.options(listener));
    const errors = result.errors + result.timeouts + result.non2xx;
    rows.push([
      scenario.name,
      String(result.requests.total),
      result.requests.average.toFixed(1),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      `${errors}${result.non2xx ? ` (${result.non2xx} non-2xx)` : ''}`,
    ]);
    process.stdout.write(`${scenario.name} done (${scenario.k6})\n`);
  }
  const header = ['scenario', 'requests', 'req/s', 'p50', 'p99', 'errors'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(`\n${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n${rows.map(line).join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
