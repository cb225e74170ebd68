// The corruption catalogue: text-level changes to a bank file that a conforming reader must detect ('refuse': the
// file is invalid as a whole), or after which a conforming reading credits no more than before ('at-most').
// Each works on the files the writers here produce and, where the structure allows, on real files too.
// The catalogue is assembled here from one file per format (corruptions-camt.ts, -mt940.ts, -pain002.ts, -nacha.ts),
// in this order: the property tests draw from it with seeded randomness, so its order is part of what they run.
import { camtCorruptions } from './corruptions-camt.js';
import { mt940Corruptions } from './corruptions-mt940.js';
import { nachaCorruptions } from './corruptions-nacha.js';
import { pain002Corruptions } from './corruptions-pain002.js';

export { bumpDecimal, otherValidIban } from './corruption-helpers.js';

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

function isFormat(text: string, formats: BankFileFormat[]): boolean {
  const format = detectFormat(text);
  return format !== null && formats.includes(format);
}

/** A corruption that answers null on a file of another format than its own (the per-format files assume theirs). */
function guard(corruption: Corruption): Corruption {
  const { formats, apply } = corruption;
  return {
    ...corruption,
    apply: (text: string, rng: () => number): string | null => (isFormat(text, formats) ? apply(text, rng) : null),
  };
}

export const corruptions: Corruption[] = [
  ...camtCorruptions,
  ...mt940Corruptions,
  ...pain002Corruptions,
  ...nachaCorruptions,
].map(guard);
