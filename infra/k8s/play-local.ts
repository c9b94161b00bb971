import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { eventually, freePort } from '@innerecho/embedded';
import { KeyStore } from '@innerecho/kit';
import { REPOSITORY_ROOT } from '@innerecho/distributed';
import { listenerJourney, waitReady } from '../docker/journey';
import {
  containersConf,
  createNetwork,
  findRuntime,
  IMAGE_TAG,
  imageExists,
  imageOf,
  run,
  secondsSinceStart,
  step,
  type Podman,
} from '../docker/podman';
import { buildImages } from '../docker/test-containers';
import { APPLY_STEPS } from './apply';
import { named, partOf, selects, type K8sObject } from './test/manifest-reading';

/**
 * `npm run test:kube`: the manifests run whole. Renders infra/k8s/overlays/local (the
 * production overlay with this machine's images, and PostgreSQL, NATS and an object store as
 * pods), gives each Secret of infra/k8s/secrets.yaml a value of its own, and plays it under
 * `podman kube play` in a network of its own, in the order `npm run k8s:apply` applies a
 * release (infra/k8s/apply.ts): configuration, the migration Jobs (each must complete), then
 * the parts; then drives a listener's first session through the played gateway.
 *
 * podman plays Pods, Deployments and ConfigMaps, not Jobs or Secret volumes, and names a
 * Deployment's pods after a pattern of its own; so each workload is handed to it as the Pod a
 * cluster's controller would make from its template (one replica), named after the workload
 * (which is what its Service's name resolves to in a cluster), with its Secrets as podman
 * secrets (environment keys) and volumes filled with the files (mounted keys). podman also
 * publishes every container port: each goes to a free port on 127.0.0.1. Nothing else is
 * changed: images, commands, users, read-only roots, resources and ConfigMaps are the
 * rendered ones.
 *
 * Options (environment): SKIP_BUILD=1 (the images already built), IMAGE_TAG (the tag they
 * were built with, `dev` by default), PODMAN_RUNTIME.
 */
const OVERLAY = join(REPOSITORY_ROOT, 'infra', 'k8s', 'overlays', 'local');
const PREFIX = `innerecho-kube-${process.pid}`;
const PLAYED_KINDS = new Set(['Deployment', 'Job']);

/** The name the pod of `workload` is played under (a Job's: its pods' name, without the release). */
const podNameOf = (workload: K8sObject) =>
  workload.kind === 'Job' ? workload.spec.template.metadata.labels['app.kubernetes.io/name'] : workload.metadata.name;

