import { validation } from '../domain/errors.js';
import { decimalOfNumber } from '../domain/money/amount.js';

// The one map from a list's query filters to SQL, shared by deposits, withdrawals, orders and pending payments.
// Each filter's condition is written once, here; each list declares, as data, the columns its filters apply to.

export interface ListFilters {
  currency?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  userEmail?: string | undefined;
  search?: string | undefined;
  status?: readonly string[] | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}

/** The columns (or SQL expressions) of one list that its filters apply to. */
export interface FilterColumns {
  readonly currency: string;
  /** Major units (exact decimal), so that amount filters compare across currencies. */
  readonly amountMajor: string;
  readonly createdAtMs: string;
  readonly email: string;
  readonly status: string;
  /** Columns matched by prefix for `search`, each with a text_pattern_ops index. */
  readonly searchable: readonly string[];
}

type FilterName = Exclude<keyof ListFilters, 'limit' | 'page'>;
type Param = (value: unknown) => string;
type Condition<F extends FilterName> = (
  value: NonNullable<ListFilters[F]>,
  columns: FilterColumns,
  param: Param,
) => string | undefined;

export const distinct = (values: readonly string[] | undefined): string[] => [...new Set(values ?? [])];

/**
 * Each filter's condition, in the order the conditions are written: a statement's text follows this order, and the
 * server keeps one prepared statement per text. A condition may add nothing (an empty status list).
 */
const conditions: { readonly [F in FilterName]: Condition<F> } = {
  currency: (value, c, param) => `${c.currency} = ${param(value)}`,
  minAmount: (value, c, param) => `${c.amountMajor} >= ${param(decimalOfNumber(value))}::numeric`,
  maxAmount: (value, c, param) => `${c.amountMajor} <= ${param(decimalOfNumber(value))}::numeric`,
  from: (value, c, param) => `${c.createdAtMs} >= ${param(value * 1000)}`,
  to: (value, c, param) => `${c.createdAtMs} < ${param((value + 1) * 1000)}`,
  userEmail: (value, c, param) => `${c.email} = ${param(value.toLowerCase())}`,
  status: (value, c, param) => {
    const statuses = distinct(value);
    // One status is written `= $n`: PostgreSQL 15 cannot read the (workspace, status, created_at, id) index in order
    // for an `= any` condition on its second column, so a page would sort every match or walk all of the window.
    if (statuses.length === 1) return `${c.status} = ${param(statuses[0])}`;
    if (statuses.length > 1) return `${c.status} = any(${param([...statuses])}::text[])`;
    return undefined;
  },
  search: (value, c, param) => {
    const pattern = param(`${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    return `(${c.searchable.map((column) => `${column} like ${pattern}`).join(' or ')})`;
  },
};

const filterNames = Object.keys(conditions) as FilterName[];

/** The filters a count can take from per-day counts (a time window and statuses); any other needs the rows. */
const dayCountable: ReadonlySet<FilterName> = new Set(['from', 'to', 'status']);

export const onlyDayCountable = (filters: ListFilters): boolean =>
  filterNames.every((name) => dayCountable.has(name) || filters[name] === undefined);

function conditionOf<F extends FilterName>(name: F, filters: ListFilters, columns: FilterColumns, param: Param) {
  const value = filters[name];
  return value === undefined ? undefined : conditions[name](value as NonNullable<ListFilters[F]>, columns, param);
}

/** The WHERE clause (after `workspace_id = $1`) and its parameters for the filters. */
export function filterSql(filters: ListFilters, columns: FilterColumns, firstParam = 2) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  if (filters.minAmount !== undefined && filters.maxAmount !== undefined && filters.minAmount > filters.maxAmount) {
    throw validation('minAmount must not exceed maxAmount');
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw validation('from must not be after to');
  }
  const clauses = filterNames.flatMap((name) => conditionOf(name, filters, columns, param) ?? []);
  return { where: clauses.length ? ` and ${clauses.join(' and ')}` : '', params };
}
