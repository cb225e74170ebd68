import { mod97, mod97CheckDigits } from './mod97.js';

// ISO 11649 structured creditor reference: "RF", two check digits, and a reference of 1 to 21 letters or digits.
// The check is ISO 7064 MOD 97-10 over the reference followed by "RF" and the check digits; the computed check digits
// are always 02 to 98, so "RF00" and "RF01" (which can satisfy the arithmetic) are refused as the standard never
// issues them. The electronic form is uppercase without spaces; the printed form groups it by four.

const SEED = /^[0-9A-Za-z]{1,21}$/;
const ELECTRONIC = /^RF(\d{2})([0-9A-Z]{1,21})$/;

/** The RF reference of a seed (1 to 21 letters or digits, case-insensitive), in its electronic form. */
export function rfReferenceOf(seed: string): string {
  if (!SEED.test(seed)) throw new RangeError('an RF reference seed is 1 to 21 letters or digits');
  const reference = seed.toUpperCase();
  return `RF${mod97CheckDigits(reference, 'RF')}${reference}`;
}

/** Whether a text is a valid RF reference; spaces and lowercase letters are tolerated, as people type them. */
export function isValidRfReference(text: string): boolean {
  return normalizeRfReference(text) !== undefined;
}

/** The electronic form ("RF18539007547034") of a valid RF reference written in any case and spacing; else undefined. */
export function normalizeRfReference(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = ELECTRONIC.exec(compact);
  if (!match) return undefined;
  const [, check = '', reference = ''] = match;
  if (check === '00' || check === '01') return undefined;
  return mod97(`${reference}RF${check}`) === 1 ? compact : undefined;
}

/** The printed form of a valid RF reference, in groups of four ("RF18 5390 0754 7034"); undefined when invalid. */
export function formatRfReference(text: string): string | undefined {
  const electronic = normalizeRfReference(text);
  return electronic?.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The valid RF references written inside a free text (a remittance line, an MT940 field 86), in their electronic
 * form, in order of appearance. A reference is written either electronically, without spaces, or printed in groups
 * of four, whose last group alone may be shorter. Where the text goes on after a reference (letters glued to it, a
 * word after its last full group: "RF18 5390 0754 7034 PAID"), where it ends cannot be told from the text, and a
 * longer reading passes its check digits about once in 97: every valid reading is given, longest first, and the
 * caller looks each one up (a reading that names nothing matches nothing). A candidate that fails its check is
 * skipped.
 */
export function findRfReferences(text: string): string[] {
  const found: string[] = [];
  const candidate = /RF\d{2}(?:[0-9A-Z]{1,21}|(?: [0-9A-Z]{1,4}){1,6})/gi;
  for (let match = candidate.exec(text); match !== null; match = candidate.exec(text)) {
    const written = match[0];
    const readings = readingEnds(written)
      .map((end) => ({ end, reference: normalizeRfReference(written.slice(0, end)) }))
      .filter((reading): reading is { end: number; reference: string } => reading.reference !== undefined);
    // Resume after the longest reading that held, or just after this "RF".
    candidate.lastIndex = match.index + (readings[0]?.end ?? 2);
    for (const { reference } of readings) if (!found.includes(reference)) found.push(reference);
  }
  return found;
}

/**
 * Where a reading of a candidate may end, longest first: after any character of an electronic reference; after a
 * group of a printed one, up to its first group shorter than four, which can only be its last.
 */
function readingEnds(written: string): number[] {
  if (written.charAt(4) !== ' ') return Array.from({ length: written.length - 4 }, (_, i) => written.length - i);
  const ends: number[] = [];
  for (const group of written.matchAll(/ [0-9A-Z]{1,4}/gi)) {
    ends.push((group.index ?? 0) + group[0].length);
    if (group[0].length < 5) break;
  }
  return ends.reverse();
}
