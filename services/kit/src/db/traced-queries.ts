import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { tracer } from '../observability/tracing';

type Query = (...args: any[]) => any;

/**
 * Makes every query sent through `owner.query` a client span of the request or event being
 * handled (`pg select`, `pg insert` ...), so a trace shows where a slow answer spent its time
 * in the database. Only inside a span: a background sweep's queries start no traces of their
 * own. The statement is recorded as sent, with `$1` placeholders and no values.
 */
export function traceQueries(owner: { query: Query }, namespace: string) {
  const query = owner.query.bind(owner) as Query;
  owner.query = (...args: any[]) => {
    const parent = context.active();
    if (!trace.getSpan(parent)) return query(...args);
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
    const span = tracer().startSpan(
      `pg ${operation}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.namespace': namespace,
          'db.operation.name': operation,
          'db.query.text': text.slice(0, 2000),
        },
      },
      parent,
    );
    const end = (error?: unknown) => {
      if (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
      }
      span.end();
    };
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        end(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (rows) => (end(), rows),
        (error: unknown) => {
          end(error);
          throw error;
        },
      );
    }
    end();
    return result;
  };
}

/** PGlite runs a transaction's queries on a handle of its own: those are traced too. */
export function tracePgliteQueries(
  client: { query: Query; transaction: (work: (tx: any) => Promise<any>) => Promise<any> },
  namespace: string,
) {
  traceQueries(client, namespace);
  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx: { query: Query }) => {
      traceQueries(tx, namespace);
      return work(tx);
    });
}
