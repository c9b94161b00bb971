import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { ANSWER_FINISH_MS, configVariables, FILE_SUFFIX, KeyStore, parseConfig } from '@innerecho/kit';
import { ZIdentityEnv } from '@innerecho/identity';
import { ZVoiceEnv } from '@innerecho/voice';
import { ZLibraryEnv } from '@innerecho/library';
import { ZGenerationEnv } from '@innerecho/generation';
import { ZBillingEnv } from '@innerecho/billing';
import { ZCreatorReferralEnv } from '@innerecho/creator-referral';
import { ZGatewayEnv } from '@innerecho/gateway';
import { REPOSITORY_ROOT } from '@innerecho/distributed';

jest.setTimeout(60_000);

/**
 * The Kubernetes manifests (infra/k8s) as `kubectl kustomize` renders them: every object
 * valid against the Kubernetes schemas, every part deployable the way an orchestrator
 * needs, and every environment variable one its service reads, with nothing it needs missing.
 */
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; [key: string]: any };

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

async function render(folder: string): Promise<K8sObject[]> {
  const { stdout } = await promisify(execFile)('kubectl', ['kustomize', join(REPOSITORY_ROOT, 'infra', 'k8s', folder)]);
  return YAML.parseAllDocuments(stdout).map((d) => d.toJSON() as K8sObject);
}

let base: K8sObject[];
let production: K8sObject[];
let scratch: string;
beforeAll(async () => {
  [base, production] = await Promise.all([render('base'), render('overlays/production')]);
  scratch = mkdtempSync(join(tmpdir(), 'k8s-env-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const named = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const partOf = (image: string) => /innerecho\/([a-z-]+)(:|$)/.exec(image)?.[1] ?? '';

test.each(['base', 'production'])('every object of %s is valid against the Kubernetes schemas', (which) => {
  const objects = which === 'base' ? base : production;
  expect(objects.length).toBeGreaterThan(40);
  for (const object of objects) {
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
    expect(() => new Model(object).validate()).not.toThrow();
  }
});

test('production runs in its namespace, with images from the registry at a version, and applies no placeholder secret', () => {
  for (const object of production.filter((o) => o.kind !== 'Namespace')) expect(object.metadata.namespace).toBe('innerecho');
  for (const deployment of production.filter((o) => o.kind === 'Deployment')) {
    expect(deployment.spec.template.spec.containers[0].image).toMatch(/^registry\.example\.com\/innerecho\/[a-z-]+:\d+\.\d+\.\d+$/);
  }
  expect(production.filter((o) => o.kind === 'Secret')).toEqual([]);
});

test('each part is a Deployment an orchestrator can roll: probes, resources, non-root read-only, a preStop pause and a grace period covering the drain', () => {
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

    expect(named(production, 'Service', part)?.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(named(production, 'PodDisruptionBudget', part)?.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(named(production, 'NetworkPolicy', part)?.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
  }
  expect(named(production, 'HorizontalPodAutoscaler', 'generation')?.spec.scaleTargetRef).toMatchObject({
    kind: 'Deployment',
    name: 'generation',
  });
  expect(named(production, 'Ingress', 'gateway')?.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
});

test('each service has a migration Job running its image’s migration step; the services themselves do not migrate', () => {
  for (const service of SERVICES) {
    const job = named(production, 'Job', `${service}-migrate`)!;
    const [container] = job.spec.template.spec.containers;
    expect(container.command).toEqual(['node', '/app/migrate.js']);
    expect(partOf(container.image)).toBe(service);
  }
  expect(named(production, 'ConfigMap', 'innerecho-services')!.data.RUN_MIGRATIONS).toBe('false');
});

test('network: everything is denied unless allowed; only the gateway (and the services that call it) reach a service', () => {
  expect(named(production, 'NetworkPolicy', 'default-deny')?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
  const callersOf = (part: string) =>
    named(production, 'NetworkPolicy', part)!
      .spec.ingress.flatMap((rule: any) => rule.from)
      .map(
        (peer: any) =>
          peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ?? peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
      )
      .sort();
  expect(callersOf('billing')).toEqual(['gateway', 'monitoring']);
  expect(callersOf('voice')).toEqual(['gateway', 'generation', 'monitoring']);
  expect(callersOf('identity')).toEqual(['billing', 'creator-referral', 'gateway', 'generation', 'library', 'monitoring', 'voice']);
  expect(callersOf('gateway')).toEqual(['ingress-nginx', 'monitoring']);
  // The gateway's /metrics is on the operators' port: the scraper reaches that port only, browsers never.
  const gatewayPorts = (from: string) =>
    named(production, 'NetworkPolicy', 'gateway')!
      .spec.ingress.filter((rule: any) =>
        rule.from.some((peer: any) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === from),
      )
      .flatMap((rule: any) => rule.ports.map((port: any) => port.port));
  expect(gatewayPorts('monitoring')).toEqual([9464]);
  expect(gatewayPorts('ingress-nginx')).toEqual([3000]);
  const gateway = named(production, 'Deployment', 'gateway')!.spec.template.spec.containers[0];
  expect(gateway.ports).toEqual([
    { name: 'http', containerPort: 3000 },
    { name: 'metrics', containerPort: 9464 },
  ]);
  expect(gateway.env).toContainEqual({ name: 'METRICS_PORT', value: '9464' });
  expect(named(production, 'Service', 'gateway')!.spec.ports.map((port: any) => port.targetPort)).toEqual(['http']);
  expect(JSON.stringify(named(production, 'Ingress', 'gateway')!.spec)).not.toMatch(/9464|metrics/);
  const reaches = (part: string) =>
    named(production, 'NetworkPolicy', part)!
      .spec.egress.flatMap((rule: any) => rule.to)
      .map((peer: any) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'])
      .filter(Boolean)
      .sort();
  expect(reaches('billing')).toEqual(['identity', 'nats', 'postgresql']);
  expect(reaches('generation')).toEqual(['identity', 'library', 'nats', 'postgresql', 'voice']);
});

/** The environment a container gets: literal values, ConfigMap and Secret keys (of the base's Secrets), mounted secret files. */
function environmentOf(container: any, pod: any, objects: K8sObject[]) {
  const env: Record<string, string> = {};
  const configMap = (name: string) => named(objects, 'ConfigMap', name)?.data ?? {};
  const secret = (name: string) => named(base, 'Secret', name)?.stringData ?? {};
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

test('every variable a manifest sets is one its service reads, and every one it needs is set', () => {
  let checked = 0;
  for (const workload of production.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
    const pod = workload.spec.template.spec;
    for (const container of pod.containers) {
      const part = partOf(container.image);
      const schema = SCHEMAS[part];
      expect(schema).toBeDefined();
      const env = environmentOf(container, pod, production);
      const accepted = new Set(configVariables(schema));
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
  expect(checked).toBe(13);
});
