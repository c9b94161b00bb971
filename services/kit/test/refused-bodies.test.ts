import { once } from 'node:events';
import { Agent, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import express from 'express';
import { AppError, createLogger, errorMiddleware } from '../src';

/**
 * An upload refused while its body is still arriving: at once, from its declared length, or
 * part-way, where a counted body passes its limit (as signed uploads do).
 */
const MB = 1024 * 1024;
/**
 * Longer than the kit reads a refused body for (a minute): a read that stalls shows up as a
 * closed connection (reusedSocket false), not as jest's timeout on a loaded machine.
 */
const PAST_THE_REFUSED_BODY_READ_MS = 75_000;
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.put('/declared', () => {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
  });
  app.put('/midway', (req, res, next) => {
    let seen = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        done(seen > MB ? new AppError(413, 'STORAGE_QUOTA_EXCEEDED', 'Your storage is full') : null, chunk);
      },
    });
    limit.on('error', next);
    limit.resume();
    req.pipe(limit);
  });
  // As the stores refuse a signed PUT: the error is thrown, and its unread body is the error handler's.
  app.put('/signed', async () => {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is too large');
  });
  app.get('/next', (_req, res) => void res.json({ answered: true }));
  app.use(errorMiddleware(createLogger('refused-bodies-test', 'silent')));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A request on `agent`; resolves with the answer read whole and whether it went on a kept connection. */
function send(agent: Agent, method: string, path: string, body?: Buffer) {
  return new Promise<{ status: number; body: string; connection?: string; reusedSocket: boolean }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, agent, headers: body ? { 'content-type': 'audio/mpeg' } : {} });
    req.on('error', reject);
    req.on('response', (answer: IncomingMessage) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode!, body: text, connection: answer.headers.connection, reusedSocket: req.reusedSocket }),
      );
    });
    req.end(body);
  });
}

describe('a body refused while it is still arriving', () => {
  test.each([
    ['from its declared length', '/declared', 'PAYLOAD_TOO_LARGE'],
    ['part-way, past its limit', '/midway', 'STORAGE_QUOTA_EXCEEDED'],
  ])(
    '%s: the caller gets the refusal whole, and the same connection carries the next request',
    async (_case, path, code) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, 'PUT', path, Buffer.alloc(8 * MB, 1));
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toMatchObject({ code });
        expect(refused.connection).not.toBe('close');
        const next = await send(agent, 'GET', '/next');
        expect(next).toMatchObject({ status: 200, reusedSocket: true });
        expect(JSON.parse(next.body)).toEqual({ answered: true });
      } finally {
        agent.destroy();
      }
    },
    PAST_THE_REFUSED_BODY_READ_MS,
  );

  test(
    'a refused signed upload read to its end still has its connection a second and more later',
    async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect((await send(agent, 'PUT', '/signed', Buffer.alloc(8 * MB, 1))).status).toBe(413);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(await send(agent, 'GET', '/next')).toMatchObject({ status: 200, reusedSocket: true });
      } finally {
        agent.destroy();
      }
    },
    PAST_THE_REFUSED_BODY_READ_MS,
  );

  test.each([
    ['declared larger than the service will read', { 'content-length': String(200 * MB) }],
    ['of a length not declared (chunked)', { 'transfer-encoding': 'chunked' }],
  ])(
    'a body %s is refused at once, and the connection closed',
    async (_case, lengthHeaders) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const answer = await new Promise<IncomingMessage>((resolve, reject) => {
          const req = request(`${base}/declared`, {
            method: 'PUT',
            agent,
            headers: { 'content-type': 'audio/mpeg', ...lengthHeaders },
          });
          req.on('error', reject);
          req.on('response', resolve);
          // Only the first megabyte is sent: the refusal must not wait for the rest.
          req.write(Buffer.alloc(MB));
        });
        expect(answer.statusCode).toBe(413);
        expect(answer.headers.connection).toBe('close');
        answer.resume();
      } finally {
        agent.destroy();
      }
    },
    PAST_THE_REFUSED_BODY_READ_MS,
  );
});
