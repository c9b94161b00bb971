import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  contentType: string | undefined;
  fields?: Record<string, string>;
  files?: { field: string; name: string; type: string; size: number }[];
  json?: any;
}

/**
 * A local HTTP server that answers like the ElevenLabs API for the three calls the voice
 * service makes (add voice, text to speech, delete voice) and records what it received, so
 * tests can check the key header, the multipart fields, the model and the output format.
 * `failNext` makes the next call fail the way ElevenLabs does.
 */
export class FakeElevenLabs {
  readonly calls: ReceivedCall[] = [];
  readonly voices = new Map<string, { name: string; sampleBytes: number }>();
  failNext: null | { status: number; detail: { status: string; message: string } } = null;
  private server!: Server;
  url = '';
  private counter = 0;

  constructor(public apiKey: string) {}

  async start() {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status, body, type }) => {
          res.writeHead(status, { 'content-type': type });
          res.end(body);
        })
        .catch((error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ detail: { status: 'error', message: String(error) } }));
        });
    });
    // Like a real API's front door: idle keep-alive sockets stay open longer than the client's,
    // so the SDK never reuses a socket this server has just closed.
    this.server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: Buffer | string; type: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url!, this.url);
    const call: ReceivedCall = {
      method: req.method!,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: req.headers['xi-api-key'] as string | undefined,
      contentType: req.headers['content-type'],
    };
    this.calls.push(call);
    const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), type: 'application/json' });

    if (call.apiKey !== this.apiKey) return json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (this.failNext) {
      const failure = this.failNext;
      this.failNext = null;
      return json(failure.status, { detail: failure.detail });
    }

    if (req.method === 'POST' && url.pathname === '/v1/voices/add') {
      // Parse the multipart body the way a server would (undici's FormData parser).
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': call.contentType ?? '' },
        body: raw,
      }).formData();
      call.fields = {};
      call.files = [];
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') call.fields[field] = value;
        else call.files.push({ field, name: value.name, type: value.type, size: value.size });
      }
      const name = call.fields.name;
      const files = call.files.filter((f) => f.field === 'files');
      if (!name || files.length === 0)
        return json(422, { detail: [{ loc: ['body', 'files'], msg: 'field required', type: 'value_error.missing' }] });
      const id = `fakevoice${++this.counter}`;
      this.voices.set(id, { name, sampleBytes: files[0].size });
      return json(200, { voice_id: id, requires_verification: false });
    }

    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && tts) {
      call.json = JSON.parse(raw.toString('utf8'));
      if (!this.voices.has(tts[1]))
        return json(404, { detail: { status: 'voice_not_found', message: 'A voice with the voice_id was not found.' } });
      if (call.query.output_format !== 'pcm_44100')
        return json(400, { detail: { status: 'invalid_output_format', message: 'Unsupported format' } });
      // 16-bit PCM, 44.1 kHz: a 200 Hz tone, 60 ms per character of text.
      const samples = Math.round(44100 * 0.06 * String(call.json.text).length);
      const pcm = Buffer.alloc(samples * 2);
      for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 200 * i) / 44100)), i * 2);
      return { status: 200, body: pcm, type: 'audio/pcm' };
    }

    const del = /^\/v1\/voices\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && del) {
      if (!this.voices.delete(del[1])) return json(400, { detail: { status: 'voice_does_not_exist', message: 'Voice does not exist' } });
      return json(200, { status: 'ok' });
    }
    return json(404, { detail: 'Not Found' });
  }
}
