import {
  ALL_ENDPOINTS,
  createApiClient,
  endpointUrl,
  type AnyEndpointId,
  type Endpoint,
  type EndpointAnswer,
  type EndpointRequest,
} from '@innerecho/contracts';
import { Agent, fetch as fetchThrough } from 'undici';

/** The `{ error, code }` of a refusal, which any call may answer. */
type Refusal = { error?: string; code?: string; details?: unknown };

/**
 * What `api.send` answers: the status, headers and text as they came, and the JSON typed by the
 * endpoint's declared success answer (with the refusal's fields, for the statuses that refuse).
 */
export interface SentAnswer<Id extends AnyEndpointId> {
  status: number;
  headers: Headers;
  text: string;
  /** The body's bytes as they came: what a test reads of an answer that is not text (an MP3, a WAV). */
  bytes: Buffer<ArrayBuffer>;
  data: [EndpointAnswer<Id>] extends [undefined] ? Refusal | undefined : EndpointAnswer<Id> & Refusal;
}

/**
 * A call by id whose body is not the declared JSON: an HTML form (for `json-or-form` endpoints),
 * the body's own bytes (a file for `file` endpoints, the signed body for the payment provider's),
 * or, on purpose, a JSON body the declaration refuses.
 */
type OtherBody = { form: Record<string, string> } | { bytes: Uint8Array | string } | { invalidBody: unknown };
/** A request as written by hand: a JSON body, a form, or the body's own bytes. */
export interface RequestOptions extends Omit<SendOptions, 'checkAnswer'> {
  json?: unknown;
  form?: Record<string, string>;
  body?: string | Uint8Array;
}

export type SendRequest<Id extends AnyEndpointId> = (EndpointRequest<Id> | (Omit<EndpointRequest<Id>, 'body'> & OtherBody)) & {
  /** Query fields the declaration refuses, sent on purpose. */
  invalidQuery?: Record<string, string>;
};

/** Headers to send beside the declared request, and a signal that ends the call (a listener closing the page). */
export interface SendOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false: the answer is not held to the declaration, for tests of the gateway in front of a
   * stand-in that reports what reached it; the request is still built from the declaration.
   */
  checkAnswer?: boolean;
}

/** What `api.send` answers when the answer is not checked: whatever came back, untyped. */
export interface UncheckedAnswer {
  status: number;
  headers: Headers;
  text: string;
  data: unknown;
}

interface Send {
  <Id extends AnyEndpointId>(id: Id, request: SendRequest<Id>, options?: SendOptions & { checkAnswer?: true }): Promise<SentAnswer<Id>>;
  <Id extends AnyEndpointId>(id: Id, request: SendRequest<Id>, options: SendOptions & { checkAnswer: false }): Promise<UncheckedAnswer>;
}

