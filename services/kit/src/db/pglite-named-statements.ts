import { context, trace } from '@opentelemetry/api';
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { exchangeNow } from './pglite-idle-exchange';

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

/** Describe the portal, execute it, sync: the same three messages after every bind. */
const DESCRIBE_EXECUTE_SYNC = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);

/**
 * A bind of the unnamed portal to the statement named by `nameBytes` (its name, NUL-ended)
 * with every value in text, followed by describe, execute and sync: the bytes PGlite's own
 * serializer writes for such values, in one buffer (its serializer builds each message through
 * a growing writer, several times the cost). Null when a value is neither text nor null (bytes
 * go in binary), for PGlite's serializer to write.
 */
function textBindExchange(nameBytes: Buffer, values: unknown[]): Uint8Array | null {
  let valueBytes = 0;
  for (const value of values) {
    if (value === null) continue;
    if (typeof value !== 'string') return null;
    valueBytes += Buffer.byteLength(value);
  }
  const count = values.length;
  // 'B', length; portal '' and statement name (NUL-ended); formats (count, one each); values (count, each length and bytes); result formats (0).
  const bindLength = 4 + 1 + nameBytes.length + 2 + 2 * count + 2 + 4 * count + valueBytes + 2;
  const bytes = Buffer.allocUnsafe(1 + bindLength + DESCRIBE_EXECUTE_SYNC.length);
  let at = bytes.writeUInt8(0x42, 0);
  at = bytes.writeInt32BE(bindLength, at);
  at = bytes.writeUInt8(0, at);
  at += nameBytes.copy(bytes, at);
  at = bytes.writeUInt16BE(count, at);
  for (let i = 0; i < count; i++) at = bytes.writeInt16BE(0, at);
  at = bytes.writeUInt16BE(count, at);
  for (const value of values) {
    if (value === null) {
      at = bytes.writeInt32BE(-1, at);
    } else {
      const length = bytes.write(value as string, at + 4);
      at = bytes.writeInt32BE(length, at) + length;
    }
  }
  at = bytes.writeInt16BE(0, at);
  bytes.set(DESCRIBE_EXECUTE_SYNC, at);
  return bytes;
}

/**
 * A stand-in for a PGlite client that answers one read statement as a named prepared
 * statement. PGlite's own `query()` parses and plans the statement again on every call and
 * enters its WASM main loop six times (parse, describe, bind, describe, execute, sync); here
 * the statement is parsed and described once under `name`, and each call is one
 * bind-describe-execute-sync exchange (about a third of the CPU for a listener's reads), run at
 * once when the database is idle (`exchangeNow`), else under the instance's locks.
 *
 * It answers as `query()` does: never inside another caller's transaction (it takes the same
 * locks, or runs while nobody holds them), the same value serializers, the same result parsing with
 * the caller's options. Anything it cannot do the same way goes to `query()` itself: a call
 * inside a traced span (so the trace keeps its database span), and any call that fails, whose
 * error is then `query()`'s own (a statement the database no longer knows, or whose plan a
 * schema change outdated, is prepared again on the next call). Only for statements that read: it does not write
 * PGlite's files to disk afterwards, as `query()` does after a write.
 */
export function namedStatementClient(pglite: PGlite, name: string) {
  let parameterTypes: number[] | null = null;
  const nameBytes = Buffer.from(`${name}\0`);
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

  /** One execution's messages: bind (its values serialized for their types), describe, execute, sync. */
  const exchangeOf = (types: number[], params: unknown[], options?: QueryOptions) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]] ?? pglite.serializers[types[i]];
      return serializer ? serializer(value) : String(value);
    });
    return textBindExchange(nameBytes, values) ?? concat([serialize.bind({ statement: name, values }), DESCRIBE_EXECUTE_SYNC]);
  };

  const resultOf = (messages: Parameters<typeof parse.parseResults>[0], options?: QueryOptions): Results => {
    const { parsers, options: rest } = parsing(options);
    return parse.parseResults(messages, parsers, rest)[0];
  };

  const run = async (text: string, params: unknown[], options?: QueryOptions): Promise<Results> => {
    // Prepared and the database idle: run at once, without waiting for its locks (`exchangeNow`).
    const exchange = parameterTypes ? exchangeOf(parameterTypes, params, options) : null;
    if (exchange) {
      const messages = exchangeNow(pglite, exchange);
      if (messages) return resultOf(messages, options);
      // Refused or not run: the locked way runs the same exchange again, and reports a refusal as `query()` does.
    }
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        parameterTypes ??= await prepare(text);
        const { messages } = await pglite.execProtocol(exchange ?? exchangeOf(parameterTypes, params, options), { syncToFs: false });
        return resultOf(messages, options);
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
