import type { Queryable } from '../../storage/db.js';
import { open, seal, sealedKeyId } from '../sealing.js';
import type { SecretsKeyring } from './keyring.js';
import { type SealedColumn, type SealedFieldColumn, sealedColumns, sealedFieldColumns } from './sealed-columns.js';
import {
  holdsPlaintextSensitive,
  maybePlaintextPattern,
  openSealedField,
  sealedFieldPrefix,
  sealSensitive,
} from './sensitive.js';

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
    if (rows.length < batchSize)
      return column.clear === undefined ? report : sealClearColumn(db, keyring, column, report, options);
    after = rows[rows.length - 1]?.id;
    if (options.pauseMs > 0) await sleep(options.pauseMs);
  }
}

/** Seals the values a column's rows still hold in the clear (SealedColumn.clear), each written only if unchanged. */
async function sealClearColumn(
  db: Queryable,
  keyring: SecretsKeyring,
  column: SealedColumn,
  report: ColumnReport,
  options: ReencryptOptions,
): Promise<ColumnReport> {
  const clear = column.clear;
  if (clear === undefined) return report;
  const batchSize = Math.min(options.batchSize, column.batchSizeMax ?? options.batchSize);
  let after: string | undefined;
  for (;;) {
    const rows = await db.query<{ id: string; plain: string }>(
      `select ${column.id}::text as id, ${clear.value} as plain from ${column.table}
       where ${clear.value} is not null and ($1::text is null or ${column.id} > $1::text::${column.idType})
       order by ${column.id} limit $2`,
      [after ?? null, batchSize],
    );
    for (const row of rows) {
      const updated = await db.query(
        `update ${column.table} set ${clear.assign}
         where ${column.id} = $2::text::${column.idType} and ${clear.value} = $3 returning 1 as updated`,
        [seal(keyring, row.plain), row.id, row.plain],
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
  for (const column of sealedFieldColumns) reports.push(await resealFieldColumn(db, keyring, column, options));
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
    if (column.clear !== undefined) {
      const [clear] = await db.query<{ n: number }>(
        `select count(*)::int as n from ${column.table} where ${column.clear.value} is not null`,
      );
      if (Number(clear?.n) > 0) counts.push({ column: column.name, keyId: 'plaintext', values: Number(clear?.n) });
    }
  }
  for (const column of sealedFieldColumns) {
    // One count per sealed field (a document holds several), and the documents with a field still in the clear.
    const rows = await db.query<{ key_id: string; n: number }>(
      `select case when m[1] = '1' then 'v1' else m[2] end as key_id, count(*)::int as n
       from ${column.table}, regexp_matches(${column.column}::text, $1, 'g') as m group by 1
       union all
       select 'plaintext', count(*)::int from ${column.table}
       where ${column.type === 'jsonb' ? `${column.column}::text ~ $2` : '$2::text is null'} having count(*) > 0
       order by 1`,
      [sealedFieldKeyPattern, maybePlaintextPattern],
    );
    for (const row of rows) counts.push({ column: column.name, keyId: row.key_id, values: Number(row.n) });
  }
  return counts;
}

/** A sealed field's key in a document's text: group 1 is the format ('1' or '2'), group 2 the key id of a v2 value. */
const sealedFieldKeyPattern = '"\\$sealed:v(1|2)\\.([0-9a-f]{16})?';

/** Rewrites one sealed field's value (prefix and all) under the current key; names the row when no key opens it. */
function resealField(keyring: SecretsKeyring, column: SealedFieldColumn, rowId: string, field: string): string {
  let plaintext: string;
  try {
    plaintext = openSealedField(keyring, field);
  } catch (error) {
    const sealed = field.slice(sealedFieldPrefix.length);
    throw new UnreadableStoredSecretError(
      column.name,
      rowId,
      sealedKeyId(sealed),
      error instanceof Error ? error.message : String(error),
    );
  }
  return sealedFieldPrefix + seal(keyring, plaintext);
}

/**
 * The sealed fields of one JSON column: every document with a field under another key, or (jsonb) a sensitive field
 * still in the clear, is written again with each sealed field under the current key and each clear one sealed; as
 * for whole values, a row is written only if it still holds what was read, and paged by its key so a run ends.
 */
async function resealFieldColumn(
  db: Queryable,
  keyring: SecretsKeyring,
  column: SealedFieldColumn,
  options: ReencryptOptions,
): Promise<ColumnReport> {
  const report: ColumnReport = { column: column.name, rewritten: 0, changedMeanwhile: 0 };
  const underOtherKey = `"\\$sealed:v(1\\.|2\\.(?!${keyring.current.id}\\.))`;
  const inText = /"\$sealed:(v[12]\.[A-Za-z0-9_.-]+)"/g;
  let after: string | undefined;
  for (;;) {
    const rows = await db.query<{ id: string; doc: string }>(
      `select ${column.id} as id, ${column.column}::text as doc from ${column.table}
       where ${column.column} is not null
         and (${column.column}::text ~ $1 or ${column.type === 'jsonb' ? `${column.column}::text ~ $2` : '$2::text is null'})
         and ($3::text is null or ${column.id} > $3::text)
       order by ${column.id} limit $4`,
      [underOtherKey, maybePlaintextPattern, after ?? null, options.batchSize],
    );
    for (const row of rows) {
      const rekeyed = row.doc.replace(inText, (whole, sealed: string) =>
        sealedKeyId(sealed) === keyring.current.id
          ? whole
          : JSON.stringify(resealField(keyring, column, row.id, sealedFieldPrefix + sealed)),
      );
      let next = rekeyed;
      if (column.type === 'jsonb') {
        const parsed: unknown = JSON.parse(rekeyed);
        if (holdsPlaintextSensitive(parsed)) next = JSON.stringify(sealSensitive(keyring, parsed));
      }
      // The pattern is a pre-filter: a document it matched that needs nothing is left alone.
      if (next === row.doc) continue;
      const updated = await db.query(
        `update ${column.table} set ${column.column} = $1::text${column.type === 'jsonb' ? '::jsonb' : ''}
         where ${column.id} = $2::text and ${column.column}::text = $3 returning 1 as updated`,
        [next, row.id, row.doc],
      );
      if (updated.length === 1) report.rewritten += 1;
      else report.changedMeanwhile += 1;
    }
    options.onBatch?.(report);
    if (rows.length < options.batchSize) return report;
    after = rows[rows.length - 1]?.id;
    if (options.pauseMs > 0) await sleep(options.pauseMs);
  }
}
