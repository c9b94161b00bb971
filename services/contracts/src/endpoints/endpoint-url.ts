import type { AnyEndpointId } from './all-endpoints';
import type { EndpointAnswer, EndpointRequest } from './endpoint-types';
import type { HttpMethod } from './define-endpoint';

/**
 * What a call needs at run time, read from the endpoint's id alone ('GET /api/transcripts/:id'
 * is its method and path, by construction in `declareEndpoints`). This module imports no
 * declaration and no schema, so a browser bundle that uses it carries neither.
 */

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function endpointMethod(id: AnyEndpointId): HttpMethod {
  const method = METHODS.find((m) => id.startsWith(`${m} `));
  if (!method) throw new Error(`Endpoint id "${id}" is not "METHOD /path"`);
  return method;
}

/** The address of a call: the path with its parameters filled in (each encoded) and its query. */
export function endpointUrl<Id extends AnyEndpointId>(id: Id, request: EndpointRequest<Id>): string {
  const params = new Map(Object.entries(request.params ?? {}).map(([name, value]): [string, string] => [name, String(value)]));
  const path = id
    .slice(id.indexOf(' ') + 1)
    .replace(/([:*])(\w+)/g, (_, kind: string, name: string) =>
      kind === '*' ? (params.get(name) ?? '').split('/').map(encodeURIComponent).join('/') : encodeURIComponent(params.get(name) ?? ''),
    );
  const query = new URLSearchParams(
    Object.entries(request.query ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** How an unchecked client reaches the API; it throws on a refusal, so what it answers is a success. */
export type RefusingTransport = (method: HttpMethod, path: string, body: unknown) => Promise<unknown>;

/**
 * A typed client that does not check answers at run time: the answer is typed by the
 * endpoint's declaration, which the services are held to by the tests (they call through the
 * checking `createApiClient`). For the browser, where the schemas would weigh on every first visit.
 */
export function createUncheckedApiClient(transport: RefusingTransport) {
  return {
    call: async <Id extends AnyEndpointId>(id: Id, request: EndpointRequest<Id>): Promise<EndpointAnswer<Id>> =>
      (await transport(endpointMethod(id), endpointUrl(id, request), request.body)) as EndpointAnswer<Id>,
  };
}
