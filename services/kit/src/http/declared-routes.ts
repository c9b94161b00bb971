import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { Access, Answer, Endpoint } from '@innerecho/contracts';
import { requireRole, requireUser } from '../auth/authenticate';
import type { SessionClaims } from '../auth/session-token';
import type { Entitlements } from '../auth/entitlements';
import { AppError } from '../errors';
import { answerMismatch, answersChecked, checkJsonAnswers, refuseUndeclaredAnswer } from './answer-check';
import { judgeFormBody, type FormBody } from './form-posts';

/** The path parameters of a path pattern: `:name` one segment (text), `*name` the rest (its segments). */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Path extends `${string}*${infer Name}`
      ? { [K in Name]: string[] }
      : Record<string, never>;

type PathOfId<Id extends string> = Id extends `${string} ${infer Path}` ? Path : string;

/** A route's work once its declaration's checks passed (the old way: it is given the request as it came). */
export type EndpointHandler<Id extends string = string> = (req: Request<ParamsOf<PathOfId<Id>>>, res: Response) => unknown;

/** Refuses a caller the declared access does not admit (throws an AppError); the handler checks the rest. */
export type AccessCheck = (req: Request) => void | Promise<void>;

/**
 * Checks the kit can make from the session alone. `subscriber` checks only the sign-in here;
 * routes mounted with `answer` or `raw` have the plan asked of identity too (402), those
 * mounted the older way ask it in their handler. Routes open to anyone, to signed addresses,
 * to the payment provider and to other services check nothing up front; their handlers check
 * the signature or the token.
 */
const KIT_CHECKS: Partial<Record<Access, AccessCheck>> = {
  public: () => undefined,
  'signed-url': () => undefined,
  'payment-provider': () => undefined,
  service: () => undefined,
  listener: (req) => void requireUser(req),
  subscriber: (req) => void requireUser(req),
  admin: (req) => void requireRole(req, 'admin'),
};

/** The kinds of access that need a signed-in caller: their handlers are given `user`. */
type SignedIn = 'listener' | 'subscriber' | 'admin';

type FieldsOf<E> = E extends Endpoint<string, infer F> ? F : never;
type Parsed<F, K extends string> = F extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;
/** A JSON body parsed; a form route's body judged (see `FormBody`); a file's body as it came. */
type BodyOf<F> = F extends { bodyKind: 'file' }
  ? unknown
  : F extends { bodyKind: 'json-or-form' }
    ? F extends { body: infer S extends z.ZodType }
      ? FormBody<z.output<S>>
      : undefined
    : Parsed<F, 'body'>;

/**
 * What a declared handler is given: the path parameters, query and body parsed by the
 * declaration's schemas (defaults and transforms applied, once), the signed-in caller when
 * the access needs one, and the request and answer for what only they carry (cookies, the
 * request id, the log).
 */
export interface DeclaredInput<E> {
  params: Parsed<FieldsOf<E>, 'params'>;
  query: Parsed<FieldsOf<E>, 'query'>;
  /**
   * The parsed JSON body. A route that takes a form or JSON is given its body judged, the
   * value or the refusal, since it answers a refused form with its page; a file's body is the
   * handler's to read.
   */
  body: BodyOf<FieldsOf<E>>;
  user: FieldsOf<E>['access'] extends SignedIn ? SessionClaims : SessionClaims | undefined;
  req: Request;
  res: Response;
}

/** Standard headers any answer may carry; others (`x-…`) only where the declaration names them. */
type StandardHeaders = { 'cache-control'?: string };
type HeadersOf<A> = (A extends { headers?: infer H } ? { [K in keyof H]?: string } : unknown) & StandardHeaders;

/** One declared status with its body: JSON answers their schema's type, empty answers nothing. */
type ReplyAt<A, S> = A extends { kind: 'json'; schema: infer Schema extends z.ZodType }
  ? { status: S; body: z.input<Schema>; headers?: HeadersOf<A> }
  : A extends { kind: 'empty' }
    ? { status: S; body?: undefined; headers?: HeadersOf<A> }
    : never;

/** What a declared handler returns: one of the endpoint's declared JSON or empty answers. */
export type DeclaredReply<E> = {
  [S in keyof FieldsOf<E>['answers'] & number]: ReplyAt<FieldsOf<E>['answers'][S], S>;
}[keyof FieldsOf<E>['answers'] & number];

