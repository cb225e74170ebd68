import { describe, expect, it } from 'vitest';
import { isValidAbaRouting } from '../../../domain/payments/aba-routing.js';
import { isValidClabe } from '../../../domain/payments/clabe.js';
import { normalizeIban } from '../../../domain/payments/iban.js';
import {
  STAGE_BIC,
  STAGE_ROUTING_NUMBER,
  sandboxClabe,
  sandboxIban,
  sandboxLocalAccount,
  sandboxMobileNumber,
} from './bank-details.js';

describe('check digits', () => {
  it('uses a routing number that passes the payout check', () => {
    expect(isValidAbaRouting(STAGE_ROUTING_NUMBER)).toBe(true);
  });

  it.each(['PREABCDEF123456', 'PREABCDEF123457', 'WDRZZZZZZZZZZZZ'])(
    'gives %s an IBAN and CLABE that pass the payout checks',
    (id) => {
      expect(normalizeIban(sandboxIban(id))).toBe(sandboxIban(id));
      expect(isValidClabe(sandboxClabe(id))).toBe(true);
    },
  );

  it('uses a syntactically valid test BIC', () => {
    expect(STAGE_BIC).toMatch(/^[A-Z]{4}NL[A-Z0-9]0([A-Z0-9]{3})?$/);
  });
});

describe('sandbox identifiers', () => {
  it('gives an 18-character Dutch IBAN whose account passes the elfproef', () => {
    const iban = sandboxIban('PREABCDEF123456');
    expect(iban).toBe('NL54BRKS6698663328');
    const account = iban.slice(8);
    expect([...account].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11).toBe(0);
  });

  it('gives an 18-digit CLABE on the stage bank code', () => {
    expect(sandboxClabe('PREABCDEF123456')).toBe('999180276086176768');
  });

  it.each([
    ['KE', /^\+2547\d{8}$/],
    ['NG', /^\+23480\d{8}$/],
    ['CI', /^\+22507\d{8}$/],
    ['BW', /^\+2677\d{7}$/],
    ['GQ', /^\+240222\d{6}$/],
  ])('writes %s wallet numbers in E.164', (country, pattern) => {
    expect(sandboxMobileNumber('PREABCDEF123456', country)).toMatch(pattern);
  });

  it('refuses a country without a numbering plan', () => {
    expect(() => sandboxMobileNumber('PREABCDEF123456', 'ZZ')).toThrow();
  });

  it('sizes local accounts per corridor', () => {
    expect(sandboxLocalAccount('PREABCDEF123456', 'NG')).toMatch(/^\d{10}$/);
    expect(sandboxLocalAccount('PREABCDEF123456', 'PE')).toMatch(/^\d{20}$/);
    expect(sandboxLocalAccount('PREABCDEF123456', 'BR')).toMatch(/^\d{12}$/);
  });
});
