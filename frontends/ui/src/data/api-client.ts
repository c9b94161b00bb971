import { queryOptions } from '@tanstack/react-query';
import { createUncheckedApiClient, endpointMethod, endpointUrl, type AnyEndpointId, type EndpointAnswer, type EndpointRequest, type RefusingTransport } from '@innerecho/contracts';
import { apiRequest, throwIfResNotOk, type RequestOptions } from './api-request';

/**
 * How the frontends call the API: by endpoint id (`'GET /api/transcripts'`), with the params,
 * query and body its declaration in the contracts types, getting the answer its declaration
 * types. A refused call throws `ApiError` (the server's `code` and words), as `apiRequest` does.
 * Answers are not parsed here: the schemas would weigh on every first visit, and the tests
 * hold every service to its declared answers.
 */

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const pageTransport =
  (baseUrl: string): RefusingTransport =>
  async (method, path, body) =>
    readJson(await apiRequest(method, baseUrl + path, body));

/**
 * The request argument: optional where the endpoint takes no params, query or body
 * (`object` extends the request type exactly when every field of it is optional).
 */
export type ApiRequestArgs<Id extends AnyEndpointId> = object extends EndpointRequest<Id> ? [request?: EndpointRequest<Id>] : [request: EndpointRequest<Id>];

type Call = <Id extends AnyEndpointId>(id: Id, ...args: ApiRequestArgs<Id>) => Promise<EndpointAnswer<Id>>;

function withOptionalRequest(client: ReturnType<typeof createUncheckedApiClient>): Call {
  return (id, ...[request]) => client.call(id, request ?? emptyRequest());
}

// An endpoint that takes nothing: every field of its request is optional.
function emptyRequest<Id extends AnyEndpointId>(): EndpointRequest<Id> {
  const nothing: object = {};
  return nothing as EndpointRequest<Id>;
}

/** `callApi` against another origin than the page's (a test's server). */
export const createPageApi = (baseUrl: string): Call => withOptionalRequest(createUncheckedApiClient(pageTransport(baseUrl)));

/** Calls endpoint `id` from the page, with its cookies. */
export const callApi: Call = createPageApi('');

/**
 * Calls endpoint `id` from the page and hands back the response itself, unread: for answers
 * that are not JSON (a streamed MP3 and its declared `x-` headers). The address and body come
 * from the declaration as in `callApi`; a refusal throws `ApiError`, a network failure the
 * fetch's own error.
 */
export function callApiForResponse<Id extends AnyEndpointId>(id: Id, request: EndpointRequest<Id>, options: RequestOptions = {}): Promise<Response> {
  return apiRequest(endpointMethod(id), endpointUrl(id, request), request.body, options);
}

/** The declared answer of `id` read from a response the page fetched itself (the session it asks for while its scripts load). */
export async function answerOf<Id extends AnyEndpointId>(id: Id, response: Response, ...args: ApiRequestArgs<Id>): Promise<EndpointAnswer<Id>> {
  await throwIfResNotOk(response);
  const data = await readJson(response);
  return withOptionalRequest(createUncheckedApiClient(() => Promise.resolve(data)))(id, ...args);
}

/** The key every cached call of endpoint `id` starts with, whatever its request: invalidating it touches them all. */
export function apiQueryKeyOfAll<Id extends AnyEndpointId>(id: Id) {
  return [id] as const;
}

/**
 * The react-query key of a call: the endpoint id, then its request. `apiQueryKeyOfAll(id)`
 * touches every call of that endpoint; `apiQueryKey(id, request)` one of them.
 */
export function apiQueryKey<Id extends AnyEndpointId>(id: Id, ...[request]: ApiRequestArgs<Id>) {
  return [id, request ?? {}] as const;
}

/** `useQuery` options for endpoint `id`: its key and a query function typed by its declaration. */
export function apiQuery<Id extends AnyEndpointId>(id: Id, ...args: ApiRequestArgs<Id>) {
  return queryOptions({
    queryKey: apiQueryKey(id, ...args),
    queryFn: () => callApi(id, ...args),
  });
}
