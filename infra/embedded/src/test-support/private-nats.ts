import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port';
import { eventually } from '../test-client';

const NATS_SERVER =
  process.env.NATS_SERVER_PATH ??
  ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync) ??
  'nats-server';

/**
 * A NATS server of a test's own (JetStream on disk, on a free port), so it can be stopped,
 * started later or restarted without disturbing anyone else using the shared one. Its URL is
 * known before it runs: a system can be pointed at it while nothing listens there.
 */
export class PrivateNats {
  private process: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'innerecho-nats-'));

  private constructor(readonly port: number) {}

  static async onFreePort(): Promise<PrivateNats> {
    return new PrivateNats(await freePort());
  }

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start() {
    if (this.running) return;
    this.process = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.dir], { stdio: 'ignore' });
    await eventually(() => accepts(this.port), 150, 100);
  }

  /** Stops the server (SIGTERM) and resolves once nothing listens on its port. */
  async stop() {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    await eventually(
      async () => {
        if (
          await accepts(this.port).then(
            () => true,
            () => false,
          )
        )
          throw new Error('still listening');
      },
      100,
      100,
    );
  }

  /** Stops it and removes its store. */
  async remove() {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}
