import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Keys whose values never reach a log line, wherever a caller puts them (top level or one
 * level down): credentials, session tokens, cookies and people's email addresses.
 */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'sessionToken',
  'accessToken',
  'idToken',
  'secret',
  'cookie',
  'authorization',
  'email',
  'params',
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A PostgreSQL error (node-postgres or PGlite), or drizzle's wrapper around one. */
function databaseErrorIn(error: unknown): { wrapper: any; pg: any } | null {
  const seen = new Set<unknown>();
  let current: any = error;
  let wrapper: any = null;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ('params' in current && 'query' in current) wrapper ??= current;
    if (typeof current.code === 'string' && SQLSTATE.test(current.code) && ('severity' in current || 'routine' in current)) {
      return { wrapper: wrapper ?? current, pg: current };
    }
    current = current.cause;
  }
  return wrapper ? { wrapper, pg: null } : null;
}

/**
 * A failed statement is logged by what went wrong (SQLSTATE code, constraint, table,
 * column) and the statement's text with its placeholders, never by its bound values or
 * the server's message and detail, which quote them ("Key (email)=(…) already exists").
 */
function serializeDatabaseError(found: { wrapper: any; pg: any }) {
  const { wrapper, pg } = found;
  const frames = String(wrapper.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  const statement = typeof wrapper.query === 'string' ? wrapper.query.slice(0, 500) : undefined;
  return {
    type: 'DatabaseError',
    message: `database statement failed${pg?.code ? ` (${pg.code}${pg.constraint ? ` ${pg.constraint}` : ''})` : ''}`,
    code: pg?.code,
    constraint: pg?.constraint,
    schema: pg?.schema,
    table: pg?.table,
    column: pg?.column,
    routine: pg?.routine,
    statement,
    stack: frames,
  };
}

export function serializeError(error: unknown): unknown {
  const database = databaseErrorIn(error);
  if (database) return serializeDatabaseError(database);
  return pino.stdSerializers.err(error as Error);
}

/**
 * JSON lines (what log collectors read) unless LOG_FORMAT=pretty, which `npm start` sets
 * for people reading a terminal.
 */
const prettyOutput = (): Pick<pino.LoggerOptions, 'transport'> =>
  process.env.LOG_FORMAT === 'pretty'
    ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
    : {};

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    serializers: { err: serializeError, error: serializeError },
    // Never write secrets into logs, even by accident.
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  // A destination given by the caller (tests read the log) takes the place of pretty output.
  return destination ? pino(options, destination) : pino({ ...prettyOutput(), ...options });
}
