import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The address of a service that runs as several instances: what a Kubernetes Service, or
 * Docker's round-robin DNS for `docker compose up --scale`, gives callers. Each request
 * goes to the next instance in turn; an instance that refuses the connection (stopped,
 * restarting) is skipped for a second and the request goes to the next one, which is
 * safe for any method because nothing was sent yet. An instance that answers 503 while it
 * drains is passed on as it is: the caller decides whether to retry.
 */
export class RoundRobinBalancer {
  private next = 0;
  private readonly resting = new Map<number, number>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private server: Server | null = null;

  constructor(private readonly upstreams: { port: number }[]) {}

  async listen(port: number): Promise<number> {
    const server = createServer((req, res) => this.forward(req, res, 0));
    server.keepAliveTimeout = 65_000;
    this.server = server;
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
      if ((this.resting.get(index) ?? 0) <= now) {
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
    this.agent.destroy();
    if (!this.server) return;
    const server = this.server;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
