import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, freePort } from '@innerecho/embedded';
import {
  COMPOSE_FIRST_PORT,
  ensureSecrets,
  gatewayEnvironment,
  SECRET_FILES,
  serviceEnvironment,
  SERVICES,
  type Wiring,
} from '@innerecho/distributed';
import { listenerJourney, waitReady } from './journey';
import {
  createNetwork,
  findRuntime,
  IMAGE_TAG,
  imageExists,
  imageOf,
  imageSizeMb,
  LIMITS,
  NODE_BASE,
  run,
  secondsSinceStart,
  step,
  type Podman,
} from './podman';

/**
 * `npm run test:containers`: the images as an orchestrator runs them. Builds every part's
 * image (and PostgreSQL, NATS and an S3 object store from Debian and npm packages on the same
 * base), starts them under podman in a network of their own (each reaches the others by name,
 * as in compose; only the gateway and the object store are published, on free loopback ports,
 * so nothing here meets another program's port), each part as its own unprivileged user on a
 * read-only root filesystem with its secrets mounted as files, runs each service's migration
 * step, and drives sign-up, checkout, clone, generate and saved through the containerised
 * gateway. Prints the images' sizes beside the base's and the time taken; exits non-zero on any
 * failure, or on an image more than MAX_MB_ABOVE_BASE above its base.
 *
 * Options (environment): NODE_BASE (the base image; built from Debian and npm packages by
 * infra/docker/build-base.sh when it is the default and missing), SKIP_BUILD=1 (use the
 * images already built), IMAGE_TAG, PODMAN_RUNTIME (skips the search for a runtime that can
 * start containers here).
 */
const PARTS = [...SERVICES, 'gateway'] as const;
/** What an image may carry above its base: its code, its dependencies and its tools. */
const MAX_MB_ABOVE_BASE = 120;
/** Where each service finds its secrets, as a Kubernetes Secret volume would put them. */
const SECRETS_IN_CONTAINER = '/run/secrets/innerecho';
const PREFIX = `innerecho-ct-${process.pid}`;
const INFRA_IMAGES = ['postgres', 'nats', 'object-store'] as const;

export async function buildImages(podman: Podman, parts: readonly string[] = PARTS) {
  if (!(await imageExists(podman, NODE_BASE))) {
    step(`building the base ${NODE_BASE} from Debian and npm packages`);
    await run('sh', ['infra/docker/build-base.sh'], { env: { ...podman.env, NODE_BASE_IMAGE: NODE_BASE } });
  }
  step(`building the images of ${parts.join(', ')}`);
  const { stdout } = await run('sh', ['infra/docker/build-images.sh', ...parts], { env: { ...podman.env, NODE_BASE } });
  for (const line of stdout.split('\n').filter((l) => l.startsWith('built '))) console.log(`         ${line}`);
  step('building PostgreSQL, NATS and the object store');
  for (const target of INFRA_IMAGES) {
    await podman(
      'build',
      '--format',
      'docker',
      ...LIMITS,
      '--build-arg',
      `NODE_BASE=${NODE_BASE}`,
      '--target',
      target,
      '-t',
      imageOf(target),
      '-f',
      'infra/docker/infra.Dockerfile',
      '.',
    );
  }
}

/** A part in its container on `network`, named by `alias` there: read-only root, its own user, tmpfs for /tmp and /data. */
function startContainer(podman: Podman, network: string, alias: string, image: string, env: Record<string, string>, extra: string[] = []) {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  return podman(
    'run',
    '-d',
    '--name',
    `${PREFIX}-${alias}`,
    '--network',
    network,
    '--network-alias',
    alias,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/data:rw,mode=1777',
    ...LIMITS,
    ...extra,
    ...envArgs,
    image,
  );
}

/** Runs the image's own HEALTHCHECK (a GET of /ready inside the container) until it passes. */
async function waitHealthy(podman: Podman, name: string) {
  await eventually(() => podman('healthcheck', 'run', `${PREFIX}-${name}`), 240, 500);
}

