import {
  DEFAULT_MAX_BODY_BYTES,
  PUBLIC_ENDPOINTS,
  SERVICE_NAMES,
  type BodyKind,
  type Endpoint,
  type HttpMethod,
  type ServiceName,
  type SignInBudget,
} from '@innerecho/contracts';

/**
 * Every /api route the browser may call, and the one service behind it: made from the
 * endpoint declarations in @innerecho/contracts (one declaration per endpoint), never kept
 * by hand. Nothing else is forwarded: an /api request that matches no route answers 404 at
 * the gateway and reaches nothing.
 */
export { DEFAULT_MAX_BODY_BYTES, SERVICE_NAMES, type ServiceName };

export interface RouteRow {
  /** `METHOD /path/:param`, the declaration's id. */
  id: string;
  method: HttpMethod;
  /** The path pattern (`:name` one segment, `*name` the rest); also the route's label in the request figures. */
  path: string;
  service: ServiceName;
  /** Largest request body accepted on this route, in bytes. */
  maxBodyBytes?: number;
  /** Attempts limited like sign-in, and the budget they count against (every method but GET and HEAD). */
  signIn?: SignInBudget;
  /** A sign-in whose body names the account it tries: the attempt also counts against that account. */
  signInNamesAccount?: true;
  /** What a write's body may be: JSON (the default), JSON or an HTML form, or a file's own bytes. */
  bodies?: BodyKind;
  /** A write any site may send (it acts on the token it carries, never on a session). */
  anySite: boolean;
  /** A signed-in listener's own read (`personalReadLane`). */
  personalRead: boolean;
  /** The path's segments: text to match exactly, or a parameter. */
  segments: ({ text: string } | { param: string; rest: boolean })[];
}

function toRow(endpoint: Endpoint): RouteRow {
  const { fields } = endpoint;
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    service: endpoint.service,
    maxBodyBytes: fields.maxBodyBytes,
    signIn: fields.signIn,
    signInNamesAccount: fields.signInNamesAccount,
    bodies: fields.bodyKind,
    personalRead: fields.personalRead ?? false,
    anySite: fields.anySite ?? false,
    segments: endpoint.path
      .split('/')
      .slice(1)
      .map((part) =>
        part.startsWith(':') || part.startsWith('*') ? { param: part.slice(1), rest: part.startsWith('*') } : { text: part },
      ),
  };
}

export const ROUTE_TABLE: RouteRow[] = PUBLIC_ENDPOINTS.map(toRow);

/** A signed-in listener's own reads, made by every page they open: forwarded the short way (`personalReadLane`) when the session is valid. */
export const PERSONAL_READS = ROUTE_TABLE.filter((row) => row.personalRead).map((row) => row.id as `GET ${string}`);

/** Whether `parts` (a path split at '/', without the leading '') is this row's path; parameters match any non-empty segment. */
function matches(row: RouteRow, parts: string[]): boolean {
  const { segments } = row;
  const last = segments[segments.length - 1];
  const rest = last && 'rest' in last && last.rest;
  if (rest ? parts.length < segments.length : parts.length !== segments.length) return false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if ('text' in segment ? parts[i] !== segment.text : parts[i] === '') return false;
  }
  return !rest || parts.slice(segments.length - 1).every((part) => part !== '');
}

const staticSegments = (row: RouteRow) => row.segments.filter((segment) => 'text' in segment).length;

/**
 * The route a request is for: its method (HEAD reads like GET) and its path (one trailing
 * slash ignored, as the services' routers do). Where two patterns match, the one with more
 * fixed segments wins (`/api/payouts/balances` before `/api/payouts/:payoutId`).
 */
export function findRoute(method: string, path: string, table: RouteRow[] = ROUTE_TABLE): RouteRow | undefined {
  const asMethod = method === 'HEAD' ? 'GET' : method;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const parts = trimmed.split('/').slice(1);
  let best: RouteRow | undefined;
  for (const row of table) {
    if (row.method !== asMethod || !matches(row, parts)) continue;
    if (!best || staticSegments(row) > staticSegments(best)) best = row;
  }
  return best;
}