function renderOverlay(): K8sObject[] {
  const stdout = execFileSync('kubectl', ['kustomize', OVERLAY], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return YAML.parseAllDocuments(stdout).map((d) => d.toJSON() as K8sObject);
}

/** Values for every Secret a deploy reads, as an operator's secret manager would hold them (optional ones left out). */
function localSecrets(databasePassword: string): Map<string, Record<string, string>> {
  const listed = YAML.parseAllDocuments(readFileSync(join(REPOSITORY_ROOT, 'infra', 'k8s', 'secrets.yaml'), 'utf8')).map(
    (d) => d.toJSON() as K8sObject,
  );
  const values = new Map<string, Record<string, string>>();
  for (const secret of listed) {
    if (secret.metadata.annotations?.['innerecho.dev/optional'] === 'true' || secret.type === 'kubernetes.io/tls') continue;
    const data: Record<string, string> = {};
    for (const key of Object.keys(secret.stringData)) {
      if (key === 'DATABASE_URL') data[key] = `postgres://innerecho:${databasePassword}@postgresql:5432/innerecho`;
      else if (key.startsWith('S3_')) data[key] = 'S3RVER';
      // No mail server here: notifications keeps each mail as a file in its pod.
      else if (key === 'SMTP_URL') data[key] = '';
      else data[key] = key.endsWith('.pem') ? KeyStore.generatePem() : randomBytes(32).toString('base64url');
    }
    values.set(secret.metadata.name, data);
  }
  // The local PostgreSQL pod starts with the password the parts' DATABASE_URL carries.
  values.get('innerecho-database')!.POSTGRES_PASSWORD = databasePassword;
  return values;
}

interface Played {
  pods: string[];
  secrets: string[];
  volumes: string[];
}

/**
 * The Pod a controller would make from `workload`'s template, in a form podman plays: Secret
 * keys read through podman secrets, secret volumes as volumes holding the files, optional
 * Secrets that are not there left out (as a cluster does), each port published on loopback.
 */
async function asPlayablePod(
  podman: Podman,
  workload: K8sObject,
  secrets: Map<string, Record<string, string>>,
  played: Played,
  work: string,
) {
  const spec = structuredClone(workload.spec.template.spec);
  const name = podNameOf(workload);
  for (const container of spec.containers) {
    container.env = (container.env ?? []).filter((variable: any) => {
      const ref = variable.valueFrom?.secretKeyRef;
      if (!ref) return true;
      if (!secrets.has(ref.name)) {
        if (ref.optional) return false;
        throw new Error(`${name} reads Secret ${ref.name}, which secrets.yaml does not list`);
      }
      ref.name = `${PREFIX}-${ref.name}`;
      return true;
    });
    for (const port of container.ports ?? []) Object.assign(port, { hostIP: '127.0.0.1', hostPort: port.hostPort ?? (await freePort()) });
  }
  for (const volume of spec.volumes ?? []) {
    if (!volume.projected) continue;
    const files = join(work, `${name}-${volume.name}`);
    mkdirSync(files);
    for (const source of volume.projected.sources) {
      for (const item of source.secret.items) writeFileSync(join(files, item.path), secrets.get(source.secret.name)![item.key]);
    }
    const volumeName = `${PREFIX}-${name}-${volume.name}`;
    await podman('volume', 'create', volumeName);
    played.volumes.push(volumeName);
    // Owned by the pod's user, readable by it alone (the projected volume's defaultMode, 0440).
    const tarball = `${files}.tar`;
    await run('tar', ['-C', files, '--owner=10001', '--group=10001', '--mode=u=rX,g=rX,o=', '-cf', tarball, '.']);
    await podman('volume', 'import', volumeName, tarball);
    delete volume.projected;
    volume.persistentVolumeClaim = { claimName: volumeName };
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: workload.spec.template.metadata.labels },
    spec: { ...spec, restartPolicy: workload.kind === 'Job' ? 'Never' : 'Always' },
  };
}

/** Plays `pods` (with every ConfigMap, which podman reads from the same file) on `network`. */
async function play(podman: Podman, pods: object[], configMaps: K8sObject[], played: Played, work: string, network: string, conf: string) {
  const file = join(work, `play-${played.pods.length}.yaml`);
  writeFileSync(file, [...configMaps, ...pods].map((o) => YAML.stringify(o)).join('---\n'));
  await run('podman', ['kube', 'play', '--network', network, file], { env: { ...podman.env, CONTAINERS_CONF: conf } });
  played.pods.push(...pods.map((pod) => (pod as { metadata: { name: string } }).metadata.name));
}

/** The images the overlay names, tagged from those built here (IMAGE_TAG) where missing. */
async function tagImages(podman: Podman, objects: K8sObject[]) {
  const images = new Set(objects.filter((o) => PLAYED_KINDS.has(o.kind)).map((o) => o.spec.template.spec.containers[0].image as string));
  for (const image of images) {
    if (await imageExists(podman, image)) continue;
    const built = imageOf(partOf(image), IMAGE_TAG);
    if (!(await imageExists(podman, built))) throw new Error(`no image ${image} and none built as ${built}`);
    await podman('tag', built, image);
  }
}

async function waitForMigrations(podman: Podman, jobs: string[]) {
  for (const job of jobs) {
    const { stdout } = await podman('wait', `${job}-migrate`);
    if (stdout.trim() !== '0') {
      const logs = await podman('logs', `${job}-migrate`).catch(() => ({ stdout: '', stderr: '' }));
      throw new Error(`the migration ${job} exited with ${stdout.trim()}:\n${logs.stdout}${logs.stderr}`);
    }
  }
}

