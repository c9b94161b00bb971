import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import type { z } from 'zod';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { ANSWER_FINISH_MS, configVariables, FILE_SUFFIX, KeyStore, MIGRATION_POOL_SIZE, parseConfig } from '@innerecho/kit';
import { ZIdentityEnv } from '@innerecho/identity';
import { ZVoiceEnv } from '@innerecho/voice';
import { ZLibraryEnv } from '@innerecho/library';
import { ZGenerationEnv } from '@innerecho/generation';
import { ZBillingEnv } from '@innerecho/billing';
import { ZCreatorReferralEnv } from '@innerecho/creator-referral';
import { ZNotificationsEnv } from '@innerecho/notifications';
import { SIGN_IN_COUNTER_POOL_SIZE, ZGatewayEnv } from '@innerecho/gateway';
import { REPOSITORY_ROOT } from '@innerecho/distributed';
import { APPLY_STEPS } from '../apply';
import { egressPeers, ingressRules, type K8sObject, named, partOf, referencedSecrets, selects } from './manifest-reading';

jest.setTimeout(60_000);

/**
 * The Kubernetes manifests (infra/k8s) as `kubectl kustomize` renders them: every object
 * valid against the Kubernetes schemas, every part deployable the way an orchestrator
 * needs, every environment variable one its service reads with nothing it needs missing,
 * the database's connection budget, the apply order and the secrets a deploy needs.
 */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

const SCHEMAS: Record<string, z.ZodTypeAny> = {
  identity: ZIdentityEnv,
  voice: ZVoiceEnv,
  library: ZLibraryEnv,
  generation: ZGenerationEnv,
  billing: ZBillingEnv,
  'creator-referral': ZCreatorReferralEnv,
  notifications: ZNotificationsEnv,
  gateway: ZGatewayEnv,
};
const SERVICES = Object.keys(SCHEMAS).filter((name) => name !== 'gateway');

/** What the image itself sets (infra/docker/Dockerfile ENV). */
const IMAGE_ENV = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  DATA_DIR: '/data',
  REQUIRE_CONFIGURED_SECRETS: 'true',
  RUN_MIGRATIONS: 'false',
};

/** The operators' port's settings, which every part's operators' listener reads (the kit's for services). */
const OPERATORS_PORT_VARIABLES = ['METRICS_PORT', 'METRICS_HOST', 'METRICS_TOKEN'];
/** Read by the OpenTelemetry exporter itself (components/otlp-collector sets it). */
const TRACING_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT'];

/**
 * What the distributed form needs beyond what a schema insists on: a schema accepts a
 * service without a database, NATS or bucket (`npm start` runs so), and without its
 * secrets (generated under DATA_DIR there); in a cluster each must be set.
 */
const NEEDED_IN_A_CLUSTER: Record<string, string[]> = {
  ...Object.fromEntries(
    SERVICES.map((s) => [s, ['DATABASE_URL', 'NATS_URL', 'S3_BUCKET', 'FILE_SIGNING_SECRET', 'IDENTITY_URL', 'PUBLIC_URL']]),
  ),
  gateway: [
    'IDENTITY_URL',
    'VOICE_URL',
    'LIBRARY_URL',
    'GENERATION_URL',
    'BILLING_URL',
    'CREATOR_REFERRAL_URL',
    'DATABASE_URL',
    'PUBLIC_URL',
  ],
};
NEEDED_IN_A_CLUSTER.identity.push('SESSION_SIGNING_KEYS');
NEEDED_IN_A_CLUSTER['creator-referral'].push('CREATOR_SESSION_SIGNING_KEYS', 'REFERRAL_CLICK_SECRET');
NEEDED_IN_A_CLUSTER.generation.push('VOICE_URL', 'LIBRARY_URL');
// Without a mail server a pod would keep its mails on its own disk, lost with the pod.
NEEDED_IN_A_CLUSTER.notifications.push('SMTP_URL', 'MAIL_FROM');

/** PostgreSQL keeps these for superusers whatever max_connections says (its default). */
const SUPERUSER_RESERVED_CONNECTIONS = 3;
/** Left free for people and tools: an operator's psql, a backup, a metrics exporter. */
const OPERATOR_HEADROOM_CONNECTIONS = 20;

