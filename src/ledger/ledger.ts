import { funds } from '../domain/errors.js';
import { type BalanceDelta, balanceDeltas, imbalances, type Posting } from '../domain/ledger/entry.js';
import { pgErrorCode, type Queryable } from '../storage/db.js';

export interface NewEntry {
  readonly workspaceId: string;
  /** What caused it: deposit_credit, withdrawal_hold, ... */
  readonly kind: string;
  /** The resource it belongs to (a deposit id, a withdrawal id, ...). */
  readonly reference: string;
  readonly postings: readonly Posting[];
  readonly nowMs: number;
}

const checkViolation = '23514';

/**
 * Posts one journal entry in one statement, inside the caller's transaction (it must be one: a refusal is thrown
 * after the entry rows were written, and only the rollback removes them). The statement writes the entry, its
 * postings and the balance changes of partner and customer accounts: additions upsert their row, takings update
 * an existing row. A bucket that would go below zero violates the balances check constraint, and a taking from a
 * missing row matches nothing: either way the caller sees 402 FundsError and its transaction rolls back, so
 * available never goes negative, however many writers race for it (each update locks and re-reads its row).
 */
export async function postEntry(tx: Queryable, entry: NewEntry): Promise<bigint> {
  const unbalanced = imbalances(entry.postings);
  if (unbalanced.size > 0) {
    throw new Error(`unbalanced ledger entry ${entry.kind} ${entry.reference}: ${[...unbalanced].join(', ')}`);
  }
  const deltas = balanceDeltas(entry.postings);
  const takes = deltas.filter((d) => d.available < 0n || d.pending < 0n);
  const adds = deltas.filter((d) => d.available >= 0n && d.pending >= 0n);
  const rows = await tx
    .query<{ id: bigint; taken: bigint }>(
      `with entry as (
       insert into ledger_entries (workspace_id, kind, reference, created_at_ms) values ($1, $2, $3, $4) returning id
     ), postings as (
       insert into ledger_postings (entry_id, account_id, currency, bucket, amount)
       select entry.id, p.account_id, p.currency, p.bucket, p.amount
       from entry, unnest($5::text[], $6::text[], $7::text[], $8::text[]::bigint[]) as p(account_id, currency, bucket, amount)
     ), added as (
       insert into balances (account_id, currency, available, pending, updated_at_ms)
       select d.account_id, d.currency, d.available, d.pending, $4
       from unnest($9::text[], $10::text[], $11::text[]::bigint[], $12::text[]::bigint[]) with ordinality
         as d(account_id, currency, available, pending, position)
       order by d.position
       on conflict (account_id, currency) do update set
         available = balances.available + excluded.available,
         pending = balances.pending + excluded.pending,
         updated_at_ms = excluded.updated_at_ms
     ), taken as (
       update balances b set available = b.available + d.available, pending = b.pending + d.pending, updated_at_ms = $4
       from unnest($13::text[], $14::text[], $15::text[]::bigint[], $16::text[]::bigint[]) as d(account_id, currency, available, pending)
       where b.account_id = d.account_id and b.currency = d.currency
       returning b.account_id
     )
     select entry.id, (select count(*) from taken) as taken from entry`,
      [
        entry.workspaceId,
        entry.kind,
        entry.reference,
        entry.nowMs,
        entry.postings.map((p) => p.accountId),
        entry.postings.map((p) => p.currency),
        entry.postings.map((p) => p.bucket),
        entry.postings.map((p) => String(p.amount)),
        ...columns(adds),
        ...columns(takes),
      ],
    )
    .catch((error: unknown) => {
      if (pgErrorCode(error) === checkViolation) throw insufficient(deltas);
      throw error;
    });
  const row = rows[0];
  if (row === undefined) throw new Error('ledger entry insert returned no id');
  // A take from a balance row that does not exist matched nothing: there was nothing to take.
  if (Number(row.taken) !== takes.length) throw insufficient(takes);
  return row.id;
}

// Amount arrays travel as text and are cast in SQL: postgres.js cannot infer the type of an array of bigint.
const columns = (deltas: readonly BalanceDelta[]) => [
  deltas.map((d) => d.accountId),
  deltas.map((d) => d.currency),
  deltas.map((d) => String(d.available)),
  deltas.map((d) => String(d.pending)),
];

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
