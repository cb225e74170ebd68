import { describe, expect, it } from 'vitest';
import { cvuCheckDigits, sandboxCvu } from './cvu.js';

describe('CVU', () => {
  it('computes both check digits of a published CBU', () => {
    // 2850590940090418135201: Banco Macro's example CBU.
    expect(cvuCheckDigits('2850590', '4009041813520')).toEqual(['9', '1']);
  });
  it('gives a 22-digit virtual account whose check digits verify', () => {
    const cvu = sandboxCvu('PREABCDEF123456');
    expect(cvu).toMatch(/^0000\d{18}$/);
    expect(cvuCheckDigits(cvu.slice(0, 7), cvu.slice(8, 21))).toEqual([cvu[7], cvu[21]]);
    expect(sandboxCvu('PREABCDEF123457')).not.toBe(cvu);
  });
});
