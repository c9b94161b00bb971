import { execFile, type ExecFileOptions } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import YAML from 'yaml';
import { cloneVoiceInNewSession, eventually, freePort, subscribeThroughDemoCheckout, TestClient, uniqueEmail } from '@innerecho/embedded';
import {
  ensureSecrets,
  gatewayEnvironment,
  REPOSITORY_ROOT,
  SECRET_FILES,
  serviceEnvironment,
  SERVICES,
  startLocalS3,
  type ServiceName,
  type Wiring,
} from '@innerecho/distributed';

/**
 * `npm run test:containers`: the images as an orchestrator runs them. Builds every part's
 * image (and PostgreSQL and NATS from Debian packages on the same base), starts them under
 * podman, each part as its own unprivileged user on a read-only root filesystem with its
 * secrets mounted as files, runs each service's migration step, and drives sign-up, checkout,
 * clone, generate and saved through the containerised gateway. Files go to s3rver on this
 * machine. Then `podman kube play` runs the gateway's Deployment as `kubectl kustomize` renders
 * the production overlay, with its ConfigMap and its Secret, and its /health and /ready are
 * checked. Prints the images' sizes and the time taken; exits non-zero on any failure.
 *
 * Options (environment): NODE_BASE (the base image; built from Debian packages by
 * infra/docker/build-base.sh when it is the default and missing), SKIP_BUILD=1 (use the
 * images already built), PODMAN_RUNTIME (e.g. runc where crun cannot run containers).
 */
const NODE_BASE = process.env.NODE_BASE ?? 'localhost/innerecho/node-base:bookworm';
const TAG = process.env.IMAGE_TAG ?? 'dev';
const PARTS = [...SERVICES, 'gateway'] as const;
const PODMAN_GLOBAL = process.env.PODMAN_RUNTIME ? ['--runtime', process.env.PODMAN_RUNTIME] : [];
const LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=1024:1024'];
/** Where each service finds its secrets, as a Kubernetes Secret volume would put them. */
const SECRETS_IN_CONTAINER = '/run/secrets/innerecho';
const PREFIX = `innerecho-ct-${process.pid}`;
const image = (part: string) => `localhost/innerecho/${part}:${TAG}`;
const MEDIA_PARTS = new Set(['voice', 'generation', 'library']);
const SIZE_LIMIT_MB = (part: string) => (MEDIA_PARTS.has(part) ? 400 : 250);

const run = (file: string, args: string[], options: ExecFileOptions = {}) =>
  promisify(execFile)(file, args, { maxBuffer: 64 * 1024 * 1024, cwd: REPOSITORY_ROOT, ...options, encoding: 'utf8' }) as Promise<{
    stdout: string;
    stderr: string;
  }>;
