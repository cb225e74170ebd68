// The camt.053 and camt.054 corruptions of the catalogue (corruptions.ts applies each to files of its formats only):
// amounts, sums, counts, accounts, currencies and directions changed against the controls the file carries, entry
// status and sequence numbers, and amounts no conforming file may hold.
import { bumpDecimal, changeGroup, hits, otherIdentifier, otherValidIban, pick, splice } from './corruption-helpers.js';
import type { BankFileFormat, Corruption } from './corruptions.js';

function otherCurrency(currency: string): string {
  return currency === 'EUR' ? 'USD' : 'EUR';
}

const CAMT: BankFileFormat[] = ['camt.053', 'camt.054'];

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

export const camtCorruptions: Corruption[] = [
  {
    name: 'camt: an entry amount changed',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, NTRY_AMT, 2, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'camt: a transaction detail amount changed (entry no longer the sum of its details)',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, TXDTLS_AMT, 4, rng, (v) => bumpDecimal(v)),
  },
  {
    name: "camt: a transaction detail's currency changed",
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, TXDTLS_AMT, 2, rng, otherCurrency),
  },
  {
    name: 'camt: a TxsSummry sum changed',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(
        text,
        /(<Ttl(?:Cdt|Dbt)?Ntries>\s*(?:<NbOfNtries>\d+<\/NbOfNtries>\s*)?<Sum>)([^<]+)(<\/Sum>)/,
        2,
        rng,
        (v) => bumpDecimal(v),
      ),
  },
  {
    name: 'camt: a TxsSummry entry count changed',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<Ttl(?:Cdt|Dbt)?Ntries>\s*<NbOfNtries>)(\d+)(<\/NbOfNtries>)/, 2, rng, (v) =>
        String(Number(v) + 1),
      ),
  },
  {
    name: 'camt: the TxsSummry net amount changed',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<TtlNetNtryAmt>|<TtlNetNtry>\s*<Amt>)([^<]+)(<\/)/, 2, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'camt: a GrpHdr NbOfTxs inserted that disagrees with the entries',
    formats: CAMT,
    expect: 'refuse',
    apply: (text) => {
      if (/<GrpHdr>[\s\S]*?<NbOfTxs>[\s\S]*?<\/GrpHdr>/.test(text)) return null;
      const count = hits(text, /<Ntry>/).length + hits(text, /<TxDtls>/).length + 1;
      const out = text.replace(
        /(<GrpHdr>\s*<MsgId>[^<]*<\/MsgId>\s*<CreDtTm>[^<]*<\/CreDtTm>)/,
        `$1<NbOfTxs>${count}</NbOfTxs>`,
      );
      return out === text ? null : out;
    },
  },
  {
    name: 'camt: a GrpHdr CtrlSum inserted that disagrees with the entries',
    formats: CAMT,
    expect: 'refuse',
    apply: (text) => {
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
    },
  },
  {
    name: 'camt: the account IBAN replaced by another valid IBAN',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(<Acct>\s*<Id>\s*<IBAN>)([^<]+)(<\/IBAN>)/, 2, rng, (v) => otherValidIban(v)),
  },
  {
    name: 'camt: the account number (Othr/Id) replaced',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, /(<Acct>\s*<Id>\s*<Othr>\s*<Id>)([^<]+)(<\/Id>)/, 2, rng, otherIdentifier),
  },
  {
    name: 'camt: the account currency changed',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(
        text,
        /(<Acct>\s*<Id>[\s\S]*?<\/Id>\s*(?:<Tp>[\s\S]*?<\/Tp>\s*)?<Ccy>)([A-Z]{3})(<\/Ccy>)/,
        2,
        rng,
        otherCurrency,
      ),
  },
  {
    name: 'camt: CdtDbtInd flipped on an entry',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) => {
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
    },
  },
  {
    name: 'camt: an entry status BOOK changed to PDNG',
    formats: CAMT,
    expect: 'at-most',
    apply: (text, rng) => changeGroup(text, /(<Sts>\s*(?:<Cd>)?)(BOOK)(<)/, 2, rng, () => 'PDNG'),
  },
  {
    name: 'camt: the opening booked balance changed',
    formats: ['camt.053'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, balancePattern('OPBD'), 2, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'camt: the closing booked balance changed',
    formats: ['camt.053'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, balancePattern('CLBD'), 2, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'camt: a statement sequence number repeated (ElctrncSeqNb)',
    formats: CAMT,
    expect: 'refuse',
    apply: camtSequence('repeat'),
  },
  {
    name: 'camt: a statement sequence number skipped (ElctrncSeqNb)',
    formats: CAMT,
    expect: 'refuse',
    apply: camtSequence('skip'),
  },
  {
    name: 'camt: an entry amount with 3 decimals in a 2-decimal currency',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(
        text,
        /(<Ntry>\s*(?:<NtryRef>[^<]*<\/NtryRef>\s*)?<Amt Ccy="(?:EUR|USD|GBP|CHF)">)(\d+\.\d{2})(<\/Amt>)/,
        2,
        rng,
        (v) => `${v}5`,
      ),
  },
  {
    name: 'camt: an entry and its details with a zero amount',
    formats: CAMT,
    expect: 'refuse',
    apply: (text, rng) =>
      changeEntry(text, rng, (ntry) =>
        ntry.replace(
          /(<(?:Amt|TtlAmt) Ccy="[A-Z]{3}">)[^<]+(<\/(?:Amt|TtlAmt)>)/g,
          (_m, open: string, close: string) => `${open}0.00${close}`,
        ),
      ),
  },
];
