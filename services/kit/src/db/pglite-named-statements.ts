import { context, trace } from '@opentelemetry/api';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Errors that mean the named statement must be prepared again: unknown name, or a plan the schema outdated. */
const STATEMENT_GONE = new Set(['26000', '0A000']);

/** The messages of one exchange, sent to PGlite as one buffer. */
function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * A stand-in for a PGlite client that answers one read statement as a named prepared
 * statement. PGlite's own `query()` parses and plans the statement again on every call and
 * enters its WASM main loop six times (parse, describe, bind, describe, execute, sync); here
 * the statement is parsed and described once under `name`, and each call is one
 * bind-describe-execute-sync exchange (about a third of the CPU for a listener's reads).
 *
 * It answers as `query()` does: the same locks (a top-level statement never runs inside
 * another caller's transaction), the same value serializers, the same result parsing with
 * the caller's options. Anything it cannot do the same way goes to `query()` itself: a call
 * inside a traced span (so the trace keeps its database span), and any call that fails, whose
 * error is then `query()`'s own (a statement the database no longer knows, or whose plan a
 * schema change outdated, is prepared again on the next call). Only for statements that read: it does not write
 * PGlite's files to disk afterwards, as `query()` does after a write.
 */
export function namedStatementClient(pglite: PGlite, name: string) {
  let parameterTypes: number[] | null = null;
  /**
   * PGlite's result parser copies its whole table of type parsers into a new object for every
   * call given parsers of its own (drizzle always gives some): the merged table is kept per
   * caller's options instead, and handed over as the default.
   */
  const resultOptions = new WeakMap<QueryOptions, { base: PGlite['parsers']; parsers: PGlite['parsers']; options: QueryOptions }>();
  const parsing = (options?: QueryOptions) => {
    if (!options?.parsers) return { parsers: pglite.parsers, options };
    let kept = resultOptions.get(options);
    if (!kept || kept.base !== pglite.parsers) {
      kept = { base: pglite.parsers, parsers: { ...pglite.parsers, ...options.parsers }, options: { ...options, parsers: undefined } };
      resultOptions.set(options, kept);
    }
    return kept;
  };

  /**
   * Parses and describes the statement under its name (closing an earlier one of that name);
   * its parameters' types choose their serializers.
   */
  const prepare = async (text: string) => {
    const messages: Awaited<ReturnType<PGlite['execProtocol']>>['messages'] = [];
    try {
      await pglite.execProtocol(serialize.close({ type: 'S', name }), { syncToFs: false });
      await pglite.execProtocol(serialize.parse({ name, text }), { syncToFs: false });
      messages.push(...(await pglite.execProtocol(serialize.describe({ type: 'S', name }), { syncToFs: false })).messages);
    } finally {
      await pglite.execProtocol(serialize.sync(), { syncToFs: false });
    }
    return parse.parseDescribeStatementResults(messages);
  };

  const run = async (text: string, params: unknown[], options?: QueryOptions): Promise<Results> => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        parameterTypes ??= await prepare(text);
        const types = parameterTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]] ?? pglite.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const exchange = concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]);
        const { messages } = await pglite.execProtocol(exchange, { syncToFs: false });
        const { parsers, options: rest } = parsing(options);
        return parse.parseResults(messages, parsers, rest)[0];
      }),
    );
  };

  return {
    query<Row>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<Row>> {
      if (trace.getSpan(context.active())) return pglite.query<Row>(text, params, options);
      return run(text, params, options).then(
        (results) => results as Results<Row>,
        (error: { code?: string }) => {
          if (error.code !== undefined && STATEMENT_GONE.has(error.code)) parameterTypes = null;
          return pglite.query<Row>(text, params, options);
        },
      );
    },
  };
}
