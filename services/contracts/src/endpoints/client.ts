import { ALL_ENDPOINTS, type AnyEndpointId } from './all-endpoints';
import type { Answer, Endpoint, HttpMethod } from './define-endpoint';
import { endpointUrl } from './endpoint-url';
import type { EndpointAnswer, EndpointRequest } from './endpoint-types';

export type { EndpointAnswer, EndpointRequest } from './endpoint-types';

/**
 * A typed client of the public API, made from the endpoint declarations: the frontends (with
 * react-query, `queryOptions`) and the tests call endpoints by id, with the params, query and
 * body their declaration types, and get the answer its declaration types.
 */

/** A refusal: the status and the `{ error, code }` the API answered. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** How the client reaches the API: a browser's fetch (cookies included), or a test's cookie-keeping client. */
export type ApiTransport = (method: HttpMethod, path: string, body: unknown) => Promise<{ status: number; data: unknown }>;

const isSuccess = (answer: Answer | undefined, status: number) => status >= 200 && status < 400 && answer !== undefined;

/**
 * `checkAnswers`: parse every JSON answer with its declared schema, so a service answering
 * something else than its declaration fails the call (the tests turn it on).
 */
export function createApiClient(transport: ApiTransport, options: { checkAnswers?: boolean } = {}) {
  async function call<Id extends AnyEndpointId>(id: Id, request: EndpointRequest<Id>): Promise<EndpointAnswer<Id>> {
    const endpoint = ALL_ENDPOINTS[id] as Endpoint;
    const res = await transport(endpoint.method, endpointUrl(id, request), request.body);
    const answer = endpoint.fields.answers[res.status];
    if (!isSuccess(answer, res.status)) {
      const refusal = (res.data ?? {}) as { error?: string; code?: string };
      throw new ApiError(res.status, refusal.code ?? 'UNEXPECTED_ANSWER', refusal.error ?? `${id} answered ${res.status}`);
    }
    if (answer.kind !== 'json') return undefined as EndpointAnswer<Id>;
    if (options.checkAnswers) {
      const checked = answer.schema.safeParse(res.data);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new ApiError(
          res.status,
          'ANSWER_NOT_AS_DECLARED',
          `${id} answered ${res.status} not as declared: ${issue.path.join('.')} ${issue.message}`,
        );
      }
    }
    return res.data as EndpointAnswer<Id>;
  }
  return {
    call,
    /**
     * Options for react-query's `useQuery` (and `queryClient.fetchQuery`): the endpoint id and
     * its request are the key, so every screen asking the same thing shares one answer.
     */
    queryOptions: <Id extends AnyEndpointId>(id: Id, request: EndpointRequest<Id>) => ({
      queryKey: [id, request] as const,
      queryFn: () => call(id, request),
    }),
    /** For react-query's `useMutation`: the call with the request given when it runs. */
    mutationFn:
      <Id extends AnyEndpointId>(id: Id) =>
      (request: EndpointRequest<Id>) =>
        call(id, request),
  };
}

/** The transport of a page of this site: same-origin fetch with its cookies, JSON both ways. */
export const browserTransport =
  (baseUrl = ''): ApiTransport =>
  async (method, path, body) => {
    const res = await fetch(baseUrl + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    return { status: res.status, data };
  };
