import pg from 'pg';

/**
 * A prepared statement's execution without pg's per-execution Describe (issue #15, item 2; docs/performance.md).
 *
 * pg sends Parse once per connection for a named statement, but then Bind, Describe, Execute, Sync on every
 * execution, and rebuilds the row's parsers from the RowDescription each time. A named statement's result columns
 * cannot change while it is prepared (PostgreSQL refuses with "cached plan must not change result type"), so the
 * first execution on a connection describes it as before and keeps what it learnt (column names, parsers, the empty
 * row); later executions send Bind, Execute, Sync and decode with what was kept. The cache lives on the connection,
 * like pg's own record of parsed statements, so a new connection describes again.
 */

/** What one statement's first execution on a connection learnt about its rows. */
interface Described {
  readonly fields: unknown[];
  readonly parsers: unknown[] | undefined;
  readonly emptyRow: Record<string, null> | null;
}

/** The parts of pg's Query, Result and Connection this class relies on (pg 8: lib/query.js, lib/result.js). */
interface QueryInternals {
  name?: string;
  text: string;
  values: unknown[];
  portal: string;
  binary: boolean;
  rows?: number;
  callback?: unknown;
  _accumulateRows: boolean;
  _result: {
    fields: unknown[];
    _parsers: unknown[] | undefined;
    _prebuiltEmptyResultObject: Record<string, null> | null;
  };
  listeners(event: string): unknown[];
  hasBeenParsed(connection: unknown): boolean;
  handleError(error: unknown, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
}
interface ConnectionInternals {
  bind(options: object): void;
  close(options: object): void;
  sync(): void;
}

/** pg's own mapping of a JavaScript value to a parameter (lib/utils.js), as its Query uses. */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

const describedByConnection = new WeakMap<object, Map<string, Described>>();

const BaseQuery = pg.Query as unknown as new (config: pg.QueryConfig) => object;

export class DescribedOnceQuery extends BaseQuery {
  /** Whether this execution asked for a description (its first on the connection). */
  private describing = false;
  private sawRowDescription = false;
  private connection: object | undefined;

  constructor(name: string, text: string, values: unknown[]) {
    super({ name, text, values });
  }

  private get internals(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  prepare(connection: ConnectionInternals): void {
    const self = this.internals;
    const known = describedByConnection.get(connection)?.get(self.name ?? '');
    if (known === undefined || !self.hasBeenParsed(connection)) {
      this.describing = true;
      this.connection = connection;
      (BaseQuery.prototype as unknown as { prepare(c: unknown): void }).prepare.call(this, connection);
      return;
    }
    self._result.fields = known.fields;
    self._result._parsers = known.parsers;
    self._result._prebuiltEmptyResultObject = known.emptyRow;
    self._accumulateRows = Boolean(self.callback) || self.listeners('row').length === 0;
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    self._getRows(connection, self.rows);
  }

  handleRowDescription(message: unknown): void {
    this.sawRowDescription = true;
    (BaseQuery.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(
      this,
      message,
    );
  }

  handleCommandComplete(message: unknown, connection: unknown): void {
    (
      BaseQuery.prototype as unknown as { handleCommandComplete(m: unknown, c: unknown): void }
    ).handleCommandComplete.call(this, message, connection);
    if (!this.describing || this.connection === undefined) return;
    // Learnt once the statement has run: a statement without rows (an INSERT without RETURNING) sends none.
    const self = this.internals;
    let described = describedByConnection.get(this.connection);
    if (described === undefined) {
      described = new Map();
      describedByConnection.set(this.connection, described);
    }
    described.set(self.name ?? '', {
      fields: this.sawRowDescription ? self._result.fields : [],
      parsers: this.sawRowDescription ? self._result._parsers : undefined,
      emptyRow: this.sawRowDescription ? self._result._prebuiltEmptyResultObject : null,
    });
    this.describing = false;
  }
}
