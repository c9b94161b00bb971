import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISTRIBUTED_DESCRIPTOR_ENV, REPOSITORY_ROOT, startDistributedTestSystem, type DistributedTestSystem } from '../src';

declare global {
  var __innerechoDistributed: DistributedTestSystem | undefined;
}

/**
 * The `e2e-distributed` jest project: starts the distributed form once (every service and
 * the gateway as separate processes on PostgreSQL, NATS and s3rver) for all the journeys
 * of the run, and tells them where it is.
 */
export default async function globalSetup() {
  if (!existsSync(join(REPOSITORY_ROOT, 'frontends', 'shell', 'dist', 'index.html'))) {
    throw new Error('The frontends are not built: run `npm run build` first (npm test does it).');
  }
  const started = Date.now();
  const system = await startDistributedTestSystem({
    s3: true,
    // The journeys run on the demo checkout and the local voice engine, as a fresh install does.
    serviceEnv: { STRIPE_SECRET_KEY: '', ELEVENLABS_API_KEY: '', OIDC_ISSUER: '' },
  });
  globalThis.__innerechoDistributed = system;
  const file = join(tmpdir(), `innerecho-e2e-distributed-${process.pid}.json`);
  const { system: _processes, stop: _stop, ...descriptor } = system;
  writeFileSync(file, JSON.stringify(descriptor));
  process.env[DISTRIBUTED_DESCRIPTOR_ENV] = file;
  process.stdout.write(
    `\ndistributed form for the journeys: ${system.url}, started in ${((Date.now() - started) / 1000).toFixed(1)} s (logs: ${system.logDir})\n`,
  );
}