const podman = (...args: string[]) => run('podman', [...PODMAN_GLOBAL, ...args]);
const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`);
const started = Date.now();

async function buildImages() {
  if (
    !(await podman('image', 'exists', NODE_BASE).then(
      () => true,
      () => false,
    ))
  ) {
    step(`building the base ${NODE_BASE} from Debian packages`);
    await run('sh', ['infra/docker/build-base.sh'], { env: { ...process.env, NODE_BASE_IMAGE: NODE_BASE } });
  }
  step('building the images of every part');
  await run('sh', ['infra/docker/build-images.sh'], { env: { ...process.env, NODE_BASE } });
  for (const target of ['postgres', 'nats']) {
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
      image(target),
      '-f',
      'infra/docker/infra.Dockerfile',
      '.',
    );
  }
}

async function imageSizesMb() {
  const sizes: Record<string, number> = {};
  for (const part of PARTS) {
    const { stdout } = await podman('image', 'inspect', '--format', '{{.Size}}', image(part));
    sizes[part] = Math.round(Number(stdout.trim()) / 1e6);
  }
  return sizes;
}

/** A part in its container: the host's network (ports chosen free), read-only root, its own user, secrets as files. */
async function startContainer(name: string, partImage: string, env: Record<string, string>, extra: string[] = [], command: string[] = []) {
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  await podman(
    'run',
    '-d',
    '--name',
    `${PREFIX}-${name}`,
    '--network',
    'host',
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/data:rw,mode=1777',
    ...LIMITS,
    ...extra,
    ...envArgs,
    partImage,
    ...command,
  );
}

async function waitReady(url: string, what: string) {
  await eventually(
    async () => {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.status !== 200) throw new Error(`${what} not ready: ${res.status} ${await res.text()}`);
    },
    240,
    500,
  );
}

type K8sObject = { kind: string; metadata: { name: string }; [key: string]: unknown };
type PodSpec = { containers: { image: string; ports: { name: string; containerPort: number; hostPort?: number }[] }[] };

/**
 * Runs the rendered gateway Deployment under `podman kube play`, changed only where this
 * machine is not a cluster: one replica, the image built here, the addresses of PostgreSQL and
 * of the services' containers on this host, published ports, and its Secret given as a podman secret (podman reads a
 * secretKeyRef from a podman secret holding the Secret's data as JSON). Its security context
 * (user 10001, non-root, read-only root, no capabilities), its emptyDir volumes and its
 * ConfigMap are the rendered ones. podman runs probes as `curl` through systemd timers, which
 * neither this image nor this machine has, so /health and /ready are checked from here.
 */
async function playRenderedGateway(work: string, dbPort: number, addresses: Wiring['addresses']) {
  const { stdout } = await run('kubectl', ['kustomize', 'infra/k8s/overlays/production']);
  const objects = YAML.parseAllDocuments(stdout).map((d) => d.toJSON() as K8sObject);
  const find = (kind: string, name: string) => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`the rendered manifests have no ${kind} ${name}`);
    return found;
  };
  const deployment = find('Deployment', 'gateway') as K8sObject & {
    spec: { replicas: number; template: { spec: PodSpec } };
  };
  const configMap = find('ConfigMap', 'innerecho-gateway') as K8sObject & { data: Record<string, string> };
  const port = await freePort();
  const name = `${PREFIX}-gateway`;
  deployment.metadata.name = name;
  deployment.spec.replicas = 1;
  const container = deployment.spec.template.spec.containers[0];
  container.image = image('gateway');
  // podman publishes every container port on the host: each on a free one (http on `port`).
  for (const containerPort of container.ports) containerPort.hostPort = containerPort.name === 'http' ? port : await freePort();
  if (!container.ports.some((p) => p.name === 'http')) throw new Error('the gateway container names no http port');
  configMap.data.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // The Services' names as the containers started above on this host answer them.
  for (const [variable, address] of Object.entries(configMap.data)) {
    const service = SERVICES.find((s) => variable === `${s.toUpperCase().replace(/-/g, '_')}_URL`);
    if (service)
      configMap.data[variable] = address.replace(/^http:\/\/[^/]+/, `http://host.containers.internal:${new URL(addresses[service]).port}`);
  }
  const playFile = join(work, 'gateway-kube.yaml');
  writeFileSync(playFile, [configMap, deployment].map((o) => YAML.stringify(o)).join('---\n'));
  // The Secret the Deployment names (innerecho-database), as podman wants it.
  const secretFile = join(work, 'innerecho-database.json');
  const databaseUrl = `postgres://innerecho:innerecho@host.containers.internal:${dbPort}/innerecho`;
  writeFileSync(secretFile, JSON.stringify({ DATABASE_URL: Buffer.from(databaseUrl).toString('base64') }));
  // kube play has no --ulimit: the same limits as every other container here, through its configuration.
  const containersConf = join(work, 'containers.conf');
  writeFileSync(containersConf, '[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=1024:1024"]\n');
  await podman('secret', 'create', 'innerecho-database', secretFile);
  try {
    await run('podman', [...PODMAN_GLOBAL, 'kube', 'play', playFile], { env: { ...process.env, CONTAINERS_CONF: containersConf } });
    const url = `http://127.0.0.1:${port}`;
    await eventually(
      async () => {
        const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
        if (health.status !== 200) throw new Error(`kube-played gateway /health: ${health.status}`);
      },
      120,
      500,
    );
    await waitReady(url, 'kube-played gateway');
    const { stdout: seen } = await podman('exec', `${name}-pod-0-gateway`, 'node', '-e', 'process.stdout.write(String(process.getuid()))');
    if (seen.trim() !== '10001') throw new Error(`the kube-played gateway runs as uid ${seen}`);
  } catch (error) {
    const logs = await podman('logs', '--tail', '30', `${name}-pod-0-gateway`).catch(() => ({ stdout: '', stderr: '' }));
    console.error(`--- kube-played gateway\n${logs.stdout}${logs.stderr}`);
    throw error;
  } finally {
    await podman('kube', 'down', playFile).catch(() => undefined);
    await podman('secret', 'rm', 'innerecho-database').catch(() => undefined);
  }
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') await buildImages();
  const sizes = await imageSizesMb();
  const work = mkdtempSync(join(tmpdir(), 'innerecho-containers-'));
  const secretsDir = ensureSecrets(join(work, 'secrets'));
  const containers: string[] = [];
  const localS3 = await startLocalS3(join(work, 's3'));
  try {
    const dbPort = await freePort();
    const natsPort = await freePort();
    step('starting PostgreSQL and NATS');
    // A throwaway cluster on the container's tmpfs (its root filesystem is read-only too).
    await startContainer('postgres', image('postgres'), {
      POSTGRES_USER: 'innerecho',
      POSTGRES_PASSWORD: 'innerecho',
      PGPORT: String(dbPort),
      PGDATA: '/tmp/pgdata',
    });
    containers.push('postgres');
    await startContainer('nats', image('nats'), { NATS_PORT: String(natsPort) });
    containers.push('nats');
    const databaseUrl = `postgres://innerecho:innerecho@127.0.0.1:${dbPort}/innerecho`;
    await eventually(
      async () => {
        const client = new pg.Client({ connectionString: `postgres://innerecho:innerecho@127.0.0.1:${dbPort}/postgres` });
        await client.connect();
        await client
          .query('create database innerecho')
          .catch((e: { code?: string }) => (e.code === '42P04' ? undefined : Promise.reject(e)));
        await client.end();
      },
      120,
      500,
    );

    const ports = {} as Record<ServiceName, number>;
    for (const service of SERVICES) ports[service] = await freePort();
    const gatewayPort = await freePort();
    const wiring: Wiring = {
      databaseUrl,
      natsUrl: `nats://127.0.0.1:${natsPort}`,
      s3: localS3.settings,
      dataDir: '/data',
      secretsDir: SECRETS_IN_CONTAINER,
      publicUrl: `http://127.0.0.1:${gatewayPort}`,
      logLevel: process.env.LOG_LEVEL ?? 'warn',
      addresses: Object.fromEntries(SERVICES.map((s) => [s, `http://127.0.0.1:${ports[s]}`])) as Wiring['addresses'],
      frontendsDir: '/app/frontends',
    };
    // Each file mounted on its own (read-only): the folder holding them stays private to this user.
    const secretMounts = Object.values(SECRET_FILES)
      .flatMap((name) => (typeof name === 'function' ? SERVICES.map(name) : [name]))
      .flatMap((name) => ['-v', `${join(secretsDir, name)}:${SECRETS_IN_CONTAINER}/${name}:ro`]);

    step('running each service’s migration step');
    await Promise.all(
      SERVICES.map((service) =>
        podman(
          'run',
          '--rm',
          '--network',
          'host',
          '--read-only',
          ...LIMITS,
          // As compose's and Kubernetes' migration steps: the database, no signing keys or secrets.
          ...Object.entries(serviceEnvironment(service, wiring, ports[service]))
            .filter(([k]) => !k.endsWith('_FILE'))
            .flatMap(([k, v]) => ['-e', `${k}=${v}`]),
          image(service),
          'node',
          '/app/migrate.js',
        ),
      ),
    );

    step('starting the services, then the gateway');
    for (const service of SERVICES) {
      // Listening on every address, as in a pod: the kube-played gateway reaches them from podman's network.
      await startContainer(
        service,
        image(service),
        { ...serviceEnvironment(service, wiring, ports[service]), HOST: '0.0.0.0' },
        secretMounts,
      );
      containers.push(service);
    }
    await Promise.all(SERVICES.map((service) => waitReady(wiring.addresses[service], service)));
    await startContainer('gateway', image('gateway'), {
      ...gatewayEnvironment(wiring, gatewayPort),
      HOST: '127.0.0.1',
      SIGN_IN_RATE_LIMIT: '1000',
    });
    containers.push('gateway');
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitReady(gatewayUrl, 'gateway');

    step('checking each part: its own user, a read-only root filesystem, compiled code only, a HEALTHCHECK');
    for (const part of containers.filter((c) => (PARTS as readonly string[]).includes(c))) {
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
      const { stdout: healthcheck } = await podman('image', 'inspect', '--format', '{{json .HealthCheck}}', image(part));
      if (!(JSON.parse(healthcheck) as { Test?: string[] } | null)?.Test?.length) throw new Error(`${part}'s image has no HEALTHCHECK`);
    }

    step('sign-up, checkout, clone, generate and saved through the gateway');
    const listener = new TestClient(gatewayUrl);
    const email = uniqueEmail('containers');
    await listener.signUp(email);
    await subscribeThroughDemoCheckout(gatewayUrl, { client: listener, email });
    await eventually(
      async () => {
        const me = await listener.get('/api/auth/user');
        if (me.data?.subscriptionStatus !== 'active') throw new Error(`subscription not active yet: ${me.text}`);
      },
      120,
      500,
    );
    const sessionId = await cloneVoiceInNewSession(listener);
    const transcripts = (await listener.get('/api/transcripts')).data as { id: string }[];
    const render = await listener.postJson('/api/generate-audio', {
      sessionId,
      transcriptId: transcripts[0].id,
      voiceSpeed: '1.0',
      audioDuration: '60',
    });
    if (render.status !== 201 || render.headers.get('content-type') !== 'audio/mpeg')
      throw new Error(`generate failed: ${render.status} ${render.text}`);
    const saved = await listener.get(`/api/saved-affirmations/${sessionId}`);
    if (saved.status !== 200 || (saved.data as unknown[]).length !== 1) throw new Error(`saved: ${saved.status} ${saved.text}`);

    step('podman kube play: the gateway Deployment as the production overlay renders it');
    await playRenderedGateway(work, dbPort, wiring.addresses);

    const seconds = Math.round((Date.now() - started) / 1000);
    console.log('\nimage sizes (MB, uncompressed):');
    for (const part of PARTS) console.log(`  ${part.padEnd(18)} ${String(sizes[part]).padStart(4)}  (limit ${SIZE_LIMIT_MB(part)})`);
    console.log(`\ntest:containers passed in ${seconds} s`);
    const over = PARTS.filter((p) => sizes[p] >= SIZE_LIMIT_MB(p));
    if (over.length) throw new Error(`images over their size limit: ${over.join(', ')}`);
  } catch (error) {
    for (const name of containers) {
      const logs = await podman('logs', '--tail', '30', `${PREFIX}-${name}`).catch(() => ({ stdout: '', stderr: '' }));
      console.error(`--- ${name}\n${logs.stdout}${logs.stderr}`);
    }
    throw error;
  } finally {
    await podman('rm', '-f', '-t', '5', ...containers.map((c) => `${PREFIX}-${c}`)).catch(() => undefined);
    await localS3.close();
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
