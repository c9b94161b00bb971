import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses before any handler runs (headers past its limit, a
 * request that takes too long to arrive, bytes that are not HTTP), answered like every other
 * refusal: `{ error, code }` as JSON with the given headers, instead of Node's bare status
 * line with an empty body. The connection closes after the answer: the parser cannot tell
 * where the next request would start.
 */
const REFUSALS = new Map<string, { status: number; code: string; error: string }>([
  ['HPE_HEADER_OVERFLOW', { status: 431, code: 'HEADERS_TOO_LARGE', error: 'The request headers are too large' }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, code: 'REQUEST_TIMEOUT', error: 'The request took too long to arrive' }],
  ['HPE_CHUNK_EXTENSIONS_OVERFLOW', { status: 413, code: 'PAYLOAD_TOO_LARGE', error: 'The request is too large' }],
]);
const NOT_HTTP = { status: 400, code: 'BAD_REQUEST', error: 'The request could not be read' };

export function answerMalformedRequests(server: Server, headers: [string, string][] = []): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, code, error: message } = REFUSALS.get(error.code ?? '') ?? NOT_HTTP;
    const body = JSON.stringify({ error: message, code });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
