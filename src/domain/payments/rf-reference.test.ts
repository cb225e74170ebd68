import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findRfReferences,
  formatRfReference,
  isValidRfReference,
  normalizeRfReference,
  rfReferenceOf,
} from './rf-reference.js';

describe('rfReferenceOf prefixes RF and the ISO 11649 check digits', () => {
  it.each([
    // The example published with ISO 11649 (and in the EPC's guidance on the structured creditor reference).
    ['539007547034', 'RF18539007547034'],
    ['2348231', 'RF712348231'],
    ['G72UUR', 'RF45G72UUR'],
    ['g72uur', 'RF45G72UUR'],
    ['1', 'RF741'],
  ])('%s → %s', (seed, expected) => {
    const reference = rfReferenceOf(seed);
    expect(reference).toBe(expected);
    expect(isValidRfReference(reference)).toBe(true);
  });

  it('gives a valid reference for every seed length and any single changed character breaks it', () => {
    for (let length = 1; length <= 21; length += 1) {
      const seed = 'DEP7K2Q9ZX4M1N8B3C5V6'.slice(0, length);
      const reference = rfReferenceOf(seed);
      expect(isValidRfReference(reference)).toBe(true);
      const last = reference.at(-1) === '0' ? '1' : '0';
      expect(isValidRfReference(`${reference.slice(0, -1)}${last}`)).toBe(false);
    }
  });

  it.each([[''], ['A'.repeat(22)], ['DEP-123'], ['dep 1'], ['ÄB']])('refuses the seed %j', (seed) => {
    expect(() => rfReferenceOf(seed)).toThrow(RangeError);
  });
});

describe('isValidRfReference checks the form and MOD 97-10', () => {
  it.each([
    ['RF18539007547034', true],
    ['RF18 5390 0754 7034', true],
    ['rf18 5390 0754 7034', true],
    [' RF18\t5390 0754 7034 ', true],
    ['RF712348231', true],
    ['RF45G72UUR', true],
    ['RF19539007547034', false], // a wrong check digit
    ['RF18539007547043', false], // two digits swapped
    ['RF18539007547035', false], // one digit changed
    ['RF1', false],
    ['RF18', false], // no reference
    ['RF18ABCDEFGHIJKLMNOPQRSTU', false], // 23 characters of reference
    ['RF18-5390-0754-7034', false],
    ['DE18539007547034', false],
    ['', false],
  ])('%j → %s', (text, valid) => {
    expect(isValidRfReference(text)).toBe(valid);
  });

  it('refuses check digits 00 and 01, which the computation never issues', () => {
    // 97 ≡ 0 (mod 97), so a reference whose computed check is 98 would also "pass" with 01; 97 would also pass with 00.
    const seeds = Array.from({ length: 400 }, (_, i) => String(i + 1));
    const with98 = seeds.find((s) => rfReferenceOf(s).startsWith('RF98'));
    const with97 = seeds.find((s) => rfReferenceOf(s).startsWith('RF97'));
    expect(with98 && isValidRfReference(`RF01${with98}`)).toBe(false);
    expect(with97 && isValidRfReference(`RF00${with97}`)).toBe(false);
  });
});

describe('normalizeRfReference and formatRfReference', () => {
  it('give the electronic and the printed form', () => {
    expect(normalizeRfReference('rf18 5390 0754 7034')).toBe('RF18539007547034');
    expect(formatRfReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatRfReference('RF712348231')).toBe('RF71 2348 231');
    expect(formatRfReference('RF45G72UUR')).toBe('RF45 G72U UR');
  });
  it('answer undefined for an invalid reference', () => {
    expect(normalizeRfReference('RF19539007547034')).toBeUndefined();
    expect(formatRfReference('RF19539007547034')).toBeUndefined();
  });
});

describe('findRfReferences reads references out of free text', () => {
  it.each([
    ['Invoice RF18 5390 0754 7034 thank you', ['RF18539007547034']],
    ['/EREF/NOTPROVIDED/REMI/RF712348231/NAME/JANE', ['RF712348231']],
    ['two: RF45G72UUR and rf18539007547034', ['RF45G72UUR', 'RF18539007547034']],
    ['RF18539007547035 has a wrong check', []],
    ['no reference here', []],
    ['RF45 G72U UR ORDER 7', ['RF45G72UUR']],
    // Found by the bank files' property suite: an electronic reference and the word after it read as one longer
    // reference whose check digits happened to hold, naming nothing.
    ['/REMI/RF10B5LIVASVKIF7 YFP76A504BWCIF0', ['RF10B5LIVASVKIF7']],
  ])('%j', (text, expected) => {
    expect(findRfReferences(text)).toEqual(expected);
  });

  it('finds a reference followed by a word, electronic or printed, among its readings', () => {
    const seed = fc.stringMatching(/^[0-9A-Z]{1,21}$/);
    // A word that is no reference of its own (one in twenty words drawn here would start one that holds by chance).
    const word = fc.stringMatching(/^[0-9A-Z]{1,12}$/).filter((w) => !/RF\d{2}/.test(w));
    fc.assert(
      fc.property(seed, word, fc.boolean(), (body, after, printed) => {
        const reference = rfReferenceOf(body);
        const written = printed ? (formatRfReference(reference) as string) : reference;
        const readings = findRfReferences(`/REMI/${written} ${after}`);
        expect(readings).toContain(reference);
        // Any other reading is a shorter or longer reading of the same text: never two of one length, so at most one
        // can be a deposit's reference (all of theirs have one length).
        for (const other of readings) expect(other.startsWith(reference) || reference.startsWith(other)).toBe(true);
        expect(new Set(readings.map((r) => r.length)).size).toBe(readings.length);
      }),
      { numRuns: 2000 },
    );
  });
});
