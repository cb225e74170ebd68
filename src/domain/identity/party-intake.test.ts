import { describe, expect, it } from 'vitest';
import { identityIntakeFor } from '../../catalogue/identity-intake.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { IdentityIntake, PayoutRailEntry } from '../../catalogue/types.js';
import { checkBeneficiary, checkPayer, entityTypeOf, railIntake } from './party-intake.js';

const intake = (currency: string, direction: 'payin' | 'payout', business = false): IdentityIntake => {
  const row = identityIntakeFor(currency, direction, business ? 'business' : 'individual');
  if (!row) throw new Error(`no ${currency} ${direction} intake`);
  return row;
};

const rail = (name: string): PayoutRailEntry => {
  const entry = payoutRailByRail(name);
  if (!entry) throw new Error(`no rail ${name}`);
  return entry;
};

/** The spec's minimum: an individual's firstName, userEmail and country. */
const minimum = { firstName: 'Ana', userEmail: 'ana@example.com', country: 'PT' };

describe('checkPayer', () => {
  it.each([
    ['EUR', minimum],
    ['USD', minimum],
    ['GBP', minimum],
    ['USDC', minimum],
    ['KES', minimum],
    ['BRL', { ...minimum, taxId: '52998224725' }],
  ])('accepts the minimum payer collecting %s', (currency, party) => {
    expect(checkPayer(intake(currency, 'payin'), party)).toBeUndefined();
  });

  it.each([
    ['EUR', { firstName: 'Ana', country: 'PT' }, 'userData.userEmail'],
    ['BRL', minimum, 'userData.taxId'],
    ['BRL', { ...minimum, taxId: '   ' }, 'userData.taxId'],
  ])('refuses a %s payer without a required key', (currency, party, field) => {
    expect(checkPayer(intake(currency, 'payin'), party)).toEqual({
      field,
      message: `${field} is required to collect ${currency}`,
    });
  });

  it('asks a business for its name', () => {
    expect(checkPayer(intake('EUR', 'payin', true), minimum)?.field).toBe('userData.businessName');
    expect(entityTypeOf({ ...minimum, businessName: 'Acme' })).toBe('business');
    expect(entityTypeOf({ ...minimum, businessName: ' ' })).toBe('individual');
    expect(entityTypeOf(undefined)).toBe('individual');
  });
});

describe('checkBeneficiary', () => {
  const cop = { type: 'ACH_COP', destinationTaxId: '1020304050' };

  it.each([
    ['COP', 'ACH_COP', cop],
    ['COP', 'BANK_DEPOSIT_COL', { destinationTaxId: '1020304050' }],
    ['ARS', 'BANK_DEPOSIT_AR', { destinationTaxId: '20-12345678-6' }],
    ['CLP', 'BANK_DEPOSIT_CL', { destinationTaxId: '12.345.678-5' }],
    ['BOB', 'BANK_DEPOSIT_BO', { destinationTaxId: '4567890' }],
    ['HKD', 'BANK_DEPOSIT_HK', { destinationAddress: "1 Queen's Road Central" }],
    ['CNY', 'BANK_DEPOSIT_CN', { destinationAddress: '100 Century Avenue', destinationPhone: '+8613812345678' }],
    ['EUR', 'SEPA', { city: 'Berlin', postalCode: '10115' }],
    ['KES', 'BANK_DEPOSIT_KE', {}],
    ['KES', 'MOBILE_MONEY_KE', { destinationPhone: '+254712345678' }],
    ['PEN', 'BANK_DEPOSIT_PEN', { destinationCCI: '00219300123456789012' }],
  ])('needs no destinationUserData for %s on %s when the instrument carries the facts', (currency, name, transfer) => {
    expect(checkBeneficiary(intake(currency, 'payout'), rail(name), transfer, undefined)).toBeUndefined();
  });

  it('needs destinationUserData for a fact the instrument cannot carry, naming it', () => {
    expect(checkBeneficiary(intake('TWD', 'payout'), rail('BANK_DEPOSIT_TW'), {}, undefined)).toEqual({
      field: 'destinationUserData',
      message:
        "destinationUserData is required for a TWD payout on BANK_DEPOSIT_TW: the instrument does not carry the beneficiary's address",
    });
    const withAddress = { ...minimum, address: '7 Xinyi Road' };
    expect(checkBeneficiary(intake('TWD', 'payout'), rail('BANK_DEPOSIT_TW'), {}, withAddress)).toBeUndefined();
  });

  it('takes a fact from the party object when the instrument leaves it out (an optional carrying field)', () => {
    const mx = intake('MXN', 'payout');
    expect(checkBeneficiary(mx, rail('BANK_DEPOSIT_MX'), {}, undefined)).toBeUndefined();
    // A corridor extra whose only carrier is optional: either place satisfies it.
    const withTaxId: IdentityIntake = { ...mx, required: [...mx.required, 'taxId'], extras: ['taxId'] };
    expect(checkBeneficiary(withTaxId, rail('BANK_DEPOSIT_MX'), {}, undefined)?.field).toBe('destinationUserData');
    expect(checkBeneficiary(withTaxId, rail('BANK_DEPOSIT_MX'), {}, minimum)).toEqual({
      field: 'destinationUserData.taxId',
      message:
        'destinationUserData.taxId is required for a MXN payout on BANK_DEPOSIT_MX (or destinationTransferData.destinationTaxId)',
    });
    const carried = { destinationTaxId: 'GODE561231GR8' };
    expect(checkBeneficiary(withTaxId, rail('BANK_DEPOSIT_MX'), carried, minimum)).toBeUndefined();
    expect(checkBeneficiary(withTaxId, rail('BANK_DEPOSIT_MX'), {}, { ...minimum, taxId: 'X1' })).toBeUndefined();
  });

  it('accepts a party object without the facts its instrument carries (the spec ACH_COP order)', () => {
    expect(checkBeneficiary(intake('COP', 'payout'), rail('ACH_COP'), cop, minimum)).toBeUndefined();
  });

  it('still refuses a blank carried value and a party object without its facts', () => {
    const blank = { destinationTaxId: '  ' };
    expect(checkBeneficiary(intake('COP', 'payout'), rail('ACH_COP'), blank, undefined)?.field).toBe(
      'destinationUserData',
    );
    expect(checkBeneficiary(intake('COP', 'payout'), rail('ACH_COP'), blank, minimum)?.field).toBe(
      'destinationUserData.taxId',
    );
  });
});

describe('railIntake', () => {
  it('lists where each fact may be given and whether the party object is needed', () => {
    expect(railIntake(intake('COP', 'payout'), rail('ACH_COP'))).toEqual({
      rail: 'ACH_COP',
      method: 'achCOP',
      destinationUserDataRequired: false,
      facts: [
        {
          key: 'taxId',
          acceptedIn: ['destinationTransferData.destinationTaxId', 'destinationUserData.taxId'],
          alwaysCarried: true,
        },
      ],
    });
    expect(railIntake(intake('TWD', 'payout'), rail('BANK_DEPOSIT_TW'))).toMatchObject({
      destinationUserDataRequired: true,
      facts: [{ key: 'address', acceptedIn: ['destinationUserData.address'], alwaysCarried: false }],
    });
    expect(railIntake(intake('EUR', 'payout'), rail('SEPA')).facts.map((f) => f.acceptedIn)).toEqual([
      ['destinationTransferData.city', 'destinationUserData.city'],
      ['destinationTransferData.postalCode', 'destinationUserData.postalCode'],
    ]);
  });
});
