import { request } from 'node:http';

/**
 * PUTs `total` bytes in 64 KiB chunks as a chunked body (no Content-Length), as a client that
 * does not say how much it will send would, and stops sending once an answer comes. Answers the
 * status, the answer's body and how many bytes had been sent when the answer came.
 */
export function putChunked(url: string, total: number, contentType: string) {
  return new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'PUT', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } });
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString(), sentWhenAnswered }));
      res.on('error', reject);
    });
    // The server closes the connection behind its answer: the unsent rest fails to write, which is the point.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    pump();
  });
}
