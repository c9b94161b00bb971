import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, errorMiddleware, Lifecycle, unavailable } from '../src';

/**
 * What a caller on a kept-alive connection sees of a draining instance. The gateway retries a
 * read whose connection closed before any answer, but passes on an answer it was given: so
 * a connection whose answer was already under way when the drain began must close once that
 * answer is sent, rather than carry the caller's next request to the drain's 503.
 */
const servers: Server[] = [];
afterAll(() => servers.forEach((server) => server.closeAllConnections()));

type Outcome = { status: number; body: string } | { error: string };
const get = (port: number, agent: Agent, path: string, onHeaders?: () => void) =>
  new Promise<Outcome>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      onHeaders?.();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });

test('an answer under way when the drain begins is sent whole, then its connection closes: the next request on it is never answered 503', async () => {
  const lifecycle = new Lifecycle();
  const app = express();
  app.use(lifecycle.guard());
  let finishAnswer = () => {};
  app.get('/slow', (_req, res) => {
    // Headers out at once, the rest later: the answer keeps its connection alive.
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('half ');
    finishAnswer = () => res.end('whole');
  });
  // Another request still running keeps the drain waiting, with the server's connections open.
  let finishOther = () => {};
  let otherArrived = () => {};
  const otherRunning = new Promise<void>((resolve) => (otherArrived = resolve));
  app.get('/other', (_req, res) => {
    finishOther = () => res.json({ other: true });
    otherArrived();
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  const otherAgent = new Agent({ keepAlive: true });
  const other = get(port, otherAgent, '/other');
  await otherRunning;
  let drained: Promise<void> | undefined;
  const underWay = get(port, agent, '/slow', () => {
    drained = lifecycle.drain(server, { graceMs: 5000 });
    finishAnswer();
  });
  expect(await underWay).toEqual({ status: 200, body: 'half whole' });
  // The same single kept-alive connection is the only one this agent may use.
  const next = await get(port, agent, '/slow');
  expect(next).toEqual({ error: expect.stringMatching(/^(ECONNRESET|ECONNREFUSED|EPIPE|socket hang up)$/) });
  finishOther();
  expect(await other).toEqual({ status: 200, body: JSON.stringify({ other: true }) });
  await drained;
  agent.destroy();
  otherAgent.destroy();
});

test("a service's 503 says when to try again", async () => {
  const app = express();
  app.get('/depends', () => {
    throw unavailable('Could not check your subscription. Please try again.');
  });
  app.use(errorMiddleware(createLogger('lifecycle-test', 'silent')));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/depends`);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(await res.json()).toEqual({ error: 'Could not check your subscription. Please try again.', code: 'UNAVAILABLE' });
  await new Promise((resolve) => server.close(resolve));
});
