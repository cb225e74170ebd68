import { describe, expect, it } from 'vitest';
import { rfReferenceOf } from '../../domain/payments/rf-reference.js';
import { rfReferencesIn } from './match-reference.js';

const ours = rfReferenceOf('K3J9QX2M7B1Z');

describe('rfReferencesIn', () => {
  it.each([
    ['the structured reference as given', [ours], [ours]],
    ['typed in groups of four, lower case', [ours.toLowerCase().replace(/(.{4})/g, '$1 ')], [ours]],
    ['inside remittance text', [`Payment for ${ours} thanks`], [ours]],
    ['the standard example', ['RF18 5390 0754 7034'], ['RF18539007547034']],
    ['check digits that fail', [`${ours.slice(0, 2)}00${ours.slice(4)}`], []],
    ['no reference at all', ['INVOICE 2026-11', ''], []],
  ])('%s', (_case, references, expected) => {
    expect(rfReferencesIn(references)).toEqual(expected);
  });
});
