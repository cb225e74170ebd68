import type { SqlParams } from './sql-params.js';

// A table's columns declared once, as data: the row type, the insert's column list with its placeholders and casts,
// and a select list are all derived from the declaration, so adding a column is one line (and its migration).

declare const valueType: unique symbol;

/** One column: the TypeScript type of its value (carried by the type only) and how its placeholder is written. */
export interface Column<T> {
  /**
   * The cast of its placeholder in an INSERT ... SELECT, where PostgreSQL takes an untyped parameter as text (see
   * SqlParams); undefined for a text column. 'jsonb' sends the value as JSON text and casts it in SQL (see db.ts).
   */
  readonly cast: string | undefined;
  /** Read by a list page, which selects only the columns its items show (see listedColumnsSql). */
  readonly listed: boolean;
  readonly [valueType]?: T;
}

export type Columns = Readonly<Record<string, Column<unknown>>>;

/** The row a table's columns make, as the drivers return it (int8 as bigint, numeric as string, jsonb parsed). */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<infer T> ? T : never };

export const column = <T>(cast?: 'bigint' | 'boolean' | 'numeric' | 'text' | 'uuid'): Column<T> => ({
  cast,
  listed: false,
});

export const jsonColumn = <T>(): Column<T> => ({ cast: 'jsonb', listed: false });

/** The same column, also read by the table's list page. */
export const listed = <T>(c: Column<T>): Column<T> => ({ ...c, listed: true });

function placeholder(p: SqlParams, c: Column<unknown>, value: unknown): string {
  if (c.cast === 'jsonb') return `${p.add(value === null ? null : JSON.stringify(value), 'text')}::jsonb`;
  return p.add(value, c.cast);
}

/**
 * The insert of a whole row as INSERT ... SELECT, alone or as one part of a write's single statement (only where
 * `when` holds). Every column is written, so a row built in memory is exactly the row stored. The text depends only
 * on the table and `when`, so it stays one prepared statement.
 */
export function insertRowSql<C extends Columns>(
  p: SqlParams,
  table: string,
  columns: C,
  row: RowOf<C>,
  when?: string,
): string {
  const names = Object.keys(columns);
  const values = names.map((name) => placeholder(p, columns[name] as Column<unknown>, row[name]));
  return `insert into ${table} (${names.join(', ')})
    select ${values.join(', ')}${when === undefined ? '' : ` where ${when}`}`;
}

/** The select list of the columns marked `listed`, in declaration order. */
export const listedColumnsSql = (columns: Columns): string =>
  Object.entries(columns)
    .filter(([, c]) => c.listed)
    .map(([name]) => name)
    .join(', ');