async function main() {
  const podman = await findRuntime();
  if (process.env.SKIP_BUILD !== '1') await buildImages(podman);
  const objects = renderOverlay();
  await tagImages(podman, objects);
  const work = mkdtempSync(join(tmpdir(), 'innerecho-kube-'));
  const network = await createNetwork(podman, PREFIX);
  const conf = containersConf(work, podman);
  const played: Played = { pods: [], secrets: [], volumes: [] };
  try {
    const [gatewayPort, objectStorePort] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;
    const filesUrl = `http://127.0.0.1:${objectStorePort}`;
    // What an operator's overlay says for its own addresses: this machine's, chosen now.
    const services = named(objects, 'ConfigMap', 'innerecho-services')!.data;
    Object.assign(services, { PUBLIC_URL: publicUrl, S3_PUBLIC_ENDPOINT: filesUrl });
    Object.assign(named(objects, 'ConfigMap', 'innerecho-gateway')!.data, { PUBLIC_URL: publicUrl, FILES_ORIGIN: filesUrl });
    const configMaps = objects.filter((o) => o.kind === 'ConfigMap');

    const secrets = localSecrets(randomBytes(12).toString('hex'));
    for (const [name, data] of secrets) {
      const file = join(work, `${name}.secret.json`);
      const encoded = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
      // podman 4.3 reads a secretKeyRef from a podman secret holding the Secret's data: its keys, values in base64.
      writeFileSync(file, JSON.stringify(encoded));
      await podman('secret', 'create', `${PREFIX}-${name}`, file);
      played.secrets.push(`${PREFIX}-${name}`);
    }
    const playable = (workload: K8sObject) => asPlayablePod(podman, workload, secrets, played, work);
    const publish = (pod: any, port: number) => (pod.spec.containers[0].ports[0].hostPort = port);

    step('podman kube play: PostgreSQL, NATS and the object store (outside the release)');
    const dependencies = objects.filter(
      (o) => o.kind === 'Deployment' && o.metadata.labels?.['app.kubernetes.io/component'] === 'dependency',
    );
    const dependencyPods = [];
    for (const dependency of dependencies) {
      const pod = await playable(dependency);
      if (dependency.metadata.name === 'object-store') publish(pod, objectStorePort);
      dependencyPods.push(pod);
    }
    await play(podman, dependencyPods, configMaps, played, work, network.name, conf);
    await eventually(() => podman('exec', 'postgresql-postgresql', 'pg_isready', '-h', '/tmp', '-d', 'innerecho'), 120, 500);

    const release = objects.filter((o) => !dependencies.includes(o));
    for (const applyStep of APPLY_STEPS) {
      const selected = release.filter(
        (o) =>
          PLAYED_KINDS.has(o.kind) &&
          (applyStep.selector ? selects(applyStep.selector, o.metadata.labels ?? {}) : !played.pods.includes(podNameOf(o))),
      );
      step(`podman kube play: ${applyStep.what} (${selected.map((o) => o.metadata.name).join(', ') || 'ConfigMaps, with every pod'})`);
      if (!selected.length) continue;
      const pods = [];
      for (const workload of selected) {
        const pod = await playable(workload);
        if (workload.metadata.name === 'gateway') publish(pod, gatewayPort);
        pods.push(pod);
      }
      await play(podman, pods, configMaps, played, work, network.name, conf);
      if (applyStep.waitForJobs)
        await waitForMigrations(
          podman,
          pods.map((pod) => pod.metadata.name),
        );
    }
    await waitReady(publicUrl, 'the played gateway');
    const { stdout: uid } = await podman('exec', 'gateway-gateway', 'node', '-e', 'process.stdout.write(String(process.getuid()))');
    if (uid.trim() !== '10001') throw new Error(`the played gateway runs as uid ${uid}`);

    step('sign-up, checkout, clone, generate and saved through the played gateway');
    await listenerJourney(publicUrl);
    console.log(`\ntest:kube passed in ${secondsSinceStart()} s (${played.pods.length} pods played)`);
  } catch (error) {
    for (const pod of played.pods) {
      const logs = await podman('pod', 'logs', '--tail', '20', pod).catch(() => ({ stdout: '', stderr: '' }));
      console.error(`--- ${pod}\n${logs.stdout}${logs.stderr}`);
    }
    throw error;
  } finally {
    if (played.pods.length) await podman('pod', 'rm', '-f', '-t', '5', ...played.pods).catch(() => undefined);
    for (const volume of played.volumes) await podman('volume', 'rm', '-f', volume).catch(() => undefined);
    for (const secret of played.secrets) await podman('secret', 'rm', secret).catch(() => undefined);
    await network.remove();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
