import { Type } from 'typebox';
import { validation } from '../../domain/errors.js';
import { isoDate } from '../../domain/screening/date-of-birth.js';
import { auditChange } from '../../platform/audit/scope.js';
import { type Clock, secondsOf } from '../../platform/clock.js';
import { Obj, titled } from '../../platform/schema.js';
import { parseSdnFiles } from '../../providers/screening/ofac-csv.js';
import { replaceList, type StoredList, storedLists } from '../../providers/screening/sanctions-store.js';
import type { Db, Queryable } from '../../storage/db.js';

// Operators import the US OFAC SDN list from the CSV files they download from OFAC (sdn.csv and alt.csv), through
// `brokerage sanctions import --dir <folder>`. Importing again replaces the list: the same files give the same
// entries, and a newer download takes over at once in every server process.

export const ofacSdnList = 'OFAC_SDN';

export const ImportOfacSdnRequest = Obj({
  sdnCsv: Type.String({ minLength: 1, description: 'The contents of sdn.csv, as published' }),
  altCsv: Type.Optional(Type.String({ description: 'The contents of alt.csv (aliases), as published' })),
  listDate: Type.Optional(
    Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "The list's publication date (YYYY-MM-DD)" }),
  ),
});

export const SanctionsList = titled(
  'Sanctions list',
  Type.Object({
    list: Type.String(),
    listDate: Type.Optional(Type.String()),
    importedAt: Type.Integer({ description: 'Unix seconds' }),
    entries: Type.Integer(),
    aliases: Type.Integer(),
    sha256: Type.String({ description: 'Of the imported files, sdn.csv then alt.csv' }),
    version: Type.Integer({ description: 'How many times the list was imported' }),
  }),
);

export const sanctionsListView = (l: StoredList) => ({
  list: l.list,
  ...(l.listDate === null ? {} : { listDate: l.listDate }),
  importedAt: secondsOf(l.importedAtMs),
  entries: l.entryCount,
  aliases: l.aliasCount,
  sha256: l.sha256,
  version: l.version,
});

/** Parses both files first: a malformed file is 400 and leaves the list as it was. */
export async function importOfacSdn(
  db: Db,
  clock: Clock,
  body: { sdnCsv: string; altCsv?: string; listDate?: string },
) {
  if (body.listDate !== undefined && isoDate(body.listDate) === undefined) {
    throw validation(`listDate ${body.listDate} is not a calendar date (YYYY-MM-DD)`);
  }
  const parsed = parseSdnFiles(body.sdnCsv, body.altCsv ?? '');
  if (!parsed.ok) throw validation(`The OFAC SDN files do not parse: ${parsed.reason}`);
  if (parsed.value.length === 0) throw validation('sdn.csv holds no entry; an empty list would clear every screening');
  const input = {
    list: ofacSdnList,
    listDate: body.listDate ?? null,
    files: [body.sdnCsv, body.altCsv ?? ''],
    entries: parsed.value,
  };
  const stored = await db.transaction(async (tx) => {
    const previous = (await storedLists(tx)).find((l) => l.list === ofacSdnList);
    const replaced = await replaceList(tx, input, clock.nowMs());
    // The files are known by their digest and counts, never by their text.
    auditChange(tx, {
      target: { type: 'sanctions-list', id: ofacSdnList },
      before: previous === undefined ? null : sanctionsListView(previous),
      after: sanctionsListView(replaced),
    });
    return replaced;
  });
  return sanctionsListView(stored);
}

export async function sanctionsLists(db: Queryable) {
  return (await storedLists(db)).map(sanctionsListView);
}
