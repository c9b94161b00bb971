import { createServer } from 'node:net';

// Below Linux's ephemeral range (32768–60999): the OS never hands these out on its own, so a
// port found free here is not taken a moment later by a service listening on port 0 or by
// an outgoing connection before the gateway binds it.
const LOW = 20_000;
const HIGH = 32_000;

function tryPort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // Every interface: the gateway listens on 0.0.0.0.
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports this process has handed out. A port is only checked free, not held, until its server
 * listens; a form that picks forty ports before any of its processes starts (two instances of
 * every service, their operators' ports, the gateway's) would otherwise be handed the same
 * free port twice, and the second process to bind it fails with EADDRINUSE.
 */
const handedOut = new Set<number>();

/** A free port for a server whose address must be known before it listens (the gateway's); never the same twice in a process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (handedOut.has(port)) continue;
    if (await tryPort(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
