import { datesOfBirthIn } from '../../domain/screening/date-of-birth.js';

// The US OFAC SDN list in its published CSV form (OFAC's "SDN data specification"): files without a header row,
// fields separated by commas, text fields in double quotes with "" for a quote, records ending in CR LF, "-0-" (often
// followed by a space) for an empty field, and a last line holding only the DOS end-of-file mark (0x1A).
//   sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
//            Vess_owner, Remarks
//   alt.csv: ent_num, alt_num, alt_type, alt_name, alt_remarks
// Individuals are listed "LAST, First Middle"; SDN_Type is "individual", "vessel", "aircraft" or empty for an
// entity; Program holds several programs as "SDGT] [IRGC". add.csv (addresses) is not read: its countries are
// English names of where an address is, not a nationality, and matching does not use them.

export interface SdnEntry {
  readonly entryId: string;
  readonly name: string;
  readonly entryType: 'individual' | 'entity' | 'vessel' | 'aircraft';
  readonly programs: string[];
  readonly aliases: string[];
  readonly datesOfBirth: string[];
  readonly remarks: string | null;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** The records of a CSV text, each a list of fields, quotes removed; a blank or end-of-file line is no record. */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || (record[0] ?? '').replaceAll('\u001a', '').trim() !== '') records.push(record);
    record = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else field += c;
    i += 1;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** OFAC's empty field ("-0-", with or without its trailing space) as undefined; other values trimmed. */
export function value(field: string | undefined): string | undefined {
  const trimmed = field?.trim();
  return trimmed === undefined || trimmed === '' || trimmed === '-0-' ? undefined : trimmed;
}

/** "SDGT] [IRGC" (OFAC's join of several programs) as ["SDGT", "IRGC"]. */
export function programsOf(field: string | undefined): string[] {
  const raw = value(field);
  if (raw === undefined) return [];
  return raw
    .split(/\]\s*\[/)
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter((p) => p !== '');
}

const entryTypeOf = (field: string | undefined): SdnEntry['entryType'] | undefined => {
  const raw = value(field)?.toLowerCase();
  if (raw === undefined) return 'entity';
  return raw === 'individual' || raw === 'vessel' || raw === 'aircraft' ? raw : undefined;
};

/** sdn.csv and alt.csv as entries, the aliases folded into their entry; the first malformed line refuses all. */
export function parseSdnFiles(sdnCsv: string, altCsv = ''): Parsed<SdnEntry[]> {
  for (const [name, text] of [
    ['sdn.csv', sdnCsv],
    ['alt.csv', altCsv],
  ] as const) {
    // Neither is text OFAC publishes, and PostgreSQL cannot store either.
    if (text.includes('\u0000') || /\p{Cs}/u.test(text)) {
      return { ok: false, reason: `${name} holds a NUL character or a lone UTF-16 surrogate: it is not a text file` };
    }
  }
  const entries = new Map<string, SdnEntry>();
  for (const [index, fields] of csvRecords(sdnCsv).entries()) {
    const where = `sdn.csv record ${index + 1}`;
    if (fields.length !== 12) return { ok: false, reason: `${where} has ${fields.length} fields; sdn.csv has 12` };
    const entryId = value(fields[0]);
    const name = value(fields[1]);
    const entryType = entryTypeOf(fields[2]);
    if (entryId === undefined || !/^\d+$/.test(entryId))
      return { ok: false, reason: `${where}: ent_num is not a number` };
    if (name === undefined) return { ok: false, reason: `${where}: SDN_Name is empty` };
    if (entryType === undefined) return { ok: false, reason: `${where}: unknown SDN_Type "${fields[2]?.trim()}"` };
    if (entries.has(entryId)) return { ok: false, reason: `${where}: ent_num ${entryId} appears twice` };
    const remarks = value(fields[11]) ?? null;
    entries.set(entryId, {
      entryId,
      name,
      entryType,
      programs: programsOf(fields[3]),
      aliases: [],
      datesOfBirth: remarks === null ? [] : datesOfBirthIn(remarks),
      remarks,
    });
  }
  for (const [index, fields] of csvRecords(altCsv).entries()) {
    const where = `alt.csv record ${index + 1}`;
    if (fields.length !== 5) return { ok: false, reason: `${where} has ${fields.length} fields; alt.csv has 5` };
    const entry = entries.get(value(fields[0]) ?? '');
    const alias = value(fields[3]);
    if (entry === undefined) return { ok: false, reason: `${where}: ent_num ${fields[0]?.trim()} is not in sdn.csv` };
    if (alias !== undefined) entry.aliases.push(alias);
  }
  return { ok: true, value: [...entries.values()] };
}
