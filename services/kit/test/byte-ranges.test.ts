import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { sendStoredObject } from '../src';

const FILE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express().get('/file', async (req, res) => {
    res.setHeader('content-type', 'application/octet-stream');
    await sendStoredObject(req, res, {
      size: FILE.length,
      open: async (range) => {
        const bytes = range ? FILE.subarray(range.start, range.end + 1) : FILE;
        return { body: Readable.from([bytes]), size: FILE.length, contentType: 'application/octet-stream', range };
      },
    });
  });
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = async (range?: string, method = 'GET') => {
  const res = await fetch(base, { method, headers: range ? { range } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

describe('a stored file served with Range support', () => {
  test('without a Range header the whole file comes back with 200 and says it takes ranges', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.body.equals(FILE)).toBe(true);
  });

  test.each([
    ['bytes=0-99', 0, 99],
    ['bytes=900-', 900, 999],
    ['bytes=-100', 900, 999],
    ['bytes=990-2000', 990, 999],
  ])('%s answers 206 with exactly bytes %i to %i', async (header, start, end) => {
    const res = await get(header);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(res.body.equals(FILE.subarray(start, end + 1))).toBe(true);
  });

  test('a range past the end answers 416 naming the size, with an error body like every refusal', async () => {
    const res = await get('bytes=1000-');
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toEqual({ error: 'The requested range is outside the file', code: 'RANGE_NOT_SATISFIABLE' });
  });

  test('several ranges, another unit or a malformed header are ignored: the whole file', async () => {
    for (const header of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc']) {
      const res = await get(header);
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(1000);
    }
  });

  test('HEAD answers the headers of the range and no body', async () => {
    const res = await get('bytes=10-19', 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.body.length).toBe(0);
  });
});