/** Inside each part: its own user, a read-only root filesystem, compiled code only, and its image a HEALTHCHECK. */
async function checkEachPart(podman: Podman) {
  for (const part of PARTS) {
    const { stdout } = await podman(
      'exec',
      `${PREFIX}-${part}`,
      'node',
      '-e',
      `
        const fs = require('fs');
        let readOnly = false;
        try { fs.writeFileSync('/app/probe', 'x'); } catch (e) { readOnly = e.code === 'EROFS'; }
        const typeScript = fs.readdirSync('/app', { recursive: true })
          .filter((f) => !f.split('/').includes('node_modules') && /\\.tsx?$/.test(f));
        const loaders = ['tsx', 'typescript', 'ts-node'].filter((name) => fs.existsSync('/app/node_modules/' + name));
        process.stdout.write(JSON.stringify({ uid: process.getuid(), readOnly, typeScript, loaders }));`,
    );
    const seen = JSON.parse(stdout) as { uid: number; readOnly: boolean; typeScript: string[]; loaders: string[] };
    if (seen.uid === 0 || !seen.readOnly) throw new Error(`${part}: uid ${seen.uid}, read-only root ${seen.readOnly}`);
    if (seen.typeScript.length || seen.loaders.length)
      throw new Error(`${part} holds TypeScript (${seen.typeScript.slice(0, 5).join(', ')}) or a loader (${seen.loaders.join(', ')})`);
    const { stdout: healthcheck } = await podman('image', 'inspect', '--format', '{{json .HealthCheck}}', imageOf(part));
    if (!(JSON.parse(healthcheck) as { Test?: string[] } | null)?.Test?.length) throw new Error(`${part}'s image has no HEALTHCHECK`);
  }
}

/** Each image's size beside its base's; throws for one more than MAX_MB_ABOVE_BASE above it. */
async function reportSizes(podman: Podman) {
  const base = await imageSizeMb(podman, NODE_BASE);
  console.log(`\nimage sizes (MB, uncompressed; the base ${NODE_BASE} is ${base} MB):`);
  const over: string[] = [];
  for (const part of PARTS) {
    const size = await imageSizeMb(podman, imageOf(part));
    console.log(`  ${part.padEnd(18)} ${String(size).padStart(4)}  (${size - base >= 0 ? '+' : ''}${size - base} above the base)`);
    if (size - base > MAX_MB_ABOVE_BASE) over.push(`${part} (+${size - base} MB)`);
  }
  if (over.length) throw new Error(`images more than ${MAX_MB_ABOVE_BASE} MB above their base: ${over.join(', ')}`);
}

