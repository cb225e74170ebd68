import { describe, expect, it } from 'vitest';
import { validateDestination } from '../../domain/payout-fields/validate-destination.js';
import { payoutRailByRail } from './index.js';

// Rails whose field sets are ours (source "decided ..."): a realistic valid destination each, and the mistakes
// the chosen formats are meant to catch.

type Body = Record<string, unknown>;

function check(rail: string, data: Body, userData?: Body) {
  const entry = payoutRailByRail(rail);
  if (entry === undefined) throw new Error(`no entry for ${rail}`);
  return validateDestination(entry, { type: rail, ...data }, userData);
}

// biome-ignore format: one destination per rail, kept as a table
const valid: Record<string, Body> = {
  GBP_BANK_TRANSFER: { destinationName: 'Oliver Smith-Jones', sortCode: '20-00-00', accountNumber: '55779911',
    country: 'GB', city: 'Stoke-on-Trent', postalCode: 'ST1 1AA' },
  BANK_DEPOSIT_NG: { destinationName: 'Chinedu Okafor', destinationNetworkId: 'ng-bank-gtbank', destinationBankAccount: '0123456789' },
  BANK_DEPOSIT_TZ: { destinationName: 'Neema Mushi', destinationNetworkId: 'tz-bank-crdb', destinationBankAccount: '0152123456700' },
  BANK_DEPOSIT_UG: { destinationName: 'Okello Moses', destinationNetworkId: 'ug-bank-stanbic', destinationBankAccount: '9030012345678' },
  BANK_DEPOSIT_RW: { destinationName: 'Uwase Aline', destinationNetworkId: 'rw-bank-bk', destinationBankAccount: '00040012345678' },
  BANK_DEPOSIT_ZM: { destinationName: 'Mwila Phiri', destinationNetworkId: 'zm-bank-zanaco', destinationBankAccount: '0123456789012' },
  BANK_DEPOSIT_ZA: { destinationName: 'Thabo Nkosi', destinationNetworkId: 'za-bank-fnb', destinationBankAccount: '62123456789' },
  BANK_DEPOSIT_XOF: { destinationName: 'Awa Diop', destinationNetworkId: 'sn-bank-cbao', destinationBankAccount: 'SN0100152000048500003035' },
  BANK_DEPOSIT_XAF: { destinationName: 'Paul Mbarga', destinationNetworkId: 'cm-bank-afriland', destinationBankAccount: '10005000010123456789012' },
  BANK_DEPOSIT_VEN: { destinationName: 'Luis Pérez', destinationBankAccount: '01020123450000123456', destinationTaxId: 'V-12345678' },
  BANK_DEPOSIT_TW: { destinationName: '陳美玲', destinationBankCode: '822', destinationBankAccount: '123456789012' },
  BRE_B_COP: { destinationName: 'Andrés Gómez', destinationBreBKey: '3001234567', destinationDocumentType: 'CC',
    destinationTaxId: '1020304050' },
  PHONE_DEPOSIT_VEN: { destinationName: 'Luis Pérez', destinationPhone: '+584141234567', destinationBankCode: '0134',
    destinationTaxId: 'V12345678' },
  PHONE_DEPOSIT_MX: { destinationName: 'Ana López', destinationPhone: '5512345678' },
  PHONE_DEPOSIT_AR: { destinationName: 'Sofía Díaz', destinationPhone: '+5491123456789', destinationTaxId: '27-12345678-0' },
  MOBILE_MONEY_KE: { destinationName: 'Wanjiku Kamau', destinationPhone: '+254712345678', destinationNetworkId: 'ke-mpesa' },
  MOBILE_MONEY_XOF: { destinationName: 'Awa Diop', destinationPhone: '+2250712345678', destinationNetworkId: 'ci-orange-money' },
  ETH: { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' },
  BASE: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  BTC: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  SOL: { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
  TRON: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  XRP: { address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', destinationTag: '123456' },
  POLKADOT: { address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' },
  CARDANO: { address: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8' },
  ALGORAND: { address: 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA' },
};

describe('decided rails accept a realistic destination', () => {
  it.each(Object.entries(valid))('%s', (rail, data) => expect(check(rail, data)).toEqual([]));
});

// [rail, overrides on the valid body, first error's key or null when still valid]
// biome-ignore format: one case per line reads as a table
const cases: Array<[string, Body, string | null]> = [
  ['GBP_BANK_TRANSFER', { sortCode: '200000' }, null],
  ['GBP_BANK_TRANSFER', { sortCode: '20-00-0' }, 'sortCode'],
  ['GBP_BANK_TRANSFER', { accountNumber: '5577991' }, 'accountNumber'],
  ['GBP_BANK_TRANSFER', { iban: 'GB29NWBK60161331926819' }, 'iban'],
  ['GBP_BANK_TRANSFER', { city: undefined, postalCode: undefined }, 'city'],
  ['BANK_DEPOSIT_NG', { destinationBankAccount: '012345678' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_NG', { destinationBankAccount: '01234567890' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_NG', { destinationNetworkId: undefined }, 'destinationNetworkId'],
  ['BANK_DEPOSIT_TZ', { destinationBankAccount: '1234567' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_ZA', { destinationBankAccount: '621234567890' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_XOF', { destinationBankAccount: 'SN08SN0100152000048500003035' }, null],
  ['BANK_DEPOSIT_XOF', { destinationBankAccount: 'sn0100152000048500003035' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_XAF', { destinationBankAccount: 'CM2110005000010123456789012' }, null],
  ['BANK_DEPOSIT_XAF', { destinationBankAccount: '1000500001012345678901' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_VEN', { destinationBankAccount: '0102012345000012345' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_VEN', { destinationTaxId: '12345678' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_TW', { destinationBankCode: '0822' }, 'destinationBankCode'],
  ['BRE_B_COP', { destinationBreBKey: 'andres@example.co' }, null],
  ['BRE_B_COP', { destinationBreBKey: '@andres.gomez' }, null],
  ['BRE_B_COP', { destinationBreBKey: '@ag' }, 'destinationBreBKey'],
  ['BRE_B_COP', { destinationBreBKey: '+57 300 123 4567' }, 'destinationBreBKey'],
  ['BRE_B_COP', { destinationDocumentType: 'DNI' }, 'destinationDocumentType'],
  ['PHONE_DEPOSIT_VEN', { destinationPhone: '04141234567' }, 'destinationPhone'],
  ['PHONE_DEPOSIT_VEN', { destinationBankCode: '134' }, 'destinationBankCode'],
  ['PHONE_DEPOSIT_MX', { destinationPhone: '+525512345678' }, null],
  ['PHONE_DEPOSIT_MX', { destinationPhone: '551234567' }, 'destinationPhone'],
  ['PHONE_DEPOSIT_AR', { destinationPhone: '+541123456789' }, 'destinationPhone'],
  ['PHONE_DEPOSIT_AR', { destinationTaxId: undefined }, 'destinationTaxId'],
  ['MOBILE_MONEY_KE', { destinationPhone: '0712345678' }, 'destinationPhone'],
  ['MOBILE_MONEY_KE', { destinationPhone: '+2348031234567' }, 'destinationPhone'],
  ['MOBILE_MONEY_KE', { destinationPhone: '+254 712 345 678' }, 'destinationPhone'],
  ['MOBILE_MONEY_KE', { destinationNetworkId: undefined }, 'destinationNetworkId'],
  ['MOBILE_MONEY_XOF', { destinationPhone: '+221771234567' }, null],
  ['MOBILE_MONEY_XOF', { destinationPhone: '+237671234567' }, 'destinationPhone'],
  ['ETH', { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BA' }, 'address'],
  ['ETH', { address: 'de0B295669a9FD93d5F28D9Ec85E40f4cb697BAe00' }, 'address'],
  ['ETH', { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAg' }, 'address'],
  ['ETH', { memo: '1' }, 'memo'],
  ['BTC', { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }, null],
  ['BTC', { address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }, null],
  ['BTC', { address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297' }, null],
  ['BTC', { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, 'address'],
  ['BTC', { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdo' }, 'address'],
  ['BTC', { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' }, 'address'],
  ['SOL', { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWW0' }, 'address'],
  ['SOL', { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsG' }, 'address'],
  ['TRON', { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6' }, 'address'],
  ['TRON', { address: 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, 'address'],
  ['XRP', { destinationTag: '' }, null],
  ['XRP', { destinationTag: undefined }, null],
  ['XRP', { destinationTag: '4294967295' }, null],
  ['XRP', { destinationTag: '42949672950' }, 'destinationTag'],
  ['XRP', { destinationTag: '12a' }, 'destinationTag'],
  ['XRP', { destinationTag: 123 }, 'destinationTag'],
  ['XRP', { address: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi' }, 'address'],
  ['POLKADOT', { address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY' }, 'address'],
  ['CARDANO', { address: 'DdzFFzCqrhsrcTVhLygT24QwTnNqQqQ8mZrq5jykUzMveU26sxaH529kMpo7VhPrt5pwW3dXeB2k3EEvKcNBRmzCfcQ7dTkyGzTs658C' }, 'address'],
  ['ALGORAND', { address: 'vcmjkwoy5p5p7skmzffoceropjczotijmniynuckh7lro45jmjp6uybija' }, 'address'],
];

describe('decided rails reject what their formats exclude', () => {
  it.each(cases)('%s %j -> %s', (rail, overrides, key) => {
    const data: Body = { ...valid[rail] };
    for (const [k, v] of Object.entries(overrides)) {
      if (v === undefined) delete data[k];
      else data[k] = v;
    }
    const errors = check(rail, data);
    if (key === null) expect(errors).toEqual([]);
    else expect(errors[0]?.field).toBe(`destinationTransferData.${key}`);
  });

  it('GBP_BANK_TRANSFER takes city and postalCode from the identity object', () => {
    const { city: _c, postalCode: _p, ...rest } = valid.GBP_BANK_TRANSFER ?? {};
    expect(check('GBP_BANK_TRANSFER', rest, { city: 'Leeds', postalCode: 'LS1 4AP' })).toEqual([]);
  });
});
