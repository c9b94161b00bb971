import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The address of a service that runs as several instances: what a Kubernetes Service, or
 * Docker's round-robin DNS for `docker compose up --scale`, gives callers. Each request
 * goes to the next instance in turn; an instance that refuses the connection (stopped,
 * restarting) is skipped for a second and the request goes to the next one, which is
 * safe for any method because nothing was sent yet. Like a Kubernetes Service's endpoints,
 * it asks each instance's `/ready` every READINESS_EVERY_MS and sends nothing to one that is
 * not ready (an instance told to stop turns not-ready at once and keeps serving for
 * SHUTDOWN_DELAY_SECONDS, longer than one look, so nothing new reaches it once it drains).
 * An instance that answers 503 is passed on as it is: the caller decides whether to retry.
 */
const READINESS_EVERY_MS = 200;

export class RoundRobinBalancer {
  private next = 0;
  private readonly resting = new Map<number, number>();
  private readonly notReady = new Set<number>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private server: Server | null = null;
  private watching: NodeJS.Timeout | null = null;

  constructor(private readonly upstreams: { port: number }[]) {}

  /** Looks at every instance's `/ready` from now on; a look that fails or takes over a second counts as not ready. */
  private watchReadiness() {
    const look = () =>
      this.upstreams.forEach((upstream, index) => {
        fetch(`http://127.0.0.1:${upstream.port}/ready`, { signal: AbortSignal.timeout(1000) })
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.ok) this.notReady.delete(index);
            else this.notReady.add(index);
          })
          .catch(() => this.notReady.add(index));
      });
    this.watching = setInterval(look, READINESS_EVERY_MS);
    this.watching.unref();
  }

  async listen(port: number): Promise<number> {
    const server = createServer((req, res) => this.forward(req, res, 0));
    server.keepAliveTimeout = 65_000;
    this.server = server;
    this.watchReadiness();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return (server.address() as AddressInfo).port;
  }

  private pick(): number {
    const now = Date.now();
    for (let i = 0; i < this.upstreams.length; i++) {
      const index = (this.next + i) % this.upstreams.length;
      if ((this.resting.get(index) ?? 0) <= now && !this.notReady.has(index)) {
        this.next = index + 1;
        return index;
      }
    }
    return this.next++ % this.upstreams.length;
  }

  private forward(req: IncomingMessage, res: ServerResponse, attempt: number) {
    const index = this.pick();
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: this.upstreams[index].port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    // The body is sent only once connected, so a refused connection leaves it unread for the next instance.
    let sent = false;
    upstream.on('socket', (socket) => {
      const send = () => {
        sent = true;
        req.pipe(upstream);
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!sent && error.code === 'ECONNREFUSED' && attempt < this.upstreams.length) {
        this.resting.set(index, Date.now() + 1000);
        this.forward(req, res, attempt + 1);
        return;
      }
      if (res.headersSent) res.destroy();
      else {
        // The caller sees what it would see of one unreachable instance: the connection fails.
        res.socket?.destroy();
      }
    });
  }

  async close() {
    if (this.watching) clearInterval(this.watching);
    this.agent.destroy();
    if (!this.server) return;
    const server = this.server;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
