import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { PUBLIC_ENDPOINTS } from '@innerecho/contracts';
import { createLogger, createTokenVerifier, KeyStore, localKeyResolver, USER_TOKEN_ISSUER } from '@innerecho/kit';
import { createGateway, ZGatewayEnv } from '../src';

// Validating the document starts a Node process of its own, which on a busy machine outlasts jest's 5 s default.
jest.setTimeout(60_000);

/**
 * The OpenAPI document and the reference page the gateway serves, both made from the endpoint
 * declarations: the document is valid OpenAPI 3.1 by a third-party validator and names every
 * declared /api endpoint; the page lists them all and keeps a policy under which only its own
 * style applies.
 */
/** @seriousme/openapi-schema-validator's verdict on a document (in a Node process of its own, see validate-openapi.mjs). */
function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'validate-openapi.mjs')], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify(document));
  });
}

let server: Server;
let url = '';

/** A gateway whose services are nowhere: the reference and its refusals need none. */
function gatewayWithoutServices(env: Record<string, string> = {}) {
  const nowhere = 'http://127.0.0.1:9';
  const config = ZGatewayEnv.parse({
    PORT: '0',
    IDENTITY_URL: nowhere,
    VOICE_URL: nowhere,
    LIBRARY_URL: nowhere,
    GENERATION_URL: nowhere,
    BILLING_URL: nowhere,
    CREATOR_REFERRAL_URL: nowhere,
    ...env,
  });
  return createGateway({
    config,
    logger: createLogger('gateway-test', 'silent'),
    verifier: createTokenVerifier(localKeyResolver(KeyStore.inMemory()), USER_TOKEN_ISSUER),
  });
}

beforeAll(async () => {
  const app = gatewayWithoutServices();
  server = await new Promise<Server>((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server?.close(resolve)));

// The reference's own addresses (/api/openapi.json, /api/docs) are the gateway's, not declared endpoints: fetched by hand.
test('/api/openapi.json is a valid OpenAPI 3.1 document of every declared /api endpoint', async () => {
  const res = await fetch(`${url}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
  expect(document.openapi).toBe('3.1.0');

  const result = await validateOpenApi(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);

  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
  expect(operations.sort()).toEqual(PUBLIC_ENDPOINTS.map((endpoint) => endpoint.id).sort());
  expect(operations.length).toBeGreaterThan(90);
});

test('/api/docs lists every declared endpoint, under a policy that allows only its own style', async () => {
  const res = await fetch(`${url}/api/docs`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await res.text();
  for (const endpoint of PUBLIC_ENDPOINTS) expect(page).toContain(`<code>${endpoint.path}</code>`);
  expect(page).not.toMatch(/<script/i);
  const policy = res.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; frame-ancestors 'none'$/);
  const style = page.match(/<style>([\s\S]*?)<\/style>/)![1];
  expect(policy).toContain(`'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
});

test("every operation declares the gateway's 429, and a refusal for the address's limit carries the headers it names", async () => {
  const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId: string; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
  };
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  expect(operations.filter((operation) => !operation.responses['429']).map((operation) => operation.operationId)).toEqual([]);
  const declared = document.paths['/api/transcripts'].get;

  const limited = gatewayWithoutServices({ API_RATE_LIMIT: '1' });
  const limitedServer = await new Promise<Server>((resolve) => {
    const s = createServer(limited).listen(0, '127.0.0.1', () => resolve(s));
  });
  try {
    const limitedUrl = `http://127.0.0.1:${(limitedServer.address() as AddressInfo).port}`;
    expect((await fetch(`${limitedUrl}/api/openapi.json`)).status).toBe(200);
    const refused = await fetch(`${limitedUrl}/api/transcripts`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Too many requests. Please slow down.', code: 'RATE_LIMITED' });
    for (const header of Object.keys(declared.responses['429'].headers ?? {}))
      expect({ header, value: refused.headers.get(header) }).toEqual({ header, value: expect.any(String) });
    expect(Object.keys(declared.responses['429'].headers ?? {})).toEqual(['retry-after', 'ratelimit']);
  } finally {
    await new Promise((resolve) => limitedServer.close(resolve));
  }
});
