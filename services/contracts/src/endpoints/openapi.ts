import { z } from 'zod';
import { ACCESS, DEFAULT_MAX_BODY_BYTES, ZErrorAnswer, type Answer, type Endpoint } from './define-endpoint';

/**
 * The OpenAPI 3.1 document of the public API, made from the endpoint declarations (the gateway
 * serves it at /api/openapi.json, and a readable page of it at /api/docs). Schemas are zod's
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): what a caller may send for
 * requests, what the service answers for answers. Who may call each operation, its sign-in
 * budget and body limit are in its description and in `x-` fields.
 */
type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/api/transcripts/:id` as OpenAPI writes it: `/api/transcripts/{id}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

const ERROR_ANSWER = { kind: 'json', schema: ZErrorAnswer, description: '' } as const;

function content(answer: Answer) {
  switch (answer.kind) {
    case 'json':
      return { 'application/json': { schema: jsonSchema(answer.schema, 'output') } };
    case 'bytes':
      return { [answer.contentType]: { schema: { type: 'string', contentMediaType: answer.contentType } } };
    case 'page':
      return { 'text/html': { schema: { type: 'string' } } };
    default:
      return undefined;
  }
}

function operation(endpoint: Endpoint) {
  const { fields } = endpoint;
  const parameters: JsonSchema[] = [];
  for (const [name, schema] of Object.entries(fields.params?.shape ?? {})) {
    parameters.push({ name, in: 'path', required: true, schema: jsonSchema(schema as z.ZodType, 'input') });
  }
  const query = fields.query ? jsonSchema(fields.query, 'input') : null;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((query?.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  const bodyKind = fields.bodyKind ?? 'json';
  const requestBody =
    bodyKind === 'file'
      ? {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        }
      : fields.body
        ? {
            required: true,
            content: {
              'application/json': { schema: jsonSchema(fields.body, 'input') },
              ...(bodyKind === 'json-or-form' ? { 'application/x-www-form-urlencoded': { schema: jsonSchema(fields.body, 'input') } } : {}),
            },
          }
        : undefined;
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(fields.answers)) {
    const body = content(answer);
    const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]);
    responses[status] = {
      description: answer.description,
      ...(body ? { content: body } : {}),
      ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
    };
  }
  // The gateway counts every /api call against its caller's address, and sign-ins against their
  // own budget too: any operation may be refused for that, before its service sees it.
  responses['429'] ??= {
    description: fields.signIn
      ? 'Too many attempts from this address or at this account (`RATE_LIMITED`); wait for Retry-After'
      : 'Too many requests from this address (`RATE_LIMITED`); wait for Retry-After',
    content: content(ERROR_ANSWER),
    headers: {
      'retry-after': { description: 'Seconds until the caller may try again', schema: { type: 'string' } },
      ...(fields.signIn
        ? {}
        : { ratelimit: { description: "The caller's limit, what is left of it and when it resets", schema: { type: 'string' } } }),
    },
  };
  responses['4XX'] ??= { description: 'Refused: `{ error, code }`', content: content(ERROR_ANSWER) };
  const facts = [
    `Who may call it: ${ACCESS[fields.access]}`,
    fields.signIn ? `Limited like sign-in (budget: ${fields.signIn}).` : '',
    endpoint.method === 'GET' ? '' : `Bodies up to ${fields.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes.`,
  ].filter(Boolean);
  return {
    operationId: endpoint.id,
    summary: fields.summary,
    description: facts.join('\n\n'),
    tags: [endpoint.service],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-access': fields.access,
    ...(fields.signIn ? { 'x-sign-in-budget': fields.signIn } : {}),
    ...(endpoint.method === 'GET' ? {} : { 'x-max-body-bytes': fields.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }),
  };
}

export function openApiDocument(endpoints: readonly Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'InnerEcho API',
      version: '1',
      description:
        'Every /api endpoint the gateway forwards, made from the endpoint declarations in @innerecho/contracts. ' +
        'Errors answer `{ error, code }`. Writes come from this site only (Origin) and take JSON unless a form or file body is named.',
    },
    tags: [...new Set(endpoints.map((endpoint) => endpoint.service))].map((name) => ({ name })),
    paths,
  };
}