/**
 * A tiny browser-like HTTP client for black-box tests: keeps cookies between calls, never
 * follows redirects, so tests can assert them, and names its origin on every write (as
 * browsers do) unless a test sends its own `origin` header ('' sends none).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Connections from another address of this machine, for a client made by `from`. */
  private readonly dispatcher?: Agent;

  constructor(
    readonly baseUrl: string,
    options: { localAddress?: string } = {},
  ) {
    // IPv4, as the local address is: `localhost` may otherwise be reached over IPv6.
    if (options.localAddress) this.dispatcher = new Agent({ localAddress: options.localAddress, connect: { family: 4 } });
  }

  /**
   * The same browser, holding a copy of this one's cookies, calling from another address of
   * this machine (any 127.x.y.z): the gateway counts some attempts per client address.
   */
  from(localAddress: string): TestClient {
    const copy = new TestClient(this.baseUrl, { localAddress });
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  /**
   * The typed API client (@innerecho/contracts), calling endpoints by id through this client's
   * cookies; every JSON answer is checked against its declared schema.
   */
  readonly api = {
    ...createApiClient((method, path, body) => this.request(method, path, body === undefined ? {} : { json: body }), {
      checkAnswers: true,
    }),
    /**
     * Calls an endpoint by id and answers whatever came back (status, headers, text, data),
     * for tests of refusals, headers and answers that are not JSON. A JSON answer with a
     * declared status is checked against its declared schema, unless `checkAnswer: false`.
     */
    send: (<Id extends AnyEndpointId>(id: Id, request: SendRequest<Id>, options: SendOptions = {}) =>
      this.send(id, request, options)) as Send,
  };

  private async send<Id extends AnyEndpointId>(id: Id, request: SendRequest<Id>, options: SendOptions): Promise<SentAnswer<Id>> {
    const endpoint = ALL_ENDPOINTS[id] as Endpoint;
    const body: RequestOptions = { headers: options.headers, signal: options.signal };
    if ('form' in request) {
      if (endpoint.fields.bodyKind !== 'json-or-form') throw new Error(`${id} takes no form`);
      body.form = request.form;
    } else if ('bytes' in request) {
      if (endpoint.fields.bodyKind !== 'file' && endpoint.fields.access !== 'payment-provider') throw new Error(`${id} takes no raw body`);
      body.body = request.bytes;
    } else if ('invalidBody' in request) body.json = request.invalidBody;
    else if ('body' in request) body.json = request.body;
    const res = await this.request(
      endpoint.method,
      endpointUrl(id, { ...request, query: { ...request.query, ...request.invalidQuery } } as EndpointRequest<Id>),
      body,
    );
    const answer = endpoint.fields.answers[res.status];
    // A refusal of a form post is a page for the browser that posted it, not the declared JSON.
    if (options.checkAnswer !== false && answer?.kind === 'json' && /json/.test(res.headers.get('content-type') ?? '')) {
      const checked = answer.schema.safeParse(res.data);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new Error(`${id} answered ${res.status} not as declared: ${issue.path.join('.')} ${issue.message}\n${res.text}`);
      }
    }
    return res as SentAnswer<Id>;
  }

  async request(method: string, path: string, options: RequestOptions = {}) {
    const { headers, body } = requestToSend(this.baseUrl, method, options);
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const init = { method, headers, redirect: 'manual' as const, signal: options.signal };
    const res = this.dispatcher
      ? ((await fetchThrough(this.baseUrl + path, { ...init, body, dispatcher: this.dispatcher })) as unknown as Response)
      : await fetch(this.baseUrl + path, { ...init, body: body as RequestInit['body'] });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = !value || attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answerRead(res.status, res.headers, Buffer.from(await res.arrayBuffer()));
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, { headers });
  postJson = (path: string, json: unknown, headers?: Record<string, string>) => this.request('POST', path, { json, headers });

  /** Signs up a new account through the API and keeps its session cookie. */
  async signUp(email: string, password = 'a long enough password', name = 'Test User') {
    const res = await this.api.send('POST /api/signup', { body: { email, password, name } });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    return res.data;
  }
}

let counter = 0;
/** A unique email per call, so tests never collide. */
/**
 * The headers and body a test client sends: the site's Origin on a write unless the caller
 * names one (an empty one sends none), and a `json` or `form` body with its content type.
 */
export function requestToSend(baseUrl: string, method: string, options: RequestOptions) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (method !== 'GET' && method !== 'HEAD' && !Object.keys(headers).some((name) => name.toLowerCase() === 'origin'))
    headers.origin = new URL(baseUrl).origin;
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === 'origin' && value === '') delete headers[name];
  let body: string | Uint8Array | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return { headers, body };
}

/** An answer as a test client gives it: its bytes, their text (as fetch's text() decodes it) and, when JSON, the value. */
export function answerRead(status: number, headers: Headers, bytes: Buffer) {
  const text = new TextDecoder().decode(bytes);
  let data: any = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status, headers, text, bytes, data };
}

export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;
/** A sessionId in the browser's format: session_<timestamp>_<random>. */
export const newSessionId = () => `session_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`;

/**
 * Waits for an asynchronous effect (events travel through the outbox and the transport):
 * retries the check until it passes, and rethrows its last failure if it never does.
 */
export async function eventually<T>(check: () => Promise<T>, attempts = 100, pauseMs = 100): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
  throw lastError;
}