async function startSystem(podman: Podman, network: string, secretsDir: string) {
  step('starting PostgreSQL, NATS and the object store');
  const objectStorePort = await freePort();
  // A throwaway cluster on the container's tmpfs (its root filesystem is read-only too).
  await startContainer(podman, network, 'postgres', imageOf('postgres'), {
    POSTGRES_USER: 'innerecho',
    POSTGRES_PASSWORD: 'innerecho',
    POSTGRES_DB: 'innerecho',
    PGDATA: '/tmp/pgdata',
  });
  await startContainer(podman, network, 'nats', imageOf('nats'), {});
  await startContainer(podman, network, 'object-store', imageOf('object-store'), {}, ['-p', `127.0.0.1:${objectStorePort}:9000`]);
  await eventually(() => podman('exec', `${PREFIX}-postgres`, 'pg_isready', '-h', '/tmp', '-d', 'innerecho'), 120, 500);

  const gatewayPort = await freePort();
  const filesUrl = `http://127.0.0.1:${objectStorePort}`;
  const wiring: Wiring = {
    databaseUrl: 'postgres://innerecho:innerecho@postgres:5432/innerecho',
    natsUrl: 'nats://nats:4222',
    s3: {
      bucket: 'innerecho',
      endpoint: 'http://object-store:9000',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    dataDir: '/data',
    secretsDir: SECRETS_IN_CONTAINER,
    publicUrl: `http://127.0.0.1:${gatewayPort}`,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    addresses: Object.fromEntries(SERVICES.map((s, i) => [s, `http://${s}:${COMPOSE_FIRST_PORT + i}`])) as Wiring['addresses'],
    frontendsDir: '/app/frontends',
  };
  const port = (service: (typeof SERVICES)[number]) => COMPOSE_FIRST_PORT + SERVICES.indexOf(service);
  // Browsers (here, this test) reach the bucket on its published port; presigned URLs are signed for it.
  const environment = (service: (typeof SERVICES)[number]) => ({
    ...serviceEnvironment(service, wiring, port(service)),
    HOST: '0.0.0.0',
    S3_PUBLIC_ENDPOINT: filesUrl,
  });

  step('running each service’s migration step');
  // As compose's and Kubernetes' migration steps: the database, no signing keys or secrets;
  // tried up to three times, as the Job's backoffLimit does (a name lookup can time out on a busy machine).
  const migrate = (service: (typeof SERVICES)[number]) =>
    podman(
      'run',
      '--rm',
      '--network',
      network,
      '--read-only',
      ...LIMITS,
      ...Object.entries(environment(service))
        .filter(([k]) => !k.endsWith('_FILE'))
        .flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      imageOf(service),
      'node',
      '/app/migrate.js',
    );
  await Promise.all(SERVICES.map((service) => eventually(() => migrate(service), 3, 1000)));

  step('starting the services, then the gateway');
  // Each file mounted on its own (read-only): the folder holding them stays private to this user.
  const secretMounts = Object.values(SECRET_FILES)
    .flatMap((name) => (typeof name === 'function' ? SERVICES.map(name) : [name]))
    .flatMap((name) => ['-v', `${join(secretsDir, name)}:${SECRETS_IN_CONTAINER}/${name}:ro`]);
  for (const service of SERVICES) {
    await startContainer(podman, network, service, imageOf(service), environment(service), secretMounts);
  }
  await Promise.all(SERVICES.map((service) => waitHealthy(podman, service)));
  await startContainer(
    podman,
    network,
    'gateway',
    imageOf('gateway'),
    { ...gatewayEnvironment(wiring, 3000), HOST: '0.0.0.0', FILES_ORIGIN: filesUrl, SIGN_IN_RATE_LIMIT: '1000' },
    ['-p', `127.0.0.1:${gatewayPort}:3000`],
  );
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  await waitReady(gatewayUrl, 'gateway');
  return gatewayUrl;
}

async function ourContainers(podman: Podman) {
  const { stdout } = await podman('ps', '-a', '--filter', `name=${PREFIX}-`, '--format', '{{.Names}}').catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean);
}

async function main() {
  const podman = await findRuntime();
  if (process.env.SKIP_BUILD !== '1') await buildImages(podman);
  const work = mkdtempSync(join(tmpdir(), 'innerecho-containers-'));
  const secretsDir = ensureSecrets(join(work, 'secrets'));
  const network = await createNetwork(podman, PREFIX);
  try {
    const gatewayUrl = await startSystem(podman, network.name, secretsDir);
    step('checking each part: its own user, a read-only root filesystem, compiled code only, a HEALTHCHECK');
    await checkEachPart(podman);
    step('sign-up, checkout, clone, generate and saved through the gateway');
    await listenerJourney(gatewayUrl);
    await reportSizes(podman);
    console.log(`\ntest:containers passed in ${secondsSinceStart()} s (images tagged ${IMAGE_TAG})`);
  } catch (error) {
    for (const name of await ourContainers(podman)) {
      const logs = await podman('logs', '--tail', '30', name).catch(() => ({ stdout: '', stderr: '' }));
      console.error(`--- ${name}\n${logs.stdout}${logs.stderr}`);
    }
    throw error;
  } finally {
    const names = await ourContainers(podman);
    if (names.length) await podman('rm', '-f', '-t', '5', ...names).catch(() => undefined);
    await network.remove();
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
