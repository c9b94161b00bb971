import { Router, type Request, type Response } from 'express';
import type { Access, Endpoint } from '@innerecho/contracts';
import { requireRole, requireUser } from '../auth/authenticate';
import { AppError } from '../errors';

/** The path parameters of a path pattern: `:name` one segment (text), `*name` the rest (its segments). */
export type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Path extends `${string}*${infer Name}`
      ? { [K in Name]: string[] }
      : Record<string, never>;

type PathOfId<Id extends string> = Id extends `${string} ${infer Path}` ? Path : string;

/** A route's work once its declaration's checks passed. */
export type EndpointHandler<Id extends string = string> = (req: Request<ParamsOf<PathOfId<Id>>>, res: Response) => unknown;

/** Refuses a caller the declared access does not admit (throws an AppError); the handler checks the rest. */
export type AccessCheck = (req: Request) => void | Promise<void>;

/**
 * Checks the kit can make from the session alone. `subscriber` checks only the sign-in here:
 * the plan is asked of identity by the handler (`context.entitlements.require`) at the point
 * its answer matters. Routes open to anyone, to signed addresses, to the payment provider and
 * to other services check nothing up front; their handlers check the signature or the token.
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

/**
 * A service's routes, mounted only through their declarations: `handle(id, handler)` mounts
 * the handler at the declared method and path, after
 * 1. the declared access (`KIT_CHECKS`, or the service's own `checks` for the kinds only it
 *    can tell, such as a creator's session);
 * 2. the path parameters against their schema: a path whose parameter fails it names
 *    nothing, 404;
 * 3. the query and the JSON body against theirs: 400 with the schema's first message, as the
 *    handler's own parse would answer. Bodies of form routes are validated by their handler,
 *    which answers a refused form with the page again; file bodies are the file.
 * The handler is given the request as it came (it parses what it needs with the same
 * schemas, so transforms and defaults apply once).
 * Mounting an id that is not declared, or one whose access nobody can check, throws at start.
 */
export class DeclaredRoutes<D extends Record<string, Endpoint>> {
  readonly router = Router();
  private readonly mounted = new Set<string>();

  constructor(
    private readonly endpoints: D,
    private readonly checks: Partial<Record<Access, AccessCheck>> = {},
  ) {}

  handle<Id extends keyof D & string>(id: Id, handler: EndpointHandler<Id>): this {
    const endpoint = Object.hasOwn(this.endpoints, id) ? this.endpoints[id] : undefined;
    if (!endpoint) throw new Error(`${id} is not declared in @innerecho/contracts; declare it before mounting it`);
    if (this.mounted.has(id)) throw new Error(`${id} is mounted twice`);
    const check = this.checks[endpoint.fields.access] ?? KIT_CHECKS[endpoint.fields.access];
    if (!check) throw new Error(`${id}: nothing checks its access '${endpoint.fields.access}'; pass a check for it`);
    this.mounted.add(id);
    const { params, query, body, bodyKind } = endpoint.fields;
    const validatesBody = body && (bodyKind ?? 'json') === 'json';
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    this.router[method](endpoint.path, async (req: Request, res: Response) => {
      await check(req);
      if (params && !params.safeParse(asText(req.params)).success) throw new AppError(404, 'NOT_FOUND', 'Not found');
      if (query) query.parse(req.query);
      if (validatesBody) body.parse(req.body ?? {});
      await handler(req as unknown as Request<ParamsOf<PathOfId<Id>>>, res);
    });
    return this;
  }

  /** Like `handle`, for an id known only at run time (the personal reads name their path). */
  handleDeclared(id: string, handler: (req: Request, res: Response) => unknown): this {
    return this.handle(id as keyof D & string, handler as EndpointHandler<keyof D & string>);
  }
}

/** Path parameters as text: a rest parameter (`*key`, its segments) joined with '/'. */
const asText = (params: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]));

export const declaredRoutes = <D extends Record<string, Endpoint>>(endpoints: D, checks?: Partial<Record<Access, AccessCheck>>) =>
  new DeclaredRoutes(endpoints, checks);

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
