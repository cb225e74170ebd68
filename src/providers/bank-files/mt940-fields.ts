import { BankFileError } from './bank-file.js';

// The fields of SWIFT MT940 customer statements (SWIFT Standards MT, Category 9): a field starts a line with its tag
// (":20:", ":61:", …) and runs over the following lines until the next tag. A file may hold several messages, each
// optionally inside the FIN envelope "{1:…}{2:…}{4:" … "-}", and several statements, each starting at :20:.

export interface Mt940Field {
  readonly tag: string;
  /** The field's lines, as written. */
  readonly lines: string[];
}

export interface Mt940Balance {
  readonly credit: boolean;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly currency: string;
  /** Exact decimal: "1234.56". */
  readonly amount: string;
}

export interface Mt940StatementLine {
  readonly valueDate: string;
  readonly entryDate: string | null;
  readonly creditDebit: 'CRDT' | 'DBIT';
  readonly reversal: boolean;
  readonly amount: string;
  /** N/S/F and three characters: NTRF, NMSC, … */
  readonly transactionType: string;
  readonly customerReference: string | null;
  readonly bankReference: string | null;
  readonly supplementaryDetails: string | null;
  /** The statement line as written, for the entry's reference digest. */
  readonly written: string;
}

const TAG_LINE = /^:(\d{2}[A-Z]?):(.*)$/;
const BANK_HEADER_LINE = /^:?[A-Z0-9]{3,12}:?$/;

/** The fields of the file in order; envelope blocks and "-" separators are dropped. */
export function mt940Fields(text: string): Mt940Field[] {
  const fields: { tag: string; lines: string[] }[] = [];
  let current: { tag: string; lines: string[] } | undefined;
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    // The FIN envelope around block 4 ("{1:F01…}{2:O940…}{4:") and its end ("-}", "-}{5:…}") carry no field.
    const line = rawLine.replace(/^(?:\{\d:[^{}]*\})*\{4:/, '');
    const tagged = TAG_LINE.exec(line);
    if (tagged) {
      current = { tag: tagged[1] ?? '', lines: [tagged[2] ?? ''] };
      fields.push(current);
    } else if (/^-\}?/.test(line) && line.replace(/\{5:.*\}$/, '').trim().length <= 2) {
      current = undefined;
    } else if (line.trim() !== '') {
      // Some banks write their own header before each message's :20: (ABN AMRO "ABNANL2A" and "940", Rabobank
      // ":940:"): a line of one word outside any field carries nothing and is passed over. Text anywhere else
      // outside a field is not MT940.
      if (current === undefined && BANK_HEADER_LINE.test(line.trim())) continue;
      if (current === undefined) throw new BankFileError(`the MT940 line ${JSON.stringify(line)} belongs to no field`);
      current.lines.push(line);
    }
  }
  return fields;
}

/** YYYY-MM-DD of YYMMDD; SWIFT dates are read in 1980–2079 (the window banks and mt940 readers use). */
function dateOf(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2));
  return `${year >= 80 ? 19 : 20}${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** SWIFT amounts: digits with a mandatory decimal comma, at most 15 characters ("1500,", "0,10"). */
function decimalOf(amount: string): string {
  const [whole = '', fraction = ''] = amount.split(',');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** :60F:/:60M:/:62F:/:62M:/:64:/:65: "C240515EUR8650,00". */
export function readBalance(field: Mt940Field): Mt940Balance {
  const match = /^([CD])(\d{6})([A-Z]{3})(\d[\d,]{0,14})$/.exec(field.lines[0]?.trim() ?? '');
  if (!match || (match[4] ?? '').split(',').length !== 2) {
    throw new BankFileError(`the MT940 balance :${field.tag}:${field.lines[0]} is malformed`);
  }
  const [, mark = '', date = '', currency = '', amount = ''] = match;
  return { credit: mark === 'C', date: dateOf(date), currency, amount: decimalOf(amount) };
}

// Field 61: value date, entry date (MMDD), mark (C, D, RC, RD), funds code (the third letter of the currency),
// amount, transaction type, customer reference up to 16 characters, "//" and the bank's reference up to 16. Some
// banks write a longer customer reference (ASN Bank puts the counterparty's IBAN there, 18 characters): up to 34
// are read, as the whole line's 34-character subfields allow.
const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]{0,14})([NSF][A-Z0-9]{3})(.{0,34}?)(?:\/\/(.{0,16}))?$/;

export function readStatementLine(field: Mt940Field): Mt940StatementLine {
  const written = field.lines[0] ?? '';
  const match = STATEMENT_LINE.exec(written.trimEnd());
  if (!match || (match[5] ?? '').split(',').length !== 2) {
    throw new BankFileError(`the MT940 statement line :61:${written} is malformed`);
  }
  const [, valueDate = '', entryDate, mark = '', , amount = '', transactionType = '', customer = '', bank = ''] = match;
  const customerReference = customer.trim();
  const valueDay = dateOf(valueDate);
  return {
    valueDate: valueDay,
    // The entry date has no year: the value date's, or the next one's across a turn of year (value 31 Dec, entry 2 Jan).
    entryDate:
      entryDate === undefined
        ? null
        : `${Number(valueDay.slice(0, 4)) + (entryDate < valueDate.slice(2, 6) && valueDate.slice(2, 4) === '12' ? 1 : 0)}-${entryDate.slice(0, 2)}-${entryDate.slice(2, 4)}`,
    // RD reverses a debit, so it credits the account; RC reverses a credit and debits it.
    creditDebit: mark === 'C' || mark === 'RD' ? 'CRDT' : 'DBIT',
    reversal: mark.startsWith('R'),
    amount: decimalOf(amount),
    transactionType,
    customerReference: customerReference === '' || customerReference === 'NONREF' ? null : customerReference,
    bankReference: bank.trim() === '' ? null : bank.trim(),
    supplementaryDetails: field.lines.slice(1).join(' ').trim() || null,
    written,
  };
}

/** Field 86 as one text: its lines are a wrapped text (65 characters each), joined as written. */
export function informationOf(field: Mt940Field): string {
  return field.lines.join('').trim();
}
