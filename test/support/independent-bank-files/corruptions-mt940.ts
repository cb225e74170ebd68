// The MT940 corruptions of the catalogue (corruptions.ts applies each to MT940 files only): :61: amounts and
// directions, the :60F: and :62F: balances, the :25: account and the :28C: statement numbers.
import { bumpDecimal, changeGroup, hits, otherIdentifier, pick, splice } from './corruption-helpers.js';
import type { Corruption } from './corruptions.js';
import { isValidIban } from './iban.js';

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

export const mt940Corruptions: Corruption[] = [
  {
    name: 'mt940: a :61: amount changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, MT61, 5, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'mt940: the :60F: opening balance changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, mtBalance('60F'), 3, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'mt940: the :62F: closing balance changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, mtBalance('62F'), 3, rng, (v) => bumpDecimal(v)),
  },
  {
    name: 'mt940: the :25: account changed',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(text, /(^|\n)(:25:)([^\r\n]+)/, 3, rng, (v) => {
        const withCurrency = /^([A-Z]{2}\d{2}[A-Z0-9]+?)([A-Z]{3})$/.exec(v);
        if (withCurrency?.[1] && !isValidIban(v) && isValidIban(withCurrency[1])) {
          return `${otherIdentifier(withCurrency[1])}${withCurrency[2]}`;
        }
        return otherIdentifier(v);
      }),
  },
  {
    name: 'mt940: a :28C: statement number repeated',
    formats: ['mt940'],
    expect: 'refuse',
    apply: mtSequence('repeat'),
  },
  {
    name: 'mt940: a :28C: statement number skipped',
    formats: ['mt940'],
    expect: 'refuse',
    apply: mtSequence('skip'),
  },
  {
    name: 'mt940: C and D flipped on a :61: line',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeGroup(
        text,
        MT61,
        3,
        rng,
        (v) => ({ C: 'D', D: 'C', RC: 'RD', RD: 'RC' })[v as 'C' | 'D' | 'RC' | 'RD'] ?? null,
      ),
  },
  {
    name: 'mt940: a :61: amount with 3 decimals',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, MT61, 5, rng, (v) => (/,\d{2}$/.test(v) ? `${v}5` : null)),
  },
  {
    name: 'mt940: a :61: amount of zero',
    formats: ['mt940'],
    expect: 'refuse',
    apply: (text, rng) => changeGroup(text, MT61, 5, rng, () => '0,00'),
  },
];
