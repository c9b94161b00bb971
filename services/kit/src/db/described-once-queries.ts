import pg from 'pg';

/** pg's own conversion of a JS value to its wire form, which its Query uses when it binds values. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

/** What a statement's answers look like on one connection, from its first description: pg's result fields, their parsers and empty row. */
interface ResultShape {
  fields: unknown[];
  parsers: unknown[];
  emptyRow: unknown;
}

/** pg's Result as this module fills it in (fields pg's own `addFields` sets). */
interface PgResult {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: unknown;
}

/** pg's Connection as a Query drives it (the extended protocol's messages). */
interface PgConnection {
  bind(message: { portal: string; statement: string; values: unknown[]; binary: boolean; valueMapper: typeof prepareValue }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
}

/** pg's Query, with the members it keeps for its subclasses. */
type PgQuery = InstanceType<typeof pg.Query> & {
  name: string;
  portal: string;
  values: unknown[];
  binary: boolean;
  rows: number | undefined;
  types: unknown;
  _rowMode: string | undefined;
  _result: PgResult;
  _results: PgResult;
  _accumulateRows: boolean;
  hasBeenParsed(connection: PgConnection): boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: unknown): void;
  handleError(error: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
};
const PgQueryClass = pg.Query as unknown as new (config: unknown, values?: unknown[]) => PgQuery;
const PgResultClass = (pg as unknown as { Result: new (rowMode: string | undefined, types: unknown) => PgResult }).Result;

/** A read's config as drizzle's prepared queries send it. */
interface ReadConfig {
  name?: string;
  text: string;
  rowMode?: string;
  types?: unknown;
}
const READ_CONFIG_FIELDS = new Set(['name', 'text', 'rowMode', 'types']);

/** Each connection's statements' shapes; a connection pg replaces takes its shapes with it. */
const shapes = new WeakMap<PgConnection, Map<string, ResultShape>>();

/**
 * A named read that asks PostgreSQL to describe its answer only the first time on each
 * connection. pg's own Query sends Describe with every execution, so every answer comes with
 * its row description, and pg rebuilds the columns' parsers and an empty row from it every
 * time (for a listener's reads of a dozen columns, more CPU than the rows themselves). The
 * description cannot change while the statement stands: PostgreSQL refuses to run a prepared
 * statement whose result a schema change altered, so the first description holds for every
 * later execution on that connection.
 */
class DescribedOnceQuery extends PgQueryClass {
  /** The connection this query asked to describe the answer on, to keep the description (a query that keeps it). */
  private describedOn: PgConnection | null = null;

  /**
   * The query for one execution. pg's Query copies the config it is given through its property
   * descriptors, which costs more than the rest of making the query; a config of a read's usual
   * fields is not copied: the query is made from its text and given the other fields here, as
   * pg's constructor would have set them. Any other config is pg's to copy.
   */
  static of(config: ReadConfig, values?: unknown[]): DescribedOnceQuery {
    for (const field in config) if (!READ_CONFIG_FIELDS.has(field)) return new DescribedOnceQuery(config, values);
    const query = new DescribedOnceQuery(config.text, values);
    if (config.name !== undefined) query.name = config.name;
    query.types = config.types;
    query._rowMode = config.rowMode;
    query._result = query._results = new PgResultClass(config.rowMode, config.types);
    return query;
  }

  prepare(connection: PgConnection) {
    // Only a named read of whole text answers keeps its description: paged (`rows`) and binary answers are pg's alone.
    const keepsShape = Boolean(this.name) && !this.rows && !this.binary;
    const shape = keepsShape && this.hasBeenParsed(connection) ? shapes.get(connection)?.get(this.name) : undefined;
    if (!shape) {
      if (keepsShape) this.describedOn = connection;
      return super.prepare(connection);
    }
    try {
      connection.bind({ portal: this.portal, statement: this.name, values: this.values, binary: this.binary, valueMapper: prepareValue });
    } catch (error) {
      // As pg's Query: a value that cannot be sent closes the statement's use and fails the query.
      connection.close({ type: 'S', name: this.name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    const result = this._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.emptyRow;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  handleRowDescription(message: unknown) {
    super.handleRowDescription(message);
    const connection = this.describedOn;
    if (!connection) return;
    const { fields, _parsers, _prebuiltEmptyResultObject } = this._result;
    let kept = shapes.get(connection);
    if (!kept) shapes.set(connection, (kept = new Map()));
    kept.set(this.name, { fields, parsers: _parsers, emptyRow: _prebuiltEmptyResultObject });
  }
}

/**
 * A stand-in for a pool, for a prepared query's `client`: each named read is sent as a
 * DescribedOnceQuery through the pool (which takes a connection, runs it and gives the
 * connection back, as for any query), and answers pg's result.
 */
export function describedOnceClient(pool: pg.Pool) {
  return {
    query: (config: ReadConfig, values?: unknown[]) =>
      pool.query(DescribedOnceQuery.of(config, values)) as unknown as Promise<pg.QueryResult>,
  };
}
