import { funds } from '../domain/errors.js';
import { type BalanceDelta, balanceDeltas, imbalances, type Posting } from '../domain/ledger/entry.js';
import { balanceUpdatedSql, type BalanceUpdatedOf as EventBalance } from '../events/balance-updated.js';
import { pgErrorCode, type Queryable } from '../storage/db.js';
import { SqlParams } from '../storage/sql-params.js';

export interface NewEntry {
  readonly workspaceId: string;
  /** What caused it: deposit_credit, withdrawal_hold, ... */
  readonly kind: string;
  /** The resource it belongs to (a deposit id, a withdrawal id, ...). */
  readonly reference: string;
  readonly postings: readonly Posting[];
  readonly nowMs: number;
  /**
   * Records balance_updated for this balance row in the entry's own statement, with the figures the entry left in
   * it (the statement's RETURNING): no second statement re-reads the row, so a debit that locks a hot balance can
   * be the last statement before COMMIT. The row must be one the entry changes.
   */
  readonly balanceUpdated?: BalanceUpdatedOf;
}

export type BalanceUpdatedOf = Omit<EventBalance, 'workspaceId'>;

const checkViolation = '23514';

/** An entry checked to balance, with the balance rows it adds to and takes from (sorted: see balanceDeltas). */
interface Planned {
  readonly deltas: readonly BalanceDelta[];
  readonly adds: readonly BalanceDelta[];
  readonly takes: readonly BalanceDelta[];
}

function plan(entry: NewEntry): Planned {
  const unbalanced = imbalances(entry.postings);
  if (unbalanced.size > 0) {
    throw new Error(`unbalanced ledger entry ${entry.kind} ${entry.reference}: ${[...unbalanced].join(', ')}`);
  }
  const deltas = balanceDeltas(entry.postings);
  return {
    deltas,
    takes: deltas.filter((d) => d.available < 0n || d.pending < 0n),
    adds: deltas.filter((d) => d.available >= 0n && d.pending >= 0n),
  };
}

/**
 * The entry as CTEs of a larger statement (after its other CTEs, joined with a comma): ledger_entry, its postings,
 * ledger_added and ledger_taken (the balance rows, as the entry left them) and, with `balanceUpdated`, ledger_event.
 * Nothing is written unless `when` (SQL) holds. The statement fails with a check violation (catch it with
 * fundsErrorOf) when a bucket would go below zero; a taking from a missing row matches nothing, so a caller that
 * cannot roll back guards with takenRowsExistSql.
 */
export function entryCtes(p: SqlParams, entry: NewEntry, when = 'true'): string {
  const { adds, takes } = plan(entry);
  const now = p.add(entry.nowMs, 'bigint');
  const workspace = p.add(entry.workspaceId);
  const ctes = [
    `ledger_entry as (
     insert into ledger_entries (workspace_id, kind, reference, created_at_ms)
     select ${workspace}, ${p.add(entry.kind)}, ${p.add(entry.reference)}, ${now} where ${when} returning id
   )`,
    `ledger_postings as (
     insert into ledger_postings (entry_id, account_id, currency, bucket, amount)
     select e.id, t.account_id, t.currency, t.bucket, t.amount
     from ledger_entry e, unnest(${postingColumns(p, entry.postings)}) as t(account_id, currency, bucket, amount)
   )`,
    `ledger_added as (
     insert into balances (account_id, currency, available, pending, updated_at_ms)
     select d.account_id, d.currency, d.available, d.pending, ${now}
     from ${deltaRows(p, adds, true)} where ${when}
     order by d.position
     on conflict (account_id, currency) do update set
       available = balances.available + excluded.available,
       pending = balances.pending + excluded.pending,
       updated_at_ms = excluded.updated_at_ms
     returning account_id, currency, available, pending
   )`,
    `ledger_taken as (
     update balances b set available = b.available + d.available, pending = b.pending + d.pending, updated_at_ms = ${now}
     from ${deltaRows(p, takes, false)}
     where b.account_id = d.account_id and b.currency = d.currency and ${when}
     returning b.account_id, b.currency, b.available, b.pending
   )`,
  ];
  const report = entry.balanceUpdated;
  if (report) {
    // The figures come from the statement's own RETURNING: its CTEs share one snapshot, so reading `balances`
    // would see the figures from before the entry.
    const rows = '(select * from ledger_added union all select * from ledger_taken)';
    const event = balanceUpdatedSql(p, { workspaceId: entry.workspaceId, ...report }, rows, entry.nowMs);
    ctes.push(`ledger_event as (${event} returning id)`);
  }
  return ctes.join(',\n   ');
}

/**
 * SQL that holds when every balance row the entry takes from exists. Balance rows are never deleted, so a row that
 * exists in a statement's snapshot is found by that statement's ledger_taken: guarding the statement with this
 * makes "nothing to take" refuse everything instead of writing the rest without the taking.
 */