/** Options of a service's declared routes. */
export interface DeclaredRoutesOptions {
  /** Checks of the kinds of access only the service can tell (a creator's session). */
  checks?: Partial<Record<Access, AccessCheck>>;
  /** Where the plan of a subscriber is asked (the context's `entitlements`); needed to mount a subscriber's route with `answer` or `raw`. */
  context?: { entitlements: Pick<Entitlements, 'require'> };
}

/**
 * A service's routes, mounted only through their declarations. `answer(id, handler)` mounts
 * the handler at the declared method and path, after
 * 1. the declared access: signed in (401), the plan of a subscriber (402), the admin role
 *    (403), or the service's own `checks` for the kinds only it can tell (a creator's session);
 * 2. the path parameters against their schema: a path whose parameter fails it names
 *    nothing, 404;
 * 3. the query and the JSON body against theirs: 400 with the schema's first message. The
 *    body of a route that takes a form or JSON is judged against its schema too, and the
 *    handler is given the value or the refusal (`FormBody`): it answers a refused form with
 *    its page again, and a JSON caller with the 400 (`formValue`). File bodies are the file.
 * The handler is given what was parsed and returns `{ status, body, headers }`, typed by the
 * declaration: a declared status, its declared body, declared headers. `raw(id, handler)` is
 * the same for answers the handler writes itself (streamed audio, pages, redirects, files).
 * `handle(id, handler)` is the older way, given the request as it came (it checks the
 * subscriber's plan itself); services' own routes no longer use it, the kit mounts its personal
 * reads and file store routes with it.
 * Mounting an id that is not declared, or one whose access nobody can check, throws at start.
 */
export class DeclaredRoutes<D extends Record<string, Endpoint>> {
  readonly router = Router();
  private readonly mounted = new Set<string>();
  private readonly options: DeclaredRoutesOptions;

  constructor(
    private readonly endpoints: D,
    options: DeclaredRoutesOptions | Partial<Record<Access, AccessCheck>> = {},
  ) {
    this.options =
      'checks' in options || 'context' in options
        ? (options as DeclaredRoutesOptions)
        : { checks: options as Partial<Record<Access, AccessCheck>> };
  }

  handle<Id extends keyof D & string>(id: Id, handler: EndpointHandler<Id>): this {
    const endpoint = this.declared(id);
    const check = this.accessCheck(endpoint, false);
    this.mount(endpoint, async (req, res) => {
      await check(req);
      this.parse(endpoint, req);
      checkJsonAnswers(req, res, endpoint);
      await handler(req as unknown as Request<ParamsOf<PathOfId<Id>>>, res);
    });
    return this;
  }

  /** Mounts a handler that returns its declared answer (see the class). */
  answer<Id extends keyof D & string>(
    id: Id,
    handler: NoInfer<(input: DeclaredInput<D[Id]>) => Promise<DeclaredReply<D[Id]>> | DeclaredReply<D[Id]>>,
  ): this {
    const endpoint = this.declared(id);
    const check = this.accessCheck(endpoint, true);
    this.mount(endpoint, async (req, res) => {
      await check(req);
      const reply = (await handler(this.input(endpoint, req, res) as DeclaredInput<D[Id]>)) as {
        status: number;
        body?: unknown;
        headers?: Record<string, string | undefined>;
      };
      sendReply(req, res, endpoint, reply);
    });
    return this;
  }

  /** Mounts a handler that writes its own answer (streams, pages, redirects), given the parsed input after the access check. */
  raw<Id extends keyof D & string>(id: Id, handler: (input: DeclaredInput<D[Id]>) => unknown): this {
    const endpoint = this.declared(id);
    const check = this.accessCheck(endpoint, true);
    this.mount(endpoint, async (req, res) => {
      await check(req);
      const input = this.input(endpoint, req, res);
      checkJsonAnswers(req, res, endpoint);
      await handler(input as DeclaredInput<D[Id]>);
    });
    return this;
  }

  /** Like `handle`, for an id known only at run time (the personal reads name their path). */
  handleDeclared(id: string, handler: (req: Request, res: Response) => unknown): this {
    return this.handle(id as keyof D & string, handler as EndpointHandler<keyof D & string>);
  }

