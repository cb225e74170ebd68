import { describe, expect, it } from 'vitest';
import { compileValidator } from '../../platform/ajv.js';
import { AchOriginatorConfig, SepaDebtorConfig } from './payout-file-config.js';

// Checked as the providers file checks them (providers-file.ts): the server's one Ajv configuration, every problem.
const checkSepa = compileValidator(SepaDebtorConfig, 'json', 'every');
const checkAch = compileValidator(AchOriginatorConfig, 'json', 'every');

const sepa = { debtorName: 'Brokerage Payouts GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const ach = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMORGAN CHASE',
  immediateOrigin: '1234567890',
  immediateOriginName: 'BROKERAGE INC',
  companyName: 'BROKERAGE INC',
  companyId: '1234567890',
  originatingDfi: '091000019',
  secCode: 'PPD',
  entryDescription: 'PAYOUT',
};

describe('payout file settings', () => {
  it('accept a complete SEPA debtor and ACH originator', () => {
    expect(checkSepa(sepa)).toBe(true);
    expect(checkSepa({ ...sepa, initiatingPartyName: 'Brokerage Group' })).toBe(true);
    expect(checkAch(ach)).toBe(true);
    expect(checkAch({ ...ach, secCode: 'CCD' })).toBe(true);
  });

  it('refuse an unknown key, naming it', () => {
    expect(checkSepa({ ...sepa, bicc: 'X' })).toBe(false);
    expect(checkSepa.errors?.[0]?.params).toEqual({ additionalProperty: 'bicc' });
    expect(checkAch({ ...ach, odfi: '1' })).toBe(false);
    expect(checkAch.errors?.[0]?.params).toEqual({ additionalProperty: 'odfi' });
  });

  it.each([
    [{ ...sepa, iban: 'de89 3704 0044 0532 0130 00' }],
    [{ ...sepa, bic: 'COBA' }],
    [{ debtorName: 'X', iban: sepa.iban }],
  ])('refuse a malformed SEPA debtor (%#)', (value) => {
    expect(checkSepa(value)).toBe(false);
  });

  it.each([
    [{ ...ach, secCode: 'WEB' }],
    [{ ...ach, originatingDfi: '09100001' }],
    [{ ...ach, companyName: 'A NAME LONGER THAN 16' }],
    [{ ...ach, entryDescription: '' }],
  ])('refuse a malformed ACH originator (%#)', (value) => {
    expect(checkAch(value)).toBe(false);
  });
});
