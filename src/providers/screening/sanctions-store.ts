import { createHash } from 'node:crypto';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import type { SdnEntry } from './ofac-csv.js';

// The imported sanctions lists and their entries: the list-based provider's own tables (migration 0021).

export interface StoredList {
  readonly list: string;
  readonly listDate: string | null;
  readonly importedAtMs: number;
  readonly entryCount: number;
  readonly aliasCount: number;
  readonly sha256: string;
  readonly version: number;
}

interface ListRow {
  list: string;
  list_date: string | null;
  imported_at_ms: string | number;
  entry_count: number;
  alias_count: number;
  sha256: string;
  version: number;
  [column: string]: unknown;
}

const storedList = (row: ListRow): StoredList => ({
  list: row.list,
  listDate: row.list_date,
  importedAtMs: Number(row.imported_at_ms),
  entryCount: Number(row.entry_count),
  aliasCount: Number(row.alias_count),
  sha256: row.sha256,
  version: Number(row.version),
});

/**
 * Replaces a list's entries with `entries` inside the caller's transaction, so that a screening sees the old list or
 * the new one, never a mix; the list's version goes up by one. Running it again with the same files gives the same
 * entries.
 */
export async function replaceList(
  tx: Queryable,
  input: { list: string; listDate: string | null; files: readonly string[]; entries: readonly SdnEntry[] },
  nowMs: number,
): Promise<StoredList> {
  const hash = createHash('sha256');
  for (const file of input.files) hash.update(file);
  const aliasCount = input.entries.reduce((n, e) => n + e.aliases.length, 0);
  const [row] = await tx.query<ListRow>(
    `insert into sanctions_lists (list, list_date, imported_at_ms, entry_count, alias_count, sha256, version)
       values ($1, $2, $3, $4, $5, $6, 1)
       on conflict (list) do update set list_date = excluded.list_date, imported_at_ms = excluded.imported_at_ms,
         entry_count = excluded.entry_count, alias_count = excluded.alias_count, sha256 = excluded.sha256,
         version = sanctions_lists.version + 1
       returning *`,
    [input.list, input.listDate, nowMs, input.entries.length, aliasCount, hash.digest('hex')],
  );
  await tx.query('delete from sanctions_entries where list = $1', [input.list]);
  for (let start = 0; start < input.entries.length; start += limits.sanctionsInsertBatchSize) {
    await insertEntries(tx, input.list, input.entries.slice(start, start + limits.sanctionsInsertBatchSize));
  }
  return storedList(row as ListRow);
}

async function insertEntries(tx: Queryable, list: string, entries: readonly SdnEntry[]): Promise<void> {
  const rows = entries.map((e) => ({
    entry_id: e.entryId,
    name: e.name,
    entry_type: e.entryType,
    programs: e.programs,
    aliases: e.aliases,
    dates_of_birth: e.datesOfBirth,
    remarks: e.remarks,
  }));
  const textArray = (column: string) => `array(select jsonb_array_elements_text(x.${column}))`;
  await tx.query(
    `insert into sanctions_entries (list, entry_id, name, entry_type, programs, aliases, dates_of_birth, remarks)
     select $1, x.entry_id, x.name, x.entry_type, ${textArray('programs')}, ${textArray('aliases')},
       ${textArray('dates_of_birth')}, x.remarks
     from jsonb_to_recordset($2::text::jsonb) as x(entry_id text, name text, entry_type text, programs jsonb,
       aliases jsonb, dates_of_birth jsonb, remarks text)`,
    [list, JSON.stringify(rows)],
  );
}

/** Every imported list, by name. */
export async function storedLists(db: Queryable): Promise<StoredList[]> {
  const rows = await db.query<ListRow>('select * from sanctions_lists order by list');
  return rows.map(storedList);
}

/** A list's entries, as the matcher indexes them. */
export async function storedEntries(db: Queryable, list: string): Promise<SdnEntry[]> {
  const rows = await db.query<{
    entry_id: string;
    name: string;
    entry_type: SdnEntry['entryType'];
    programs: string[];
    aliases: string[];
    dates_of_birth: string[];
    remarks: string | null;
  }>(
    `select entry_id, name, entry_type, programs, aliases, dates_of_birth, remarks
     from sanctions_entries where list = $1 order by entry_id`,
    [list],
  );
  return rows.map((r) => ({
    entryId: r.entry_id,
    name: r.name,
    entryType: r.entry_type,
    programs: r.programs,
    aliases: r.aliases,
    datesOfBirth: r.dates_of_birth,
    remarks: r.remarks,
  }));
}
