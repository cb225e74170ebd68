// The corruption catalogue: text-level changes to a bank file that a conforming reader must detect ('refuse': the
// file is invalid as a whole), or after which a conforming reading credits no more than before ('at-most').
// Each works on the files the writers here produce and, where the structure allows, on real files too.
import { abaCheckDigit, isValidIban, makeIban } from './iban.js';

export type BankFileFormat = 'camt.053' | 'camt.054' | 'mt940' | 'pain.002' | 'nacha';

export interface Corruption {
  name: string;
  formats: BankFileFormat[];
  expect: 'refuse' | 'at-most';
  /** The changed text, or null when the corruption does not apply to this file. */
  apply(text: string, rng: () => number): string | null;
}

export function detectFormat(text: string): BankFileFormat | null {
  if (/<BkToCstmrStmt[\s>]/.test(text)) return 'camt.053';
  if (/<BkToCstmrDbtCdtNtfctn[\s>]/.test(text)) return 'camt.054';
  if (/<CstmrPmtStsRpt[\s>]/.test(text)) return 'pain.002';
  if (/^101[ \d]/.test(text)) return 'nacha';
  if (/(^|\n):20:/.test(text) && /(^|\n):6[02][FM]:/.test(text)) return 'mt940';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// helpers

function pick(rng: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

interface Hit {
  index: number;
  match: RegExpExecArray;
}

function hits(text: string, pattern: RegExp): Hit[] {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const re = new RegExp(pattern.source, flags);
  const out: Hit[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push({ index: m.index, match: m });
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

function splice(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

/** Replaces capture group `group` of one randomly chosen match of `pattern` by `change(value)`. */
function changeGroup(
  text: string,
  pattern: RegExp,
  group: number,
  rng: () => number,
  change: (value: string, match: RegExpExecArray) => string | null,
): string | null {
  const found = hits(text, pattern);
  if (found.length === 0) return null;
  const hit = found[pick(rng, found.length)];
  if (hit === undefined) return null;
  const value = hit.match[group];
  if (value === undefined) return null;
  const before = hit.match.slice(1, group).reduce((n, g) => n + (g ?? '').length, 0);
  const start = hit.index + before;
  const replacement = change(value, hit.match);
  if (replacement === null || replacement === value) return null;
  return splice(text, start, start + value.length, replacement);
}

/** Adds `units` to the last written digit of a decimal amount ("12.34" -> "12.35", "12," -> "13,"). */
export function bumpDecimal(value: string, units = 1n): string {
  const m = /^(\d+)([.,]?)(\d*)$/.exec(value);
  if (!m) return value;
  const [, whole = '0', sep = '', frac = ''] = m;
  const scaled = BigInt(whole + frac) + units;
  const digits = (scaled < 0n ? 0n : scaled).toString().padStart(frac.length + 1, '0');
  return frac.length === 0 ? `${digits}${sep}` : `${digits.slice(0, -frac.length)}${sep}${digits.slice(-frac.length)}`;
}

/** Another IBAN of the same country and length with valid check digits (or null when `iban` is not one). */
export function otherValidIban(iban: string): string | null {
  if (!isValidIban(iban)) return null;
  const country = iban.slice(0, 2);
  const bban = iban.slice(4);
  const last = bban.slice(-1);
  const next = /\d/.test(last)
    ? String((Number(last) + 1) % 10)
    : last === 'Z'
      ? 'A'
      : String.fromCharCode(last.charCodeAt(0) + 1);
  return makeIban(country, bban.slice(0, -1) + next);
}

function otherIdentifier(value: string): string {
  const iban = otherValidIban(value);
  if (iban !== null) return iban;
  const m = /^(.*?)(\d)(\D*)$/.exec(value);
  if (m) return `${m[1]}${(Number(m[2]) + 1) % 10}${m[3]}`;
  return `${value.slice(0, -1)}${value.endsWith('X') ? 'Y' : 'X'}`;
}

function otherCurrency(currency: string): string {
  return currency === 'EUR' ? 'USD' : 'EUR';
}

function otherAba(routing: string): string {
  const head = routing.slice(0, 8);
  const changed = `${head.slice(0, 7)}${(Number(head[7]) + 1) % 10}`;
  return `${changed}${abaCheckDigit(changed)}`;
}

const CAMT: BankFileFormat[] = ['camt.053', 'camt.054'];

function isFormat(text: string, formats: BankFileFormat[]): boolean {
  const format = detectFormat(text);
  return format !== null && formats.includes(format);
}

function guard(formats: BankFileFormat[], fn: (text: string, rng: () => number) => string | null) {
  return (text: string, rng: () => number): string | null => (isFormat(text, formats) ? fn(text, rng) : null);
}

// camt patterns: the amount of an entry is the first Amt of the Ntry, before its CdtDbtInd.
const NTRY_AMT = /(<Ntry>\s*(?:<NtryRef>[^<]*<\/NtryRef>\s*)?<Amt Ccy="[A-Z]{3}">)([^<]+)(<\/Amt>)/;
const NTRY_CDTDBT =
  /(<Ntry>\s*(?:<NtryRef>[^<]*<\/NtryRef>\s*)?<Amt Ccy="[A-Z]{3}">[^<]+<\/Amt>\s*<CdtDbtInd>)(CRDT|DBIT)(<\/CdtDbtInd>)/;
// A transaction detail's amount: TxDtls/Amt (v04+) or TxDtls/AmtDtls/TxAmt/Amt (v02).
const TXDTLS_AMT = /(<TxDtls>(?:(?!<\/TxDtls>)[\s\S])*?<(?:Amt|TxAmt>\s*<Amt) Ccy=")([A-Z]{3})(">)([^<]+)(<\/Amt>)/;

function balancePattern(code: 'OPBD' | 'CLBD'): RegExp {
  return new RegExp(`(<Bal>\\s*<Tp>\\s*<CdOrPrtry>\\s*<Cd>${code}</Cd>[\\s\\S]*?<Amt Ccy="[A-Z]{3}">)([^<]+)(</Amt>)`);
}

function statementBlocks(text: string): { start: number; end: number; body: string }[] {
  return hits(text, /<(Stmt|Ntfctn)>[\s\S]*?<\/\1>/).map((h) => ({
    start: h.index,
    end: h.index + h.match[0].length,
    body: h.match[0],
  }));
}

function accountKey(block: string): string {
  const m = /<Acct>\s*<Id>\s*(?:<IBAN>([^<]+)<\/IBAN>|<Othr>\s*<Id>([^<]+)<\/Id>)/.exec(block);
  return m ? (m[1] ?? m[2] ?? '') : '';
}

/** Sequence corruption over several statements of one account in one file: 'repeat' or 'skip' one number. */
function camtSequence(mode: 'repeat' | 'skip') {
  return (text: string, rng: () => number): string | null => {
    const blocks = statementBlocks(text);
    const candidates: { block: (typeof blocks)[number]; previous: number }[] = [];
    const lastByAccount = new Map<string, number>();
    for (const block of blocks) {
      const seq = /<ElctrncSeqNb>(\d+)<\/ElctrncSeqNb>/.exec(block.body);
      if (!seq?.[1]) continue;
      const key = accountKey(block.body);
      const previous = lastByAccount.get(key);
      if (previous !== undefined) candidates.push({ block, previous });
      lastByAccount.set(key, Number(seq[1]));
    }
    if (candidates.length === 0) return null;
    const chosen = candidates[pick(rng, candidates.length)];
    if (chosen === undefined) return null;
    const replacement = String(mode === 'repeat' ? chosen.previous : chosen.previous + 2);
    const body = chosen.block.body.replace(
      /<ElctrncSeqNb>\d+<\/ElctrncSeqNb>/,
      `<ElctrncSeqNb>${replacement}</ElctrncSeqNb>`,
    );
    return body === chosen.block.body ? null : splice(text, chosen.block.start, chosen.block.end, body);
  };
}

/** Rewrites one Ntry block chosen at random with `change`. */
function changeEntry(text: string, rng: () => number, change: (ntry: string) => string | null): string | null {
  const found = hits(text, /<Ntry>[\s\S]*?<\/Ntry>/);
  if (found.length === 0) return null;
  const hit = found[pick(rng, found.length)];
  if (hit === undefined) return null;
  const replaced = change(hit.match[0]);
  return replaced === null || replaced === hit.match[0]
    ? null
    : splice(text, hit.index, hit.index + hit.match[0].length, replaced);
}

// MT940 patterns (lines may end in CRLF or LF).
const MT61 = /(^|\n)(:61:\d{6}(?:\d{4})?)(RC|RD|C|D)([A-Z]?)(\d+,\d*)/;

function mtBalance(tag: '60F' | '62F'): RegExp {
  return new RegExp(`(^|\\n)(:${tag}:[CD]\\d{6}[A-Z]{3})(\\d+,\\d*)`);
}

/** MT940 statement blocks with their :25: account and :28C: number. */
function mtStatements(text: string): { account: string; numberStart: number; number: string }[] {
  const out: { account: string; numberStart: number; number: string }[] = [];
  let account = '';
  for (const h of hits(text, /(^|\n)(:25:|:28C:)([^\r\n]*)/)) {
    const tag = h.match[2];
    const value = h.match[3] ?? '';
    if (tag === ':25:') account = value;
    else out.push({ account, numberStart: h.index + (h.match[1] ?? '').length + 5, number: value });
  }
  return out;
}

function mtSequence(mode: 'repeat' | 'skip') {
  return (text: string, rng: () => number): string | null => {
    const statements = mtStatements(text);
    const candidates: { numberStart: number; number: string; previous: string }[] = [];
    const last = new Map<string, string>();
    for (const s of statements) {
      const previous = last.get(s.account);
      if (previous !== undefined) candidates.push({ ...s, previous });
      last.set(s.account, s.number);
    }
    if (candidates.length === 0) return null;
    const c = candidates[pick(rng, candidates.length)];
    if (c === undefined) return null;
    const m = /^(\d+)(.*)$/.exec(c.previous);
    if (!m?.[1]) return null;
    const width = m[1].length;
    const n = Number(m[1]) + (mode === 'repeat' ? 0 : 2);
    const replacement = `${String(n).padStart(width, '0')}${m[2] ?? ''}`;
    return replacement === c.number ? null : splice(text, c.numberStart, c.numberStart + c.number.length, replacement);
  };
}

// NACHA helpers: records are 94 characters; fields are 1-based positions as the Nacha rules number them.
function nachaRecords(text: string): { start: number; line: string }[] {
  const out: { start: number; line: string }[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    out.push({ start, line: line.replace(/\r$/, '') });
    start += line.length + 1;
  }
  return out;
}

function changeField(
  text: string,
  rng: () => number,
  select: (line: string) => boolean,
  from: number,
  to: number,
  change: (value: string) => string,
  all = false,
): string | null {
  const records = nachaRecords(text).filter((r) => r.line.length >= to && select(r.line));
  if (records.length === 0) return null;
  const chosen = all ? records : [records[pick(rng, records.length)]];
  let out = text;
  for (const r of chosen) {
    if (r === undefined) continue;
    const value = r.line.slice(from - 1, to);
    const replacement = change(value);
    if (replacement.length !== value.length) throw new Error('NACHA field width changed');
    out = splice(out, r.start + from - 1, r.start + to, replacement);
  }
  return out === text ? null : out;
}

function bumpNumeric(value: string): string {
  const width = value.length;
  const n = (BigInt(value.trim() === '' ? '0' : value.trim()) + 1n) % 10n ** BigInt(width);
  return n.toString().padStart(width, '0');
}

const isFileControl = (line: string): boolean => line.startsWith('9') && !/^9+$/.test(line);

// ---------------------------------------------------------------------------------------------------------------------

export const corruptions: Corruption[] = [
  // camt.053 / camt.054
  {
    name: 'camt: an entry amount changed',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) => changeGroup(text, NTRY_AMT, 2, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'camt: a transaction detail amount changed (entry no longer the sum of its details)',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) => changeGroup(text, TXDTLS_AMT, 4, rng, (v) => bumpDecimal(v))),
  },
  {
    name: "camt: a transaction detail's currency changed",
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) => changeGroup(text, TXDTLS_AMT, 2, rng, otherCurrency)),
  },
  {
    name: 'camt: a TxsSummry sum changed',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(
        text,
        /(<Ttl(?:Cdt|Dbt)?Ntries>\s*(?:<NbOfNtries>\d+<\/NbOfNtries>\s*)?<Sum>)([^<]+)(<\/Sum>)/,
        2,
        rng,
        (v) => bumpDecimal(v),
      ),
    ),
  },
  {
    name: 'camt: a TxsSummry entry count changed',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(text, /(<Ttl(?:Cdt|Dbt)?Ntries>\s*<NbOfNtries>)(\d+)(<\/NbOfNtries>)/, 2, rng, (v) =>
        String(Number(v) + 1),
      ),
    ),
  },
  {
    name: 'camt: the TxsSummry net amount changed',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(text, /(<TtlNetNtryAmt>|<TtlNetNtry>\s*<Amt>)([^<]+)(<\/)/, 2, rng, (v) => bumpDecimal(v)),
    ),
  },
  {
    name: 'camt: a GrpHdr NbOfTxs inserted that disagrees with the entries',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text) => {
      if (/<GrpHdr>[\s\S]*?<NbOfTxs>[\s\S]*?<\/GrpHdr>/.test(text)) return null;
      const count = hits(text, /<Ntry>/).length + hits(text, /<TxDtls>/).length + 1;
      const out = text.replace(
        /(<GrpHdr>\s*<MsgId>[^<]*<\/MsgId>\s*<CreDtTm>[^<]*<\/CreDtTm>)/,
        `$1<NbOfTxs>${count}</NbOfTxs>`,
      );
      return out === text ? null : out;
    }),
  },
  {
    name: 'camt: a GrpHdr CtrlSum inserted that disagrees with the entries',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text) => {
      if (/<GrpHdr>[\s\S]*?<CtrlSum>[\s\S]*?<\/GrpHdr>/.test(text)) return null;
      let total = 0n;
      for (const h of hits(text, NTRY_AMT)) {
        const v = (h.match[2] ?? '0').split('.');
        total += BigInt(`${v[0]}${(v[1] ?? '').padEnd(2, '0').slice(0, 2)}`);
      }
      total += 100n;
      const sum = `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
      const out = text.replace(
        /(<GrpHdr>\s*<MsgId>[^<]*<\/MsgId>\s*<CreDtTm>[^<]*<\/CreDtTm>)/,
        `$1<CtrlSum>${sum}</CtrlSum>`,
      );
      return out === text ? null : out;
    }),
  },
  {
    name: 'camt: the account IBAN replaced by another valid IBAN',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(text, /(<Acct>\s*<Id>\s*<IBAN>)([^<]+)(<\/IBAN>)/, 2, rng, (v) => otherValidIban(v)),
    ),
  },
  {
    name: 'camt: the account number (Othr/Id) replaced',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(text, /(<Acct>\s*<Id>\s*<Othr>\s*<Id>)([^<]+)(<\/Id>)/, 2, rng, otherIdentifier),
    ),
  },
  {
    name: 'camt: the account currency changed',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(
        text,
        /(<Acct>\s*<Id>[\s\S]*?<\/Id>\s*(?:<Tp>[\s\S]*?<\/Tp>\s*)?<Ccy>)([A-Z]{3})(<\/Ccy>)/,
        2,
        rng,
        otherCurrency,
      ),
    ),
  },
  {
    name: 'camt: CdtDbtInd flipped on an entry',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) => {
      // Detectable only against a control: balances, a summary, or direction-bearing details.
      if (!/<Bal>|<TxsSummry>/.test(text) && !/<NtryDtls>[\s\S]*?<CdtDbtInd>/.test(text)) return null;
      // Only a booked entry moves a balance or a summary: an information-only one (INFO, PDNG) flipped changes no
      // control the file carries, so the file stays true to itself and nothing could refuse it.
      const booked = hits(text, NTRY_CDTDBT).filter((hit) =>
        /<Sts>\s*(?:<Cd>)?BOOK</.test(text.slice(hit.index, text.indexOf('</Ntry>', hit.index))),
      );
      const hit = booked[pick(rng, booked.length)];
      if (hit === undefined) return null;
      const start = hit.index + (hit.match[1] ?? '').length;
      const value = hit.match[2] ?? '';
      return splice(text, start, start + value.length, value === 'CRDT' ? 'DBIT' : 'CRDT');
    }),
  },
  {
    name: 'camt: an entry status BOOK changed to PDNG',
    formats: CAMT,
    expect: 'at-most',
    apply: guard(CAMT, (text, rng) => changeGroup(text, /(<Sts>\s*(?:<Cd>)?)(BOOK)(<)/, 2, rng, () => 'PDNG')),
  },
  {
    name: 'camt: the opening booked balance changed',
    formats: ['camt.053'],
    expect: 'refuse',
    apply: guard(['camt.053'], (text, rng) => changeGroup(text, balancePattern('OPBD'), 2, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'camt: the closing booked balance changed',
    formats: ['camt.053'],
    expect: 'refuse',
    apply: guard(['camt.053'], (text, rng) => changeGroup(text, balancePattern('CLBD'), 2, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'camt: a statement sequence number repeated (ElctrncSeqNb)',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, camtSequence('repeat')),
  },
  {
    name: 'camt: a statement sequence number skipped (ElctrncSeqNb)',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, camtSequence('skip')),
  },
  {
    name: 'camt: an entry amount with 3 decimals in a 2-decimal currency',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeGroup(
        text,
        /(<Ntry>\s*(?:<NtryRef>[^<]*<\/NtryRef>\s*)?<Amt Ccy="(?:EUR|USD|GBP|CHF)">)(\d+\.\d{2})(<\/Amt>)/,
        2,
        rng,
        (v) => `${v}5`,
      ),
    ),
  },
  {
    name: 'camt: an entry and its details with a zero amount',
    formats: CAMT,
    expect: 'refuse',
    apply: guard(CAMT, (text, rng) =>
      changeEntry(text, rng, (ntry) =>
        ntry.replace(
          /(<(?:Amt|TtlAmt) Ccy="[A-Z]{3}">)[^<]+(<\/(?:Amt|TtlAmt)>)/g,
          (_m, open: string, close: string) => `${open}0.00${close}`,
        ),
      ),
    ),
  },
  // MT940
  {
    name: 'mt940: a :61: amount changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) => changeGroup(text, MT61, 5, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'mt940: the :60F: opening balance changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) => changeGroup(text, mtBalance('60F'), 3, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'mt940: the :62F: closing balance changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) => changeGroup(text, mtBalance('62F'), 3, rng, (v) => bumpDecimal(v))),
  },
  {
    name: 'mt940: the :25: account changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) =>
      changeGroup(text, /(^|\n)(:25:)([^\r\n]+)/, 3, rng, (v) => {
        const withCurrency = /^([A-Z]{2}\d{2}[A-Z0-9]+?)([A-Z]{3})$/.exec(v);
        if (withCurrency?.[1] && !isValidIban(v) && isValidIban(withCurrency[1])) {
          return `${otherIdentifier(withCurrency[1])}${withCurrency[2]}`;
        }
        return otherIdentifier(v);
      }),
    ),
  },
  {
    name: 'mt940: a :28C: statement number repeated',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], mtSequence('repeat')),
  },
  {
    name: 'mt940: a :28C: statement number skipped',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], mtSequence('skip')),
  },
  {
    name: 'mt940: C and D flipped on a :61: line',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) =>
      changeGroup(
        text,
        MT61,
        3,
        rng,
        (v) => ({ C: 'D', D: 'C', RC: 'RD', RD: 'RC' })[v as 'C' | 'D' | 'RC' | 'RD'] ?? null,
      ),
    ),
  },
  {
    name: 'mt940: a :61: amount with 3 decimals',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) =>
      changeGroup(text, MT61, 5, rng, (v) => (/,\d{2}$/.test(v) ? `${v}5` : null)),
    ),
  },
  {
    name: 'mt940: a :61: amount of zero',
    formats: ['mt940'],
    expect: 'refuse',
    apply: guard(['mt940'], (text, rng) => changeGroup(text, MT61, 5, rng, () => '0,00')),
  },
  // pain.002
  {
    name: 'pain002: OrgnlNbOfTxs changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: guard(['pain.002'], (text, rng) =>
      changeGroup(text, /(<OrgnlNbOfTxs>)(\d+)(<\/OrgnlNbOfTxs>)/, 2, rng, (v) => String(Number(v) + 1)),
    ),
  },
  {
    name: 'pain002: OrgnlCtrlSum changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: guard(['pain.002'], (text, rng) =>
      changeGroup(text, /(<OrgnlCtrlSum>)([^<]+)(<\/OrgnlCtrlSum>)/, 2, rng, (v) => bumpDecimal(v)),
    ),
  },
  {
    name: 'pain002: an OrgnlTxRef instructed amount changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: guard(['pain.002'], (text, rng) =>
      changeGroup(text, /(<OrgnlTxRef>\s*<Amt>\s*<InstdAmt Ccy="[A-Z]{3}">)([^<]+)(<\/InstdAmt>)/, 2, rng, (v) =>
        bumpDecimal(v),
      ),
    ),
  },
  {
    name: 'pain002: a debtor IBAN changed',
    formats: ['pain.002'],
    expect: 'refuse',
    apply: guard(['pain.002'], (text, rng) =>
      changeGroup(text, /(<DbtrAcct>\s*<Id>\s*<IBAN>)([^<]+)(<\/IBAN>)/, 2, rng, (v) => otherValidIban(v)),
    ),
  },
  // NACHA returns
  {
    name: 'nacha: an entry amount changed (controls left)',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, (l) => l.startsWith('6'), 30, 39, bumpNumeric)),
  },
  {
    name: 'nacha: a batch control credit total changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, (l) => l.startsWith('8'), 33, 44, bumpNumeric)),
  },
  {
    name: 'nacha: a batch control entry hash changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, (l) => l.startsWith('8'), 11, 20, bumpNumeric)),
  },
  {
    name: 'nacha: the file control entry hash changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, isFileControl, 22, 31, bumpNumeric)),
  },
  {
    name: 'nacha: the file control entry/addenda count changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, isFileControl, 14, 21, bumpNumeric)),
  },
  {
    name: 'nacha: the file control credit total changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => changeField(text, rng, isFileControl, 44, 55, bumpNumeric)),
  },
  {
    name: 'nacha: the company identification changed (batch header and control alike)',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) => {
      const header = nachaRecords(text).find((r) => r.line.startsWith('5'));
      if (header === undefined) return null;
      const id = header.line.slice(40, 50);
      const other = otherIdentifier(id.trim()).padEnd(10, ' ').slice(0, 10);
      const headers = changeField(
        text,
        rng,
        (l) => l.startsWith('5') && l.slice(40, 50) === id,
        41,
        50,
        () => other,
        true,
      );
      if (headers === null) return null;
      return (
        changeField(
          headers,
          rng,
          (l) => l.startsWith('8') && l.slice(44, 54) === id,
          45,
          54,
          () => other,
          true,
        ) ?? headers
      );
    }),
  },
  {
    name: 'nacha: the immediate destination changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) =>
      changeField(
        text,
        rng,
        (l) => l.startsWith('1'),
        5,
        13,
        (v) => (/^\d{9}$/.test(v) ? otherAba(v) : bumpNumeric(v)),
      ),
    ),
  },
  {
    name: 'nacha: the immediate origin changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: guard(['nacha'], (text, rng) =>
      changeField(
        text,
        rng,
        (l) => l.startsWith('1'),
        15,
        23,
        (v) => (/^\d{9}$/.test(v) ? otherAba(v) : bumpNumeric(v)),
      ),
    ),
  },
];
