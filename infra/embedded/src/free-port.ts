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

/** A free port for a server whose address must be known before it listens (the gateway's). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
