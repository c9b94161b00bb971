import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, journeysOfEveryKindOfPerson, type JourneyStep } from '@innerecho/embedded';

/**
 * `npx tsx infra/node-versions/start-on-node.ts --node <major> [--port <n>]`: `npm start` as a newcomer runs
 * it, on the Node found first on PATH (CI runs it with only Node 20 there), with the embedded
 * defaults (no DATABASE_URL, no NATS_URL) on a data folder of its own (a free port and the next one
 * for its operators' port, unless given); then the journey of
 * each kind of person through it (visitor, listener without a plan, subscriber, creator,
 * admin), signed in as the admin `npm start` printed; then Ctrl-C. Prints how long each took.
 */
const ROOT = resolve(__dirname, '..', '..');
const READY_WITHIN_MS = 10 * 60_000;

async function main() {
  const wanted = process.argv.includes('--node') ? process.argv[process.argv.indexOf('--node') + 1] : null;
  const major = process.versions.node.split('.')[0];
  if (wanted && wanted !== major) throw new Error(`asked to run on Node ${wanted}, but the Node on PATH is ${process.version}`);
  const port = process.argv.includes('--port') ? Number(process.argv[process.argv.indexOf('--port') + 1]) : await freePort();
  mkdirSync(join(ROOT, 'data'), { recursive: true });
  const dataDir = mkdtempSync(join(ROOT, 'data', 'start-on-node-'));
  const started = Date.now();
  // Its own process group, so Ctrl-C reaches npm and the product as a terminal's would.
  const product = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(process.argv.includes('--port') ? port + 1 : await freePort()),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: '',
      NATS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const output: string[] = [];
  // Once every process of the group has let go of the output (npm leaves last, after the product stopped).
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    product.once('close', (code, signal) => done({ code, signal })),
  );
  try {
    const admin = await adminPrinted(product, output);
    const answeredAfter = Date.now() - started;
    const steps = await journeysOfEveryKindOfPerson(`http://localhost:${port}`, { admin });
    report(answeredAfter, steps);
  } catch (error) {
    process.stdout.write(`npm start printed:\n${output.join('').slice(-4000)}\n`);
    throw error;
  } finally {
    const stopping = Date.now();
    process.kill(-product.pid!, 'SIGINT');
    const end = await Promise.race([closed, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 60_000))]);
    if (end === 'hung') process.kill(-product.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    // npm passes Ctrl-C on and then leaves by the same signal, as it does at a terminal, once the product has stopped.
    const stoppedCleanly = end !== 'hung' && (end.code === 0 || end.signal === 'SIGINT') && output.join('').includes('Stopping InnerEcho');
    if (!stoppedCleanly) process.exitCode = 1;
    const how =
      end === 'hung'
        ? 'did not stop within 60 s'
        : stoppedCleanly
          ? `stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`
          : `ended with ${end.code ?? end.signal}`;
    process.stdout.write(`Ctrl-C: npm start ${how}\n`);
  }
}

/** Resolves with the admin `npm start` printed once it says it is running (its first start prints the password once). */
function adminPrinted(product: ReturnType<typeof spawn>, output: string[]): Promise<{ email: string; password: string }> {
  return new Promise((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`npm start did not say it was running within ${READY_WITHIN_MS / 60_000} min`)),
      READY_WITHIN_MS,
    );
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const text = output.join('');
      const email = /email:\s+(\S+)/.exec(text)?.[1];
      const password = /password:\s+(\S+)/.exec(text)?.[1];
      if (/InnerEcho is running at/.test(text) && email && password) {
        clearTimeout(timer);
        done({ email, password });
      }
    };
    product.stdout!.on('data', read);
    product.stderr!.on('data', read);
    product.once('exit', (code) => fail(new Error(`npm start exited with ${code} before it was running`)));
  });
}

function report(answeredAfterMs: number, steps: JourneyStep[]) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(`npm start on Node ${process.version}: running after ${seconds(answeredAfterMs)} (frontends built if stale)\n`);
  for (const person of [...new Set(steps.map((step) => step.person))]) {
    const own = steps.filter((step) => step.person === person);
    process.stdout.write(
      `  ${person.padEnd(24)} ${seconds(own.reduce((sum, step) => sum + step.ms, 0)).padStart(7)}: ${own.map((step) => step.what).join('; ')}\n`,
    );
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
