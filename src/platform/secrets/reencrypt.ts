import type { Queryable } from '../../storage/db.js';
import { open, seal, sealedKeyId } from '../sealing.js';
import type { SecretsKeyring } from './keyring.js';
import { type SealedColumn, sealedColumns } from './sealed-columns.js';

// The re-encryption command's work (docs/reliability/rotation.md, step 3): every stored sealed value not yet under
// the current SECRETS_KEY is opened with the ring and sealed again under the current key, in small batches, each
// row written only if it still holds what was read. It runs beside serving processes: no lock is held between
// statements, a value a request changed meanwhile is left to that request (counted, never overwritten), and a run
// stopped half-way is finished by the next (values already under the current key are not read again).

/** A stored value no key of the ring opens: the run stops here, naming it, and changes nothing more. */
export class UnreadableStoredSecretError extends Error {
  constructor(
    readonly column: string,
    readonly rowId: string,
    readonly keyId: string | undefined,
    reason: string,
  ) {
    super(`${column}, row ${rowId}: cannot be opened by any configured key (${reason})`);
  }
}

export interface ColumnReport {
  readonly column: string;
  /** Rewritten under the current key. */
  rewritten: number;
  /** Changed by someone else between this run's read and its write: left as the writer left it. */
  changedMeanwhile: number;
}

export interface ReencryptOptions {
  /** Rows read and rewritten per batch (each row is its own short statement). */
  readonly batchSize: number;
  /** The pause between batches, which leaves the store to requests. */
  readonly pauseMs: number;
  /** Called after each batch (the command prints progress). */
  readonly onBatch?: (report: ColumnReport) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reencryptColumn(
  db: Queryable,
  keyring: SecretsKeyring,
  column: SealedColumn,
  options: ReencryptOptions,
): Promise<ColumnReport> {
  const report: ColumnReport = { column: column.name, rewritten: 0, changedMeanwhile: 0 };
  const batchSize = Math.min(options.batchSize, column.batchSizeMax ?? options.batchSize);
  const notCurrent = `v2.${keyring.current.id}.%`;
  let after: string | undefined;
  for (;;) {
    // Keyset paging by the row's key: a row skipped (changed meanwhile) is not read again, so a run always ends.
    const rows = await db.query<{ id: string; sealed: string }>(
      `select ${column.id}::text as id, ${column.value} as sealed from ${column.table}
       where ${column.value} is not null and ${column.value} not like $1
         and ($2::text is null or ${column.id} > $2::text::${column.idType})
       order by ${column.id} limit $3`,
      [notCurrent, after ?? null, batchSize],
    );
    for (const row of rows) {
      let plaintext: string;
      try {
        plaintext = open(keyring, row.sealed);
      } catch (error) {
        throw new UnreadableStoredSecretError(
          column.name,
          row.id,
          sealedKeyId(row.sealed),
          error instanceof Error ? error.message : String(error),
        );
      }
      // Written only if unchanged since read: a request's newer value is never replaced by this older one.
      const updated = await db.query(
        `update ${column.table} set ${column.assign}
         where ${column.id} = $2::text::${column.idType} and ${column.value} = $3 returning 1 as updated`,
        [seal(keyring, plaintext), row.id, row.sealed],
      );
      if (updated.length === 1) report.rewritten += 1;
      else report.changedMeanwhile += 1;
    }
    options.onBatch?.(report);
    if (rows.length < batchSize) return report;
    after = rows[rows.length - 1]?.id;
    if (options.pauseMs > 0) await sleep(options.pauseMs);
  }
}

/** Rewrites every stored sealed value under the ring's current key; one report per column, in the registry's order. */
export async function reencryptStoredSecrets(
  db: Queryable,
  keyring: SecretsKeyring,
  options: ReencryptOptions,
): Promise<ColumnReport[]> {
  const reports: ColumnReport[] = [];
  for (const column of sealedColumns) reports.push(await reencryptColumn(db, keyring, column, options));
  return reports;
}

export interface KeyCount {
  readonly column: string;
  /** The key id the values name; 'v1' for values of the first format, which name none. */
  readonly keyId: string;
  readonly values: number;
}

/** How many stored values each key sealed, per column: step 4 of a rotation waits until only the current key has any. */
export async function sealedValueCounts(db: Queryable): Promise<KeyCount[]> {
  const counts: KeyCount[] = [];
  for (const column of sealedColumns) {
    const rows = await db.query<{ key_id: string; n: number }>(
      `select case when v like 'v1.%' then 'v1' else split_part(v, '.', 2) end as key_id, count(*)::int as n
       from (select ${column.value} as v from ${column.table}) s where v is not null group by 1 order by 1`,
    );
    for (const row of rows) counts.push({ column: column.name, keyId: row.key_id, values: Number(row.n) });
  }
  return counts;
}
