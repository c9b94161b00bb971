import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync, createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './environment';

export interface ProcessOptions {
  /** e.g. `identity#1`, `gateway`: names the log file and the lines echoed. */
  label: string;
  /** The workspace folder whose src/main.ts runs: `services/identity`, `gateway`. */
  workspace: string;
  env: Record<string, string>;
  /** The port it listens on, polled for readiness. */
  port: number;
  logDir: string;
  /** Also copy its log lines here (the terminal of `npm run start:distributed`). */
  echo?: (label: string, line: string) => void;
  /** The code it runs: this repository's by default, or another release's checkout (mixed-version runs). */
  code?: CheckoutCode;
}

/** A checkout to run a part from, and the settings that go with its code (the version it reports). */
export interface CheckoutCode {
  root: string;
  env?: Record<string, string>;
}

/** When the latest start began and when `/ready` first answered 200 (epoch ms). */
export interface StartTimes {
  spawnedAt: number;
  readyAt: number;
}

/** The way `docker compose` would run the image: `tsx <workspace>/src/main.ts`, in its own Node process. */
const TSX_IMPORT = ['--import', 'tsx'];

/**
 * One running instance of a service or the gateway, as its own Node process. Its output
 * goes to `<logDir>/<label>.log` (appended across restarts, as a container's log is).
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  private readonly log: WriteStream;
  private readonly lines: string[] = [];
  private runningCode: CheckoutCode;
  /** The latest start's times, once it was ready. */
  startTimes: StartTimes | null = null;

  constructor(readonly options: ProcessOptions) {
    this.runningCode = options.code ?? { root: REPOSITORY_ROOT };
    this.log = createWriteStream(join(options.logDir, `${options.label.replace(/[^a-z0-9-]+/gi, '-')}.log`), { flags: 'a' });
  }

  get url() {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** Its operators' port, where `/metrics` is (the METRICS_PORT its environment names). */
  get metricsUrl() {
    return `http://127.0.0.1:${this.options.env.METRICS_PORT}`;
  }

  get pid() {
    return this.child?.pid;
  }

  /** The checkout whose code it runs. */
  get code(): CheckoutCode {
    return this.runningCode;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Every log line so far (JSON from pino, or anything the process printed). */
  logLines(): readonly string[] {
    return this.lines;
  }

  /** Starts the process and resolves once its `/ready` answers 200. */
  /** Ready within DISTRIBUTED_READY_SECONDS (120 by default): sixteen processes starting at once on a busy machine take longer. */
  async start(readyTimeoutMs = Number(process.env.DISTRIBUTED_READY_SECONDS ?? 120) * 1000): Promise<void> {
    if (this.running) return;
    const spawnedAt = Date.now();
    const child = spawn(process.execPath, [...TSX_IMPORT, join(this.options.workspace, 'src', 'main.ts')], {
      cwd: this.runningCode.root,
      env: { ...process.env, ...this.options.env, ...this.runningCode.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        this.log.write(chunk);
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          this.lines.push(line);
          if (this.lines.length > 20_000) this.lines.splice(0, 10_000);
          this.options.echo?.(this.options.label, line);
        }
      });
    }
    await this.waitUntilReady(readyTimeoutMs);
    this.startTimes = { spawnedAt, readyAt: Date.now() };
  }

  private async waitUntilReady(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    while (Date.now() < deadline) {
      if (exitCode !== undefined) {
        throw new Error(`${this.options.label} exited with ${exitCode} while starting:\n${this.lines.slice(-30).join('\n')}`);
      }
      try {
        const res = await fetch(`${this.url}/ready`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${this.options.label} was not ready within ${timeoutMs / 1000} s:\n${this.lines.slice(-30).join('\n')}`);
  }

  /** Sends `signal` (SIGTERM: drain and exit) and waits for the exit. Resolves with the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 40_000): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    child.kill(signal);
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const code = await this.exited;
    clearTimeout(killer);
    return code;
  }

  /** What a deploy does to one instance: SIGTERM, wait for the drain, start the same again. */
  async restart() {
    await this.stop('SIGTERM');
    await this.start();
  }

  /**
   * What a deploy of another version does to one instance: SIGTERM, wait for the drain, start
   * that code in its place (same port and settings).
   */
  async replaceWith(code: CheckoutCode) {
    await this.stop('SIGTERM');
    this.runningCode = code;
    await this.start();
  }

  async close() {
    await this.stop();
    await new Promise((r) => this.log.end(r));
  }
}

/**
 * The migration step of one service, as a deploy runs it before the new instances start
 * (a Kubernetes Job, compose's `<service>-migrate`): `<workspace>/src/migrate.ts` with the
 * service's environment. Its output is appended to `<logDir>/<service>-migrate.log`.
 */
export async function runMigrationStep(options: { service: string; env: Record<string, string>; logDir: string }) {
  const workspace = join('services', options.service);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...TSX_IMPORT, join(workspace, 'src', 'migrate.ts')], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, ...options.env, NODE_ENV: 'production' },
      timeout: 300_000,
    });
    appendFileSync(join(options.logDir, `${options.service}-migrate.log`), stdout + stderr);
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    appendFileSync(join(options.logDir, `${options.service}-migrate.log`), `${failed.stdout ?? ''}${failed.stderr ?? ''}`);
    throw new Error(`${options.service}: the migration step failed (see ${options.service}-migrate.log)`, { cause: error });
  }
}