export function takenRowsExistSql(p: SqlParams, entry: NewEntry): string {
  const { takes } = plan(entry);
  if (takes.length === 0) return 'true';
  return `(select count(*) from balances b join ${deltaRows(p, takes, false)}
     on b.account_id = d.account_id and b.currency = d.currency) = ${takes.length}`;
}

/** 402 FundsError for a check violation of the balances (a bucket below zero); any other error unchanged. */
export function fundsErrorOf(entry: NewEntry, error: unknown): unknown {
  return pgErrorCode(error) === checkViolation ? insufficient(plan(entry).deltas) : error;
}

/**
 * Posts one journal entry in one statement, inside the caller's transaction (it must be one: a refusal is thrown
 * after the entry rows were written, and only the rollback removes them). The statement writes the entry, its
 * postings and the balance changes of partner and customer accounts: additions upsert their row, takings update
 * an existing row. A bucket that would go below zero violates the balances check constraint, and a taking from a
 * missing row matches nothing: either way the caller sees 402 FundsError and its transaction rolls back, so
 * available never goes negative, however many writers race for it (each update locks and re-reads its row).
 * With `balanceUpdated`, the same statement also writes that event (see NewEntry).
 */
export async function postEntry(tx: Queryable, entry: NewEntry): Promise<bigint> {
  const { takes } = plan(entry);
  const p = new SqlParams();
  const ctes = entryCtes(p, entry);
  const reported = entry.balanceUpdated ? '(select count(*) from ledger_event)' : '1';
  const rows = await tx
    .query<{ id: bigint | null; taken: bigint; reported: bigint }>(
      `with ${ctes}
       select (select id from ledger_entry) as id, (select count(*) from ledger_taken) as taken, ${reported} as reported`,
      p.values,
    )
    .catch((error: unknown) => {
      throw fundsErrorOf(entry, error);
    });
  const row = rows[0];
  if (row === undefined || row.id === null) throw new Error('ledger entry insert returned no id');
  // A take from a balance row that does not exist matched nothing: there was nothing to take.
  if (Number(row.taken) !== takes.length) throw insufficient(takes);
  if (Number(row.reported) !== 1) {
    throw new Error(`ledger entry ${entry.kind} ${entry.reference} does not change the balance it reports`);
  }
  return row.id;
}

function postingColumns(p: SqlParams, postings: readonly Posting[]): string {
  const text = (values: readonly string[]) => p.add(values, 'text[]');
  return `${text(postings.map((x) => x.accountId))}, ${text(postings.map((x) => x.currency))},
       ${text(postings.map((x) => x.bucket))}, ${text(postings.map((x) => String(x.amount)))}::bigint[]`;
}

/** Balance deltas as rows `d` (account_id, currency, available, pending[, position]). */
function deltaRows(p: SqlParams, deltas: readonly BalanceDelta[], ordered: boolean): string {
  const [accounts, currencies, available, pending] = columns(deltas);
  return `unnest(${p.add(accounts, 'text[]')}, ${p.add(currencies, 'text[]')}, ${p.add(available, 'text[]')}::bigint[],
       ${p.add(pending, 'text[]')}::bigint[])${ordered ? ' with ordinality' : ''}
     as d(account_id, currency, available, pending${ordered ? ', position' : ''})`;
}

// Amount arrays travel as text and are cast in SQL: postgres.js cannot infer the type of an array of bigint.
const columns = (deltas: readonly BalanceDelta[]) => [
  deltas.map((d) => d.accountId),
  deltas.map((d) => d.currency),
  deltas.map((d) => String(d.available)),
  deltas.map((d) => String(d.pending)),
];

/** The 402 of an entry whose takings cannot be made. */
export const insufficientFunds = (entry: NewEntry) => insufficient(plan(entry).takes);

const insufficient = (deltas: readonly BalanceDelta[]) =>
  funds(`Insufficient ${[...new Set(deltas.map((d) => d.currency))].join(', ')} balance`);

export interface BalanceRow {
  currency: string;
  available: bigint;
  pending: bigint;
  [column: string]: unknown;
}

export async function balancesOf(db: Queryable, accountId: string, currency?: string): Promise<BalanceRow[]> {
  return db.query<BalanceRow>(
    `select currency, available, pending from balances
     where account_id = $1 and ($2::text is null or currency = $2) order by currency`,
    [accountId, currency ?? null],
  );
}

/** Whether an entry of `kind` for `reference` was posted at or after `sinceMs`. */
export async function hasEntrySince(db: Queryable, reference: string, kind: string, sinceMs: bigint): Promise<boolean> {
  const rows = await db.query(
    'select 1 from ledger_entries where reference = $1 and kind = $2 and created_at_ms >= $3 limit 1',
    [reference, kind, sinceMs],
  );
  return rows.length > 0;
}
