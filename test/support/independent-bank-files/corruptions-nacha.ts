// The NACHA return-file corruptions of the catalogue (corruptions.ts applies each to NACHA files only): entry
// amounts, batch and file control totals, counts and hashes, the company identification and the immediate
// destination and origin, each changed in its fixed-width field.
import { otherIdentifier, pick, splice } from './corruption-helpers.js';
import type { Corruption } from './corruptions.js';
import { abaCheckDigit } from './iban.js';

function otherAba(routing: string): string {
  const head = routing.slice(0, 8);
  const changed = `${head.slice(0, 7)}${(Number(head[7]) + 1) % 10}`;
  return `${changed}${abaCheckDigit(changed)}`;
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

export const nachaCorruptions: Corruption[] = [
  {
    name: 'nacha: an entry amount changed (controls left)',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, (l) => l.startsWith('6'), 30, 39, bumpNumeric),
  },
  {
    name: 'nacha: a batch control credit total changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, (l) => l.startsWith('8'), 33, 44, bumpNumeric),
  },
  {
    name: 'nacha: a batch control entry hash changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, (l) => l.startsWith('8'), 11, 20, bumpNumeric),
  },
  {
    name: 'nacha: the file control entry hash changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, isFileControl, 22, 31, bumpNumeric),
  },
  {
    name: 'nacha: the file control entry/addenda count changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, isFileControl, 14, 21, bumpNumeric),
  },
  {
    name: 'nacha: the file control credit total changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => changeField(text, rng, isFileControl, 44, 55, bumpNumeric),
  },
  {
    name: 'nacha: the company identification changed (batch header and control alike)',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) => {
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
    },
  },
  {
    name: 'nacha: the immediate destination changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeField(
        text,
        rng,
        (l) => l.startsWith('1'),
        5,
        13,
        (v) => (/^\d{9}$/.test(v) ? otherAba(v) : bumpNumeric(v)),
      ),
  },
  {
    name: 'nacha: the immediate origin changed',
    formats: ['nacha'],
    expect: 'refuse',
    apply: (text, rng) =>
      changeField(
        text,
        rng,
        (l) => l.startsWith('1'),
        15,
        23,
        (v) => (/^\d{9}$/.test(v) ? otherAba(v) : bumpNumeric(v)),
      ),
  },
];
