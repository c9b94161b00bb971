import { z } from 'zod';

/**
 * One declaration per endpoint: everything the gateway, the owning service, the OpenAPI
 * document, the typed client and the security sweep need to know about it, written once.
 * The endpoint's id is its method and path, `'GET /api/transcripts/:id'`: the words a person
 * would use for it, unique by construction.
 */

export const SERVICE_NAMES = ['identity', 'voice', 'library', 'generation', 'billing', 'creator-referral', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call an endpoint. The owning service enforces it (`mountEndpoints` in the kit checks
 * the ones it can tell from the session before the handler runs; the handler checks the rest,
 * such as which creator or whose sessionId).
 */
export const ACCESS = {
  public: 'Anyone, signed in or not.',
  listener: 'A signed-in listener (401 otherwise); routes keyed by a sessionId also need it to be theirs (403).',
  subscriber: 'A signed-in listener with an active plan (401 signed out, 402 without a plan).',
  admin: 'An admin (401 signed out, 403 for anyone else).',
  creator: 'A signed-in creator (their own cookie, 401 otherwise).',
  'creator-or-admin': 'The creator named in the path, or an admin (401 signed out, 403 for anyone else).',
  'signed-url': 'Whoever holds the signed address (it names one operation on one key, and expires).',
  'payment-provider': 'The payment provider, proven by the signature of the body.',
  service: 'Another service of InnerEcho, inside the system (never through the gateway).',
} as const;
export type Access = keyof typeof ACCESS;

/** The JSON body of every error answer: `error` is for people, `code` is stable for programs. */
export const ZErrorAnswer = z.object({ error: z.string(), code: z.string(), details: z.unknown().optional() });

/**
 * Headers an answer carries beyond the standard ones (content type, length, caching), by name
 * (lower case) with what each says: the OpenAPI document shows them and the kit lets a handler
 * set only these.
 */
export type AnswerHeaders = Readonly<Record<string, string>>;

/** What one status of an endpoint answers. */
export type Answer =
  | { kind: 'json'; schema: z.ZodType; description: string; headers?: AnswerHeaders }
  | { kind: 'empty'; description: string; headers?: AnswerHeaders }
  | { kind: 'bytes'; contentType: string; description: string; headers?: AnswerHeaders }
  | { kind: 'page'; description: string; headers?: AnswerHeaders }
  | { kind: 'redirect'; description: string; headers?: AnswerHeaders };

export const answers = {
  json: <S extends z.ZodType, const H extends AnswerHeaders = Record<never, string>>(
    schema: S,
    description = 'The answer',
    headers?: H,
  ): { kind: 'json'; schema: S; description: string; headers?: H } => ({ kind: 'json', schema, description, headers }),
  empty: (description = 'Done; nothing to answer'): { kind: 'empty'; description: string } => ({ kind: 'empty', description }),
  bytes: <const H extends AnswerHeaders = Record<never, string>>(
    contentType: string,
    description: string,
    headers?: H,
  ): { kind: 'bytes'; contentType: string; description: string; headers?: H } => ({ kind: 'bytes', contentType, description, headers }),
  page: (description: string): Answer => ({ kind: 'page', description }),
  redirect: (description: string): Answer => ({ kind: 'redirect', description }),
  error: (description: string): Answer => ({ kind: 'json', schema: ZErrorAnswer, description }),
};

/**
 * What a write's body may be at the gateway: JSON (the default); JSON or an HTML form
 * (`json-or-form`: the pages services render post forms, and check their origin; the body is
 * judged by its schema all the same, and the handler given the value or the refusal, since a
 * refused form is answered with the page again); or a file's own
 * bytes (`file`: the signed upload addresses).
 */
export type BodyKind = 'json' | 'json-or-form' | 'file';

/**
 * Attempts limited like sign-in, and the budget they count against: a listener's password
 * guesses (signing in, and every route confirmed with the password) share one budget per
 * client address and one per signed-in account; creators' sign-ins have their own, and so do
 * sign-ups.
 */
export type SignInBudget = 'listener-password' | 'creator-password' | 'sign-up';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface EndpointFields {
  /** One line for the API reference. */
  summary: string;
  access: Access;
  /** Path parameters (all text in a URL); every `:name` of the path must be here. */
  params?: z.ZodObject;
  /** The query fields it reads; others are ignored. */
  query?: z.ZodObject;
  /** The body of a write. */
  body?: z.ZodType;
  /** What it answers, by status: the successes, and the refusals worth knowing by name. */
  answers: Record<number, Answer>;
  bodyKind?: BodyKind;
  /** Largest request body accepted at the gateway, in bytes (1 MB when unset). */
  maxBodyBytes?: number;
  signIn?: SignInBudget;
  /**
   * A sign-in: its body names the account it tries (`email`), and the attempt counts against
   * that account too, so guesses at one account from many addresses stop at the same limit.
   */
  signInNamesAccount?: true;
  /**
   * A signed-in listener's own read, made by every page they open: the gateway and the service
   * answer it the short way (`personalReadLane`) when the session is valid.
   */
  personalRead?: boolean;
  /**
   * Body fields the endpoint ignores when unusable, by design, instead of refusing the
   * request (a return address that is not on this site, a limit that is clamped): the
   * security sweep accepts a normal answer for bad values there.
   */
  tolerated?: readonly string[];
  /**
   * A write any site may send, cookies or not: it acts only on the unguessable token it
   * carries and on no session (mail programs' one-click unsubscribe posts a form with no Origin).
   */
  anySite?: true;
  /** A well-formed example of params, query and body, as a real caller sends them (the sweep starts from it). */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

export type EndpointId = `${HttpMethod} /${string}`;

export interface Endpoint<Id extends string = string, F extends EndpointFields = EndpointFields> {
  id: Id;
  method: HttpMethod;
  path: string;
  service: ServiceName;
  fields: F;
}

type MethodOf<Id extends string> = Id extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<Id extends string> = Id extends `${HttpMethod} ${infer P}` ? P : never;

export type Declared<D extends Record<string, EndpointFields>> = {
  [Id in keyof D & string]: Endpoint<Id, D[Id]> & { method: MethodOf<Id>; path: PathOf<Id> };
};

/** The names of a path's parameters: `:name` (one segment) and `*name` (the rest of the path). */
export const pathParameters = (path: string) => [...path.matchAll(/[:*](\w+)/g)].map((m) => m[1]);

/**
 * Declares a service's endpoints, keyed by id. Refuses (at load time) an id that is not
 * `METHOD /path`, a path parameter without its schema, and a body on a read.
 */
export function declareEndpoints<const D extends Record<string, EndpointFields>>(service: ServiceName, declarations: D): Declared<D> {
  const declared: Record<string, Endpoint> = {};
  for (const [id, fields] of Object.entries(declarations)) {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(id);
    if (!match) throw new Error(`Endpoint id "${id}" is not "METHOD /path"`);
    const [, method, path] = match;
    const names = pathParameters(path);
    const declaredNames = Object.keys(fields.params?.shape ?? {});
    if (names.join() !== declaredNames.join()) {
      throw new Error(`${id}: path parameters (${names.join(', ')}) and params schema (${declaredNames.join(', ')}) differ`);
    }
    if (method === 'GET' && fields.body) throw new Error(`${id}: a GET takes no body`);
    declared[id] = { id, method: method as HttpMethod, path, service, fields };
  }
  return declared as Declared<D>;
}

/** Values the examples use: a well-formed sessionId and id (callers substitute their own). */
export const EXAMPLE_SESSION_ID = 'session_1764000000000_example';
export const EXAMPLE_ID = '00000000-0000-4000-8000-000000000001';
