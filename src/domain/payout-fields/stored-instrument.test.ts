import { describe, expect, it } from 'vitest';
import { storablePayoutRailKinds } from '../../catalogue/payout-identifiers.js';
import { payoutRailByRail, payoutRails } from '../../catalogue/payout-rails/index.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import {
  accountIdentifierOf,
  fingerprintOf,
  maskedIdentity,
  maskedTransferData,
  maskedValue,
  normalisedIdentifier,
  visibleTailOf,
} from './stored-instrument.js';

function entryOf(rail: string): PayoutRailEntry {
  const entry = payoutRailByRail(rail);
  if (entry === undefined) throw new Error(`no entry for ${rail}`);
  return entry;
}

const key = Buffer.alloc(32, 1);
const ach = {
  type: 'ACH_US',
  destinationName: 'John Smith',
  accountNumber: '123456789',
  routingNumber: '021000021',
  state: 'NY',
};

describe('normalisedIdentifier', () => {
  it.each([
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['de89370400440532013000', 'DE89370400440532013000'],
    ['123.456.789-09', '12345678909'],
    ['20-12345678-6', '20123456786'],
    [' +254712345678 ', '+254712345678'],
    // An e-mail key keeps its dots: john.doe@ and johndoe@ are different addresses.
    ['John.Doe@Example.com', 'john.doe@example.com'],
  ])('%s is %s', (value, expected) => {
    expect(normalisedIdentifier(value)).toBe(expected);
  });
});

describe('visibleTailOf and maskedValue', () => {
  it.each([
    ['123456789', '6789'],
    ['12345678', '5678'],
    ['1234567', '567'],
    ['12345', '45'],
    ['1', ''],
    ['DE89 3704 0044 0532 0130 00', '3000'],
  ])('%s shows %s, never more than half of it', (value, tail) => {
    expect(visibleTailOf(value)).toBe(tail);
    expect(maskedValue(value)).toBe(`****${tail}`);
  });
});

describe('accountIdentifierOf', () => {
  it.each([
    ['SEPA', { iban: 'FR1420041010050500013M02606' }, 'iban'],
    ['ACH_US', ach, 'accountNumber'],
    ['PIX_BR', { destinationPixCode: 'a@b.co', destinationTaxId: '52998224725' }, 'destinationPixCode'],
    ['BANK_DEPOSIT_MX', { destinationBankAccountNumber: '012180001234567899' }, 'destinationBankAccountNumber'],
    [
      'BANK_DEPOSIT_CN',
      { destinationBankAccount: '6217000010001234567', destinationPhone: '+86138' },
      'destinationBankAccount',
    ],
    ['MOBILE_MONEY_KE', { destinationPhone: '+254712345678' }, 'destinationPhone'],
  ])('%s: %s', (rail, transfer, field) => {
    expect(accountIdentifierOf(entryOf(rail), transfer)?.field).toBe(field);
  });

  it('finds one on every rail a banking account may hold', () => {
    const storable = payoutRails.filter((r) => storablePayoutRailKinds.includes(r.kind));
    expect(storable.length).toBeGreaterThan(30);
    for (const entry of storable) {
      const everyField = Object.fromEntries(entry.fields.map((f) => [f.key, 'x1234567']));
      expect(accountIdentifierOf(entry, everyField), entry.rail).toBeDefined();
    }
  });
});

describe('masking', () => {
  it('masks identifiers and tax ids, and shows every other field as it is', () => {
    expect(maskedTransferData({ ...ach, destinationTaxId: '52998224725' })).toEqual({
      type: 'ACH_US',
      destinationName: 'John Smith',
      accountNumber: '****6789',
      routingNumber: '021000021',
      state: 'NY',
      destinationTaxId: '****4725',
    });
    expect(maskedIdentity({ firstName: 'John', taxId: '123-45-6789', city: 'Austin' })).toEqual({
      firstName: 'John',
      taxId: '****6789',
      city: 'Austin',
    });
  });
});

describe('fingerprintOf', () => {
  const achUS = entryOf('ACH_US');
  const of = (transfer: Record<string, string>, workspace = 'ws-1', entry = achUS) =>
    fingerprintOf(key, workspace, entry, transfer);

  it('is 22 base64url characters, the same for the same account however it is typed', () => {
    expect(of(ach)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(of({ ...ach, accountNumber: '1234-56789', destinationName: 'J. Smith', state: 'CA' })).toBe(of(ach));
  });

  it('differs for another account, another bank, another workspace and another key', () => {
    const fingerprint = of(ach);
    expect(of({ ...ach, accountNumber: '123456780' })).not.toBe(fingerprint);
    expect(of({ ...ach, routingNumber: '011000015' })).not.toBe(fingerprint);
    expect(of(ach, 'ws-2')).not.toBe(fingerprint);
    expect(fingerprintOf(Buffer.alloc(32, 2), 'ws-1', achUS, ach)).not.toBe(fingerprint);
  });

  it('is one for ACH_COP and BANK_DEPOSIT_COL, one payout rail under two names', () => {
    const cop = { destinationBankCode: '1007', destinationTaxId: '1020304050' };
    expect(of({ ...cop, destinationBankAccountNumber: '12345678901' }, 'ws-1', entryOf('ACH_COP'))).toBe(
      of({ ...cop, destinationBankAccount: '12345678901' }, 'ws-1', entryOf('BANK_DEPOSIT_COL')),
    );
  });
});
