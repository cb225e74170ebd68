// Markers for test/api/sensitive-at-rest*.test.ts (issue #28): values of one run only (IBANs with random digits and
// right check digits, tax ids, birth dates, document numbers) that no other row can hold, and the searches for them
// at rest: every text, JSON and array column of every table, or the columns a file names in the rows it selects,
// counted by `like`; the log lines, kept by a sink; and what a rail was asked to pay, recorded.

import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { PayoutRequest, RailProvider } from '../../src/providers/rails/rail-provider.js';
import { sandboxRails } from '../../src/providers/rails/sandbox-rails.js';
import type { Db } from '../../src/storage/db.js';
import { makeIban } from './independent-bank-files/index.js';

/** A German IBAN with a random account number and its MOD 97-10 check digits. */
export function randomIban(): string {
  return makeIban('DE', `37040044${String(randomInt(1e9)).padStart(10, '0')}`);
}

/** A tax id: `prefix` and random digits. */
export const randomTaxId = (prefix: string) => `${prefix}${randomInt(1e9)}${randomInt(1e9)}`;

/** A birth date in 1910-1998, on day 10 to 19 of January to September. */
export const randomBirthDate = () => `19${randomInt(10, 99)}-0${randomInt(1, 9)}-1${randomInt(0, 9)}`;

/** An identity document number. */
export const randomDocumentNumber = () => `P${randomInt(1e9)}Q${randomInt(1e6)}`;

/** Whether a text holds a sealed value (platform/secrets/sensitive.ts writes them with this prefix). */
export const sealed = (text: string) => text.includes('$sealed:');

/** A sink for a logger (createLogger('debug', sink)) that keeps every line written to it in `lines`. */
export function lineSink(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

/**
 * The sandbox's rails, but answering a payout as a real rail does (accepted for processing, its outcome reported
 * later, so the payout register keeps it), and recording in `calls` what they were asked to pay: each payout's
 * destination as the rail receives it.
 */
export function recordingRails(): { rails: RailProvider; calls: PayoutRequest[] } {
  const calls: PayoutRequest[] = [];
  const rails: RailProvider = {
    ...sandboxRails,
    async payout(request) {
      calls.push(request);
      return { submittedTo: 'provider-service' };
    },
  };
  return { rails, calls };
}

export interface MarkerHit {
  /** table.column */
  column: string;
  /** The marker's name. */
  marker: string;
}

export interface TextColumn {
  table: string;
  column: string;
  /** Whether its table has a workspace_id. */
  scoped: boolean;
}

/** Every text, JSON and array column of every table of the schema. */
export async function textColumns(db: Db): Promise<TextColumn[]> {
  const rows = await db.query<{ table_name: string; column_name: string; scoped: boolean }>(
    `select c.table_name, c.column_name,
            exists (select 1 from information_schema.columns w where w.table_schema = c.table_schema
                      and w.table_name = c.table_name and w.column_name = 'workspace_id') as scoped
     from information_schema.columns c
     join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'jsonb', 'json', 'ARRAY', 'character varying')`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name, scoped: r.scoped }));
}

/** Rows a search is limited to: `sql` a condition whose parameters are $2 on ($1 is the marker's pattern). */
export interface RowScope {
  sql: string;
  params: unknown[];
}

/** Every (column, marker) of `columns` (table.column) whose text holds a marker, in every row or those of `scope`. */
export async function markerHits(
  db: Db,
  columns: string[],
  markers: Record<string, string>,
  scope?: RowScope,
): Promise<MarkerHit[]> {
  const hits: MarkerHit[] = [];
  for (const [table, column] of columns.map((c) => c.split('.'))) {
    for (const [name, value] of Object.entries(markers)) {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from "${table}" where "${column}"::text like $1${scope ? ` and ${scope.sql}` : ''}`,
        [`%${value}%`, ...(scope?.params ?? [])],
      );
      if (Number(row?.n) > 0) hits.push({ column: `${table}.${column}`, marker: name });
    }
  }
  return hits;
}

/**
 * Every (column, marker) of the whole schema whose text holds a marker: `markers` in any row; `inWorkspace.markers`
 * (values another test may use too) only in the rows of `inWorkspace.workspaceId`, of the tables that have one.
 */
export async function plaintextHits(
  db: Db,
  markers: Record<string, string>,
  inWorkspace?: { workspaceId: string; markers: Record<string, string> },
): Promise<MarkerHit[]> {
  const hits: MarkerHit[] = [];
  for (const column of await textColumns(db)) {
    const name = `${column.table}.${column.column}`;
    hits.push(...(await markerHits(db, [name], markers)));
    if (inWorkspace !== undefined && column.scoped) {
      const scope = { sql: 'workspace_id = $2', params: [inWorkspace.workspaceId] };
      hits.push(...(await markerHits(db, [name], inWorkspace.markers, scope)));
    }
  }
  return hits;
}

/** The lines that hold any of `values`. */
export const linesHolding = (lines: string[], values: string[]) =>
  lines.filter((line) => values.some((value) => line.includes(value)));