  private declared(id: string): Endpoint {
    const endpoint = Object.hasOwn(this.endpoints, id) ? this.endpoints[id] : undefined;
    if (!endpoint) throw new Error(`${id} is not declared in @innerecho/contracts; declare it before mounting it`);
    if (this.mounted.has(id)) throw new Error(`${id} is mounted twice`);
    this.mounted.add(id);
    return endpoint;
  }

  /** The declared access's check; with `withPlan`, a subscriber's plan is asked too. */
  private accessCheck(endpoint: Endpoint, withPlan: boolean): AccessCheck {
    const { access } = endpoint.fields;
    const check = this.options.checks?.[access] ?? KIT_CHECKS[access];
    if (!check) throw new Error(`${endpoint.id}: nothing checks its access '${access}'; pass a check for it`);
    if (!withPlan || access !== 'subscriber') return check;
    const entitlements = this.options.context?.entitlements;
    if (!entitlements) throw new Error(`${endpoint.id} is for subscribers: pass the context, whose entitlements ask for the plan`);
    return (req) => entitlements.require(req);
  }

  private mount(endpoint: Endpoint, run: (req: Request, res: Response) => Promise<void>) {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    this.router[method](endpoint.path, run);
  }

  /** The declaration's checks of the input, its parsed values (params 404, query and JSON body 400, a form or JSON body judged). */
  private parse(endpoint: Endpoint, req: Request) {
    const { params, query, body, bodyKind } = endpoint.fields;
    let parsedParams: unknown;
    if (params) {
      const checked = params.safeParse(asText(req.params));
      if (!checked.success) throw new AppError(404, 'NOT_FOUND', 'Not found');
      parsedParams = checked.data;
    }
    const parsedQuery = query ? query.parse(req.query) : undefined;
    const kind = bodyKind ?? 'json';
    const parsedBody =
      kind === 'file' ? req.body : !body ? undefined : kind === 'json-or-form' ? judgeFormBody(body, req.body) : body.parse(req.body ?? {});
    return { params: parsedParams, query: parsedQuery, body: parsedBody };
  }

  private input(endpoint: Endpoint, req: Request, res: Response) {
    return { ...this.parse(endpoint, req), user: req.user, req, res };
  }
}

/** Writes a declared handler's reply, held to the declaration: a status, headers and body it declares. */
function sendReply(
  req: Request,
  res: Response,
  endpoint: Endpoint,
  reply: { status: number; body?: unknown; headers?: Record<string, string | undefined> },
) {
  const answer: Answer | undefined = endpoint.fields.answers[reply.status];
  const undeclaredHeader = Object.keys(reply.headers ?? {}).find(
    (name) => name !== 'cache-control' && !Object.hasOwn(answer?.headers ?? {}, name),
  );
  const why = !answer
    ? `${reply.status} is not a declared status`
    : undeclaredHeader
      ? `header ${undeclaredHeader} is not declared`
      : answersChecked() && answer.kind === 'json'
        ? answerMismatch(endpoint, reply.status, reply.body)
        : null;
  if (why) {
    res.json(refuseUndeclaredAnswer(req, res, endpoint, why));
    return;
  }
  for (const [name, value] of Object.entries(reply.headers ?? {})) if (value !== undefined) res.setHeader(name, value);
  res.status(reply.status);
  if (answer!.kind === 'json') res.json(reply.body);
  else res.end();
}

/** Path parameters as text: a rest parameter (`*key`, its segments) joined with '/'. */
const asText = (params: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]));

export const declaredRoutes = <D extends Record<string, Endpoint>>(
  endpoints: D,
  options?: DeclaredRoutesOptions | Partial<Record<Access, AccessCheck>>,
) => new DeclaredRoutes(endpoints, options);

/**
 * Every route an Express app or router really mounts, as `METHOD /path` (HEAD answered by
 * GET is not listed), found by walking its router's layers: for comparing with the
 * declarations. A router mounted under a path adds that path to its routes.
 */
export function mountedRoutes(appOrRouter: { router?: unknown; stack?: unknown[] }): string[] {
  const found: string[] = [];
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods as Record<string, boolean>)) {
          if (on && method !== '_all') found.push(`${method.toUpperCase()} ${prefix}${layer.route.path}`);
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        const at = layer.slash ? '' : String(layer.rawPath ?? '');
        walk(layer.handle.stack, prefix + at);
      }
    }
  };
  const root = (appOrRouter.router ?? appOrRouter) as { stack: unknown[] };
  walk(root.stack, '');
  return found;
}