async function render(folder: string): Promise<K8sObject[]> {
  const { stdout } = await promisify(execFile)('kubectl', ['kustomize', join(REPOSITORY_ROOT, 'infra', 'k8s', folder)]);
  return YAML.parseAllDocuments(stdout).map((d) => d.toJSON() as K8sObject);
}

const SECRETS = YAML.parseAllDocuments(readFileSync(join(REPOSITORY_ROOT, 'infra', 'k8s', 'secrets.yaml'), 'utf8')).map(
  (d) => d.toJSON() as K8sObject,
);

let base: K8sObject[];
let production: K8sObject[];
let managed: K8sObject[];
let local: K8sObject[];
let scratch: string;
beforeAll(async () => {
  [base, production, managed, local] = await Promise.all(
    ['base', 'overlays/production', 'overlays/managed-services', 'overlays/local'].map(render),
  );
  scratch = mkdtempSync(join(tmpdir(), 'k8s-env-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const rendered = (which: string) => ({ base, production, managed, local })[which]!;

test.each(['base', 'production', 'managed', 'local'])('every object of %s is valid against the Kubernetes schemas', (which) => {
  const objects = rendered(which);
  expect(objects.length).toBeGreaterThan(40);
  for (const object of objects) {
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
    expect(() => new Model(object).validate()).not.toThrow();
  }
});

test('production runs in its namespace, with images from the registry at a version, and renders no secret', () => {
  for (const object of production.filter((o) => o.kind !== 'Namespace')) expect(object.metadata.namespace).toBe('innerecho');
  for (const workload of production.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
    expect(workload.spec.template.spec.containers[0].image).toMatch(/^registry\.example\.com\/innerecho\/[a-z-]+:\d+\.\d+\.\d+$/);
  }
  expect(production.filter((o) => o.kind === 'Secret')).toEqual([]);
});

test('each part is a Deployment an orchestrator can roll: probes, resources, non-root read-only, a preStop pause, a grace period covering the drain, an operators’ port', () => {
  for (const part of Object.keys(SCHEMAS)) {
    const deployment = named(production, 'Deployment', part)!;
    expect(deployment).toBeDefined();
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(container.startupProbe.httpGet.path).toBe('/ready');
    expect(container.readinessProbe.httpGet.path).toBe('/ready');
    expect(container.livenessProbe.httpGet.path).toBe('/health');
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    const config = named(production, 'ConfigMap', part === 'gateway' ? 'innerecho-gateway' : 'innerecho-services')!.data;
    const pause = container.lifecycle.preStop.sleep.seconds;
    expect(pause).toBeGreaterThan(0);
    // The drain: the pause, the delay, the grace, then the answers under way (a saved render's MP3) finishing.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(
      pause + Number(config.SHUTDOWN_DELAY_SECONDS) + Number(config.SHUTDOWN_GRACE_SECONDS) + ANSWER_FINISH_MS / 1000,
    );
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    // The operators' port: declared, listened on by the part on every interface of its pod.
    const metrics = container.ports.find((port: any) => port.name === 'metrics');
    expect(metrics).toEqual({ name: 'metrics', containerPort: expect.any(Number) });
    expect(container.env).toContainEqual({ name: 'METRICS_PORT', value: String(metrics.containerPort) });
    expect(container.env).toContainEqual({ name: 'METRICS_HOST', value: '0.0.0.0' });

    const service = named(production, 'Service', part)!;
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports.map((port: any) => port.targetPort)).toEqual(['http']);
    expect(named(production, 'PodDisruptionBudget', part)?.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(named(production, 'NetworkPolicy', part)?.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  }
  expect(named(production, 'HorizontalPodAutoscaler', 'generation')?.spec.scaleTargetRef).toMatchObject({
    kind: 'Deployment',
    name: 'generation',
  });
  const ingress = named(production, 'Ingress', 'gateway')!;
  expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
});

test('each service has a migration Job named after its release, running its image’s migration step; the services themselves do not migrate', () => {
  for (const service of SERVICES) {
    const deployment = named(production, 'Deployment', service)!;
    const release = deployment.spec.template.spec.containers[0].image.split(':')[1];
    // A finished Job cannot take a new template: each release's Job is a new one.
    const job = named(production, 'Job', `${service}-migrate-${release}`)!;
    expect(job).toBeDefined();
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', '/app/migrate.js']);
    expect(container.image).toBe(deployment.spec.template.spec.containers[0].image);
  }
  expect(production.filter((o) => o.kind === 'Job')).toHaveLength(SERVICES.length);
  expect(named(production, 'ConfigMap', 'innerecho-services')!.data.RUN_MIGRATIONS).toBe('false');
});

test('network: everything is denied unless allowed; a part accepts only its callers, and the scraper on the operators’ port alone', () => {
  expect(named(production, 'NetworkPolicy', 'default-deny')?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  const callersOf = (part: string) =>
    [...new Set(ingressRules(production, part).flatMap((rule) => rule.from.map((peer) => `${peer}:${rule.ports.join(',')}`)))].sort();
  const http = (part: string) => named(production, 'Service', part)!.spec.ports[0].port;
  expect(callersOf('billing')).toEqual(['monitoring:metrics', `pod:gateway:${http('billing')}`]);
  expect(callersOf('voice')).toEqual(['monitoring:metrics', `pod:gateway:${http('voice')}`, `pod:generation:${http('voice')}`]);
  expect(callersOf('identity')).toEqual(
    [
      'monitoring:metrics',
      ...['billing', 'creator-referral', 'gateway', 'generation', 'library', 'notifications', 'voice'].map((p) => `pod:${p}:4101`),
    ].sort(),
  );
  expect(callersOf('gateway')).toEqual(['ingress-nginx:3000', 'monitoring:metrics']);
  // Only the gateway calls notifications (mail choices, unsubscribe links).
  expect(callersOf('notifications')).toEqual(['monitoring:metrics', `pod:gateway:${http('notifications')}`]);
  expect(JSON.stringify(named(production, 'Ingress', 'gateway')!.spec)).not.toMatch(/9464|metrics/);

  expect(egressPeers(production, 'billing')).toEqual(['dns', 'internet:443', 'pod:identity:4101', 'pod:nats:4222', 'pod:postgresql:5432']);
  expect(egressPeers(production, 'generation')).toEqual([
    'dns',
    'internet:443',
    'pod:identity:4101',
    'pod:library:4103',
    'pod:nats:4222',
    'pod:postgresql:5432',
    'pod:voice:4102',
  ]);
  expect(egressPeers(production, 'gateway')).toEqual(['dns', 'pod:postgresql:5432', 'services:4101,4102,4103,4104,4105,4106,4107']);
  expect(egressPeers(production, 'identity-migrate')).toEqual(['dns', 'pod:postgresql:5432']);
  expect(egressPeers(production, 'notifications')).toEqual([
    'dns',
    'internet:443',
    'internet:587,465,25',
    'pod:identity:4101',
    'pod:nats:4222',
    'pod:postgresql:5432',
  ]);
});

test('the database, object store and trace collector outside the namespace are options (components) that open exactly their way out', () => {
  expect(egressPeers(managed, 'billing')).toEqual([
    'dns',
    'internet:443',
    'ip:10.20.0.0/24:5432',
    'namespace:observability:4317,4318',
    'pod:identity:4101',
    'pod:nats:4222',
    'private:443,9000',
  ]);
  expect(egressPeers(managed, 'identity-migrate')).toEqual(['dns', 'ip:10.20.0.0/24:5432']);
  expect(egressPeers(managed, 'gateway')).toEqual([
    'dns',
    'ip:10.20.0.0/24:5432',
    'namespace:observability:4317,4318',
    'services:4101,4102,4103,4104,4105,4106,4107',
  ]);
  for (const name of ['innerecho-services', 'innerecho-gateway'])
    expect(named(managed, 'ConfigMap', name)!.data.OTEL_EXPORTER_OTLP_ENDPOINT).toMatch(/^http:\/\/.+:4318$/);
});

/** The environment a container gets: literal values, ConfigMap and Secret keys (of secrets.yaml), mounted secret files. */
function environmentOf(container: any, pod: any, objects: K8sObject[]) {
  const env: Record<string, string> = {};
  const configMap = (name: string) => named(objects, 'ConfigMap', name)?.data ?? {};
  const secret = (name: string) => named(SECRETS, 'Secret', name)?.stringData ?? {};
  for (const source of container.envFrom ?? []) Object.assign(env, configMap(source.configMapRef.name));
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom;
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (ref?.configMapKeyRef) env[variable.name] = configMap(ref.configMapKeyRef.name)[ref.configMapKeyRef.key];
    else if (ref?.secretKeyRef) {
      const value = secret(ref.secretKeyRef.name)[ref.secretKeyRef.key];
      if (value === undefined && !ref.secretKeyRef.optional)
        throw new Error(`${variable.name}: no key ${ref.secretKeyRef.key} in ${ref.secretKeyRef.name}`);
      if (value !== undefined) env[variable.name] = value;
    }
  }
  // A *_FILE must name a key of a Secret mounted at that path; the test gives it a real value.
  const mounted = new Map<string, string>();
  for (const mount of container.volumeMounts ?? []) {
    const volume = pod.volumes.find((v: any) => v.name === mount.name);
    for (const source of volume?.projected?.sources ?? []) {
      for (const item of source.secret?.items ?? []) {
        expect(Object.keys(secret(source.secret.name))).toContain(item.key);
        mounted.set(`${mount.mountPath}/${item.path}`, item.key);
      }
    }
  }
  for (const [name, path] of Object.entries(env)) {
    if (!name.endsWith(FILE_SUFFIX)) continue;
    const key = mounted.get(path);
    if (!key) throw new Error(`${name}: nothing is mounted at ${path}`);
    const file = join(scratch, `${name}-${key}`);
    writeFileSync(file, key.endsWith('.pem') ? KeyStore.generatePem() : 'a-secret-for-this-test-0123456789');
    env[name] = file;
  }
  return env;
}

test.each(['production', 'managed'])('%s: every variable a manifest sets is one its part reads, and every one it needs is set', (which) => {
  const objects = rendered(which);
  let checked = 0;
  for (const workload of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
    const pod = workload.spec.template.spec;
    for (const container of pod.containers) {
      const part = partOf(container.image);
      const schema = SCHEMAS[part];
      expect(schema).toBeDefined();
      const env = environmentOf(container, pod, objects);
      const accepted = new Set([...configVariables(schema), ...OPERATORS_PORT_VARIABLES, ...TRACING_VARIABLES]);
      const unknown = Object.keys(env).filter((name) => !accepted.has(name) && !accepted.has(name.slice(0, -FILE_SUFFIX.length)));
      expect({ workload: workload.metadata.name, unknown }).toEqual({ workload: workload.metadata.name, unknown: [] });

      const config = parseConfig(schema, { ...IMAGE_ENV, ...env }) as Record<string, unknown>;
      if (workload.kind === 'Deployment') {
        const missing = NEEDED_IN_A_CLUSTER[part].filter((name) => config[name] === undefined || config[name] === '');
        expect({ workload: workload.metadata.name, missing }).toEqual({ workload: workload.metadata.name, missing: [] });
      } else {
        expect(config.DATABASE_URL).toBeDefined();
      }
      checked++;
    }
  }
  expect(checked).toBe(15);
});

/**
 * The most connections the parts can open at once: every Deployment at its largest replica
 * count (its autoscaler's maximum) plus its surge pod, each holding its whole pool, and every
 * migration Job running.
 */
function connectionsAtMost(objects: K8sObject[]) {
  const rows: { workload: string; pods: number; pool: number }[] = [];
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const name = deployment.metadata.name;
    const autoscaler = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === name);
    const replicas = autoscaler ? autoscaler.spec.maxReplicas : deployment.spec.replicas;
    const pods = replicas + Number(deployment.spec.strategy.rollingUpdate.maxSurge);
    const [container] = deployment.spec.template.spec.containers;
    const part = partOf(container.image);
    const env = environmentOf(container, deployment.spec.template.spec, objects);
    const pool =
      part === 'gateway' ? SIGN_IN_COUNTER_POOL_SIZE : (parseConfig(SCHEMAS[part], { ...IMAGE_ENV, ...env }) as any).DATABASE_POOL_SIZE;
    rows.push({ workload: name, pods, pool });
  }
  for (const job of objects.filter((o) => o.kind === 'Job')) rows.push({ workload: job.metadata.name, pods: 1, pool: MIGRATION_POOL_SIZE });
  return { rows, total: rows.reduce((sum, row) => sum + row.pods * row.pool, 0) };
}

test.each(['production', 'managed'])(
  '%s: the pools at their largest, with surge pods and migration Jobs, fit the database’s connection limit with room to spare',
  (which) => {
    const objects = rendered(which);
    const limit = Number(named(objects, 'ConfigMap', 'innerecho-database-server')!.data.max_connections);
    const { rows, total } = connectionsAtMost(objects);
    expect(rows.find((row) => row.workload === 'generation')!.pods).toBe(
      named(objects, 'HorizontalPodAutoscaler', 'generation')!.spec.maxReplicas + 1,
    );
    const needed = total + SUPERUSER_RESERVED_CONNECTIONS + OPERATOR_HEADROOM_CONNECTIONS;
    expect({ needed, limit, fits: needed <= limit }).toEqual({ needed, limit, fits: true });
  },
);

test('the documented apply order works on an empty namespace: nothing a step starts reads what a later step applies', () => {
  const operatorProvided = new Set(SECRETS.map((secret) => secret.metadata.name));
  const applied = new Set<string>();
  const key = (kind: string, name: string) => `${kind}/${name}`;
  const stepOf = (object: K8sObject) =>
    APPLY_STEPS.findIndex((applyStep) => !applyStep.selector || selects(applyStep.selector, object.metadata.labels ?? {}));
  expect(stepOf(named(production, 'Namespace', 'innerecho')!)).toBe(0);
  for (const [index, applyStep] of APPLY_STEPS.entries()) {
    const objects = production.filter((object) => stepOf(object) === index);
    for (const object of objects) applied.add(key(object.kind, object.metadata.name));
    for (const workload of objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
      const pod = workload.spec.template.spec;
      for (const container of pod.containers) {
        const configMaps = [
          ...(container.envFrom ?? []).map((source: any) => source.configMapRef?.name),
          ...(container.env ?? []).map((variable: any) => variable.valueFrom?.configMapKeyRef?.name),
        ].filter(Boolean);
        for (const name of configMaps)
          expect({ [workload.metadata.name]: applied.has(key('ConfigMap', name)) }).toEqual({ [workload.metadata.name]: true });
      }
      for (const secret of referencedSecrets(workload)) expect(operatorProvided.has(secret)).toBe(true);
      // Its network policies came first, so a Job reaches the database from its first try.
      if (workload.kind === 'Job') expect(applied.has(key('NetworkPolicy', 'database'))).toBe(true);
    }
    if (applyStep.waitForJobs) expect(objects.map((o) => o.kind)).toEqual(objects.map(() => 'Job'));
  }
  // Every migration Job runs (and is waited for) before any Deployment rolls.
  const jobsStep = Math.max(...production.filter((o) => o.kind === 'Job').map(stepOf));
  expect(APPLY_STEPS[jobsStep].waitForJobs).toBe(true);
  expect(Math.min(...production.filter((o) => o.kind === 'Deployment').map(stepOf))).toBeGreaterThan(jobsStep);
});

test('every secret a deploy reads is listed with its keys, and documented for operators', () => {
  const operations = readFileSync(join(REPOSITORY_ROOT, 'docs', 'operations.md'), 'utf8');
  const listed = new Map(SECRETS.map((secret) => [secret.metadata.name, secret]));
  const read = new Set(production.flatMap(referencedSecrets));
  expect(read).toContain('innerecho-tls');
  expect([...read].sort()).toEqual([...listed.keys()].sort());
  for (const name of listed.keys()) expect({ [name]: operations.includes(`\`${name}\``) }).toEqual({ [name]: true });
});
