import { execFile, type ExecFileOptions } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPOSITORY_ROOT } from '@innerecho/distributed';

/**
 * What `npm run test:containers` and `npm run test:kube` share: podman with the OCI runtime
 * that can start containers on this machine, the limits these machines need, the images'
 * names, and a network of their own.
 */

/** Containers on these machines start only within these limits (podman's defaults are refused). */
export const LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=1024:1024'];
export const NODE_BASE = process.env.NODE_BASE ?? 'localhost/innerecho/node-base:24';
export const IMAGE_TAG = process.env.IMAGE_TAG ?? 'dev';
export const imageOf = (part: string, tag = IMAGE_TAG) => `localhost/innerecho/${part}:${tag}`;

export const run = (file: string, args: string[], options: ExecFileOptions = {}) =>
  promisify(execFile)(file, args, { maxBuffer: 64 * 1024 * 1024, cwd: REPOSITORY_ROOT, ...options, encoding: 'utf8' }) as Promise<{
    stdout: string;
    stderr: string;
  }>;

const started = Date.now();
/** A line of progress, with the seconds since the run began. */
export const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${what}`);
export const secondsSinceStart = () => Math.round((Date.now() - started) / 1000);

/** podman, with the runtime found by findRuntime. */
export interface Podman {
  (...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** The OCI runtime in use (crun, runc, or podman's configured default when it works). */
  runtime: string | undefined;
  /** Environment for a child that runs podman itself (build-images.sh): the same runtime. */
  env: NodeJS.ProcessEnv;
}

const firstLine = (error: unknown) =>
  String((error as { stderr?: string }).stderr || (error as Error).message)
    .trim()
    .split('\n')
    .pop();

/**
 * Starts a container with each candidate runtime until one runs it: podman's default first
 * (or PODMAN_RUNTIME alone when it is set), then runc and crun. The container is a static
 * program in a folder (no image needed), so the answer comes in a second, before any build.
 * Throws, saying what to install or set, when none can.
 */
export async function findRuntime(): Promise<Podman> {
  await run('podman', ['--version']).catch(() => {
    throw new Error('podman is not installed: apt-get install podman runc');
  });
  const rootfs = mkdtempSync(join(tmpdir(), 'innerecho-runtime-probe-'));
  // ldconfig is statically linked on every glibc system: it runs with nothing else in the folder.
  copyFileSync('/sbin/ldconfig', join(rootfs, 'probe'));
  const wanted = process.env.PODMAN_RUNTIME;
  const candidates: (string | undefined)[] = wanted ? [wanted] : [undefined, 'runc', 'crun'];
  const refusals: string[] = [];
  try {
    for (const runtime of candidates) {
      if (
        runtime &&
        !existsSync(`/usr/bin/${runtime}`) &&
        !existsSync(`/usr/sbin/${runtime}`) &&
        !existsSync(`/usr/local/bin/${runtime}`)
      ) {
        refusals.push(`${runtime}: not installed`);
        continue;
      }
      const global = runtime ? ['--runtime', runtime] : [];
      const ran = await run('podman', [
        ...global,
        'run',
        '--rm',
        '--network',
        'none',
        ...LIMITS,
        '--rootfs',
        rootfs,
        '/probe',
        '--version',
      ]).then(
        () => true,
        (error: unknown) => {
          refusals.push(`${runtime ?? "podman's default runtime"}: ${firstLine(error)}`);
          return false;
        },
      );
      if (!ran) continue;
      if (refusals.length) console.log(`${refusals.join('; ')}; using ${runtime} (PODMAN_RUNTIME=${runtime} skips this search)`);
      const podman = ((...args: string[]) => run('podman', [...global, ...args])) as Podman;
      podman.runtime = runtime;
      podman.env = { ...process.env, ...(runtime ? { PODMAN_RUNTIME: runtime } : {}) };
      return podman;
    }
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
  const advice = wanted
    ? `PODMAN_RUNTIME=${wanted} cannot start containers here; unset it, or set PODMAN_RUNTIME=runc (apt-get install runc)`
    : 'install runc (apt-get install runc) and set PODMAN_RUNTIME=runc';
  throw new Error(`no OCI runtime here can start a container (${refusals.join('; ')}): ${advice}`);
}

/**
 * A containers.conf for commands that take no --ulimit or --runtime flag of their own
 * (`podman kube play`): the same limits and runtime as everything else. Pass its path as
 * CONTAINERS_CONF.
 */
export function containersConf(dir: string, podman: Podman): string {
  const file = join(dir, 'containers.conf');
  const limits = LIMITS.filter((_, i) => i % 2 === 1).map((limit) => `"${limit}"`);
  writeFileSync(
    file,
    `[containers]\ndefault_ulimits = [${limits.join(', ')}]\n${podman.runtime ? `[engine]\nruntime = "${podman.runtime}"\n` : ''}`,
  );
  return file;
}

/** A podman network of its own (DNS between its containers by name and alias); `remove` takes it away. */
export async function createNetwork(podman: Podman, name: string) {
  await podman('network', 'create', name);
  return { name, remove: () => podman('network', 'rm', '-f', name).catch(() => undefined) };
}

export async function imageExists(podman: Podman, image: string) {
  return podman('image', 'exists', image).then(
    () => true,
    () => false,
  );
}

/** Uncompressed size of an image, in MB (10^6 bytes, as `podman images` prints). */
export async function imageSizeMb(podman: Podman, image: string) {
  const { stdout } = await podman('image', 'inspect', '--format', '{{.Size}}', image);
  return Math.round(Number(stdout.trim()) / 1e6);
}
