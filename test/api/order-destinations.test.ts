import { beforeAll, describe, expect, it } from 'vitest';
import { identityIntakeFor } from '../../src/catalogue/identity-intake.js';
import { methodNameOf, payoutRailByRail, payoutRails } from '../../src/catalogue/payout-rails/index.js';
import type { PayoutRailEntry } from '../../src/catalogue/types.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aQuote, beneficiary, payer, postOrder } from '../support/orders.js';

// Goal: POST /v1/orders refuses every malformed payout instrument (destinationTransferData) with 400
// ValidationError naming the offending field, on every payout rail a currency offers, and accepts the valid ones.
// Method: one approved payer; per rail one live quote, sent with each malformed instrument and finally with the
// valid one. The field-set check runs before the quote is bound, so the refusals leave the quote unused and the
// closing 201 proves it. Cases are data: derived from each rail's field rules, plus realistic mistakes by hand.

type Body = Record<string, unknown>;

const T = 'destinationTransferData';
const OMIT = Symbol('omit');

/** Every rail a destination currency pays out on; BALANCE (type only) is not a payout instrument. */
const rails = payoutRails.filter((e) => e.rail !== 'BALANCE').map((e) => e.rail);

function entryOf(rail: string): PayoutRailEntry {
  const entry = payoutRailByRail(rail);
  if (entry === undefined) throw new Error(`no payout rail ${rail}`);
  return entry;
}

// One realistic instrument per rail, optional fields included so that their rules are exercised too.
// biome-ignore format: one instrument per rail, kept as a table
const valid: Record<string, Body> = {
  SEPA: { destinationName: 'Marie Dupont', iban: 'FR1420041010050500013M02606', country: 'FR', city: 'Paris',
    postalCode: '75001' },
  ACH_US: { destinationName: 'John Smith', accountNumber: '123456789', routingNumber: '021000021', country: 'US',
    city: 'New York', postalCode: '10001', state: 'NY', address: '350 Fifth Avenue', accountType: 'PERSONAL',
    bankAccountType: 'SAVINGS' },
  GBP_BANK_TRANSFER: { destinationName: 'Oliver Smith-Jones', sortCode: '20-00-00', accountNumber: '55779911',
    country: 'GB', city: 'Stoke-on-Trent', postalCode: 'ST1 1AA', address: '10 Downing Street' },
  PIX_BR: { destinationName: 'Maria Souza', destinationPixCode: 'maria@example.com', destinationTaxId: '123.456.789-09' },
  BANK_DEPOSIT_BR: { destinationName: 'João da Silva', destinationBankCode: '341', destinationBankBranch: '1234',
    destinationBankAccount: '12345-6', destinationTaxId: '123.456.789-09' },
  BANK_DEPOSIT_MX: { destinationName: 'José Hernández', destinationBankAccountNumber: '012180001234567891',
    destinationBankCode: '012', numericReference: '1234567', notesReference: 'Pago factura 12',
    destinationTaxId: 'GODE561231GR8' },
  PHONE_DEPOSIT_MX: { destinationName: 'Ana López', destinationPhone: '+525512345678' },
  BANK_DEPOSIT_AR: { destinationName: 'Juan Gómez', destinationNetworkId: 'ar-bank-galicia',
    destinationBankAccount: '0170099220000067797370', destinationTaxId: '20-12345678-9' },
  PHONE_DEPOSIT_AR: { destinationName: 'Sofía Díaz', destinationPhone: '+5491123456789', destinationTaxId: '27-12345678-3' },
  ACH_COP: { destinationName: 'María Pérez', destinationBankCode: '1007', destinationBankAccountNumber: '12345678901',
    destinationBankAccountType: 'AHORRO', destinationDocumentType: 'CC', destinationTaxId: '1020304050' },
  BANK_DEPOSIT_COL: { destinationName: 'María Pérez', destinationBankCode: '1007', destinationBankAccount: '12345678901',
    destinationBankAccountType: 'CORRIENTE', destinationDocumentType: 'NIT', destinationTaxId: '900123456',
    destinationNetworkId: 'co-bank-bancolombia' },
  BRE_B_COP: { destinationName: 'Andrés Gómez', destinationBreBKey: '3001234567', destinationDocumentType: 'CC',
    destinationTaxId: '1020304050' },
  BANK_DEPOSIT_PEN: { destinationCCI: '00219300123456789012', destinationName: 'Luis Torres',
    destinationDocumentType: 'DNI', destinationTaxId: '12345678' },
  BANK_DEPOSIT_CL: { destinationName: 'Camila Rojas', destinationBankName: 'Banco de Chile',
    destinationBankAccountType: 'CORRIENTE', destinationTaxId: '12.345.678-5', destinationBankAccount: '00123456789' },
  BANK_DEPOSIT_BO: { destinationName: 'Ana Quispe', destinationBankAccount: '1234567890', destinationTaxId: '4567890',
    destinationBankName: 'Banco Union' },
  BANK_DEPOSIT_VEN: { destinationName: 'Luis Pérez', destinationBankAccount: '01020123450000123456',
    destinationTaxId: 'V-12345678' },
  PHONE_DEPOSIT_VEN: { destinationName: 'Luis Pérez', destinationPhone: '+584141234567', destinationBankCode: '0134',
    destinationTaxId: 'V12345678' },
  BANK_DEPOSIT_TW: { destinationName: '陳美玲', destinationBankCode: '822', destinationBankAccount: '123456789012' },
  BANK_DEPOSIT_HK: { destinationName: 'Chan Tai Man', destinationBankName: 'HSBC', bic: 'HSBCHKHH',
    destinationBankAccount: '123456789001', destinationAddress: "1 Queen's Road Central" },
  BANK_DEPOSIT_CN: { destinationName: '王小明', destinationBankName: 'Bank of China', destinationBankCode: '104100000004',
    destinationBankAccount: '6217000010001234567', destinationCity: 'Shanghai', destinationState: 'Shanghai',
    destinationPostcode: '200000', destinationAddress: '100 Century Avenue', destinationTaxId: '11010519491231002X',
    destinationPhone: '+8613812345678' },
  BANK_DEPOSIT_NG: { destinationName: 'Chinedu Okafor', destinationNetworkId: 'ng-bank-gtbank',
    destinationBankAccount: '0123456789' },
  BANK_DEPOSIT_KE: { destinationName: 'Wanjiku Kamau', destinationNetworkId: 'ke-bank-equity',
    destinationBankAccount: '0123456789' },
  BANK_DEPOSIT_MW: { destinationName: 'Chikondi Banda', destinationBankName: 'National Bank of Malawi',
    destinationBankAccount: '1001234567' },
  BANK_DEPOSIT_BW: { destinationName: 'Kagiso Molefe', destinationNetworkId: 'bw-bank-fnb', destinationBankAccount: '621234567' },
  BANK_DEPOSIT_TZ: { destinationName: 'Neema Mushi', destinationNetworkId: 'tz-bank-crdb', destinationBankAccount: '0152123456700' },
  BANK_DEPOSIT_UG: { destinationName: 'Okello Moses', destinationNetworkId: 'ug-bank-stanbic', destinationBankAccount: '9030012345678' },
  BANK_DEPOSIT_RW: { destinationName: 'Uwase Aline', destinationNetworkId: 'rw-bank-bk', destinationBankAccount: '00040012345678' },
  BANK_DEPOSIT_ZM: { destinationName: 'Mwila Phiri', destinationNetworkId: 'zm-bank-zanaco', destinationBankAccount: '0123456789012' },
  BANK_DEPOSIT_ZA: { destinationName: 'Thabo Nkosi', destinationNetworkId: 'za-bank-fnb', destinationBankAccount: '62123456789' },
  BANK_DEPOSIT_XOF: { destinationName: 'Awa Diop', destinationNetworkId: 'sn-bank-cbao',
    destinationBankAccount: 'SN0100152000048500003035' },
  BANK_DEPOSIT_XAF: { destinationName: 'Paul Mbarga', destinationNetworkId: 'cm-bank-afriland',
    destinationBankAccount: '10005000010123456789012' },
  MOBILE_MONEY_NG: { destinationName: 'Chinedu Okafor', destinationPhone: '+2348031234567', destinationNetworkId: 'ng-mtn-momo' },
  MOBILE_MONEY_KE: { destinationName: 'Wanjiku Kamau', destinationPhone: '+254712345678', destinationNetworkId: 'ke-mpesa' },
  MOBILE_MONEY_TZ: { destinationName: 'Neema Mushi', destinationPhone: '+255712345678', destinationNetworkId: 'tz-mpesa' },
  MOBILE_MONEY_UG: { destinationName: 'Okello Moses', destinationPhone: '+256772123456', destinationNetworkId: 'ug-mtn-momo' },
  MOBILE_MONEY_RW: { destinationName: 'Uwase Aline', destinationPhone: '+250788123456', destinationNetworkId: 'rw-mtn-momo' },
  MOBILE_MONEY_MW: { destinationName: 'Chikondi Banda', destinationPhone: '+265991234567', destinationNetworkId: 'mw-airtel-money' },
  MOBILE_MONEY_ZM: { destinationName: 'Mwila Phiri', destinationPhone: '+260971234567', destinationNetworkId: 'zm-mtn-momo' },
  MOBILE_MONEY_BW: { destinationName: 'Kagiso Molefe', destinationPhone: '+26771234567', destinationNetworkId: 'bw-orange-money' },
  MOBILE_MONEY_ZA: { destinationName: 'Thabo Nkosi', destinationPhone: '+27821234567', destinationNetworkId: 'za-mtn-momo' },
  MOBILE_MONEY_XOF: { destinationName: 'Awa Diop', destinationPhone: '+221771234567', destinationNetworkId: 'sn-orange-money' },
  MOBILE_MONEY_XAF: { destinationName: 'Paul Mbarga', destinationPhone: '+237671234567', destinationNetworkId: 'cm-mtn-momo' },
  ETH: { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' },
  ARBITRUM: { address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
  OPTIMISM: { address: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
  BASE: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  BSC: { address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
  MATIC: { address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  AVALANCHE: { address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E' },
  BTC: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
  SOL: { address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
  TRON: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  XRP: { address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', destinationTag: '123456' },
  POLKADOT: { address: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' },
  CARDANO: { address: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8' },
  ALGORAND: { address: 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA' },
};

const EVM = valid.ETH?.address as string;

// Realistic mistakes, one [key, value, why] per line; the first error must name `destinationTransferData.<key>`.
// Omitted and empty required fields, non-strings and plain length bounds are derived from the rules further down.
type Mistake = readonly [key: string, value: unknown, why: string];
const evmMistakes: Mistake[] = [
  ['address', EVM.slice(2), 'without 0x'],
  ['address', EVM.slice(0, -1), '39 hex digits'],
  ['address', `${EVM.slice(0, -1)}g`, 'a non-hex character'],
  ['address', `0X${EVM.slice(2)}`, 'uppercase 0X'],
  ['address', 'vitalik.eth', 'an ENS name'],
  ['address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'a Bitcoin address'],
  ['memo', '1', 'a memo EVM rails do not take'],
];
const mobileMistakes = (wrongCountry: string): Mistake[] => [
  ['destinationPhone', wrongCountry, "another corridor's calling code"],
  ['destinationPhone', '712345678', 'national form without country code'],
  ['destinationNetworkId', '', 'operator left empty'],
];
// biome-ignore format: one mistake per line reads as a table
const mistakes: Record<string, readonly Mistake[]> = {
  SEPA: [
    ['iban', 'fr1420041010050500013m02606', 'lowercase IBAN'],
    ['iban', 'FR14 2004 1010 0505 0001 3M02 606', 'IBAN with spaces'],
    ['iban', 'FR142004101005', 'IBAN too short'],
    ['iban', '1420041010050500013M02606', 'IBAN without country'],
    ['iban', 'FRAB20041010050500013M02606', 'letters as check digits'],
    ['iban', `FR14${'2'.repeat(31)}`, 'IBAN of 35 characters'],
    ['country', 'fr', 'lowercase country'],
    ['country', 'FRA', 'alpha-3 country'],
    ['country', 'France', 'country name'],
    ['city', 'P', 'one-letter city'],
    ['postalCode', '75', 'two-character postal code'],
    ['postalCode', '75001#', 'postal code with #'],
    ['postalCode', '75001-12345', 'postal code of 11 characters'],
    ['destinationName', 'M', 'one-letter name'],
    ['bic', 'BNPAFRPP', 'a BIC, which SEPA does not take'],
  ],
  ACH_US: [
    ['state', 'XX', 'not a USPS code'],
    ['state', 'ny', 'lowercase state'],
    ['state', 'New York', 'state name'],
    ['state', 'NYC', 'three letters'],
    ['routingNumber', '02100002', 'routing number of 8 digits'],
    ['routingNumber', '0210000210', 'routing number of 10 digits'],
    ['routingNumber', '02100002A', 'routing number with a letter'],
    ['routingNumber', '021-000-021', 'routing number with hyphens'],
    ['accountNumber', '123', 'account number of 3 digits'],
    ['accountNumber', '123456789012345678', 'account number of 18 digits'],
    ['accountNumber', '1234-5678', 'account number with a hyphen'],
    ['accountNumber', '１２３４５', 'full-width digits'],
    ['destinationName', 'John  Smith', 'double space in name'],
    ['destinationName', "John O'Brien", 'apostrophe in name'],
    ['destinationName', 'John Smith2', 'digit in name'],
    ['destinationName', ' John Smith', 'leading space in name'],
    ['country', 'USA', 'alpha-3 country'],
    ['city', 'Winston-Salem', 'hyphenated city'],
    ['city', 'New  York', 'double space in city'],
    ['postalCode', '10001-12345', 'ZIP+5'],
    ['address', 'ab', 'address of 2 characters'],
    ['accountType', 'personal', 'lowercase account type'],
    ['accountType', 'INDIVIDUAL', 'unknown account type'],
    ['bankAccountType', 'savings', 'lowercase bank account type'],
    ['bankAccountType', '', 'empty bank account type'],
    ['iban', 'US12345678901234567890', 'an IBAN, which ACH does not take'],
  ],
  GBP_BANK_TRANSFER: [
    ['sortCode', '20-00-0', 'sort code of 5 digits'],
    ['sortCode', '20 00 00', 'sort code with spaces'],
    ['sortCode', '2000000', 'sort code of 7 digits'],
    ['sortCode', 'ab-cd-ef', 'letters'],
    ['accountNumber', '5577991', 'account number of 7 digits'],
    ['accountNumber', '5577-9911', 'account number with a hyphen'],
    ['country', 'gb', 'lowercase country'],
    ['country', 'GBR', 'alpha-3 country'],
    ['postalCode', 'SW1A 1AA!', 'postcode with !'],
    ['iban', 'GB29NWBK60161331926819', 'an IBAN, which Faster Payments here does not take'],
  ],
  PIX_BR: [
    ['destinationPixCode', '11987654321x', 'phone with a letter'],
    ['destinationPixCode', '+1555123456', 'non-Brazilian phone'],
    ['destinationPixCode', '(11) 98765-4321', 'formatted national phone'],
    ['destinationPixCode', 'maria@', 'e-mail without domain'],
    ['destinationPixCode', '123e4567-e89b-12d3-a456-42661417400', 'random key one digit short'],
    ['destinationTaxId', '1234567890', 'CPF with 10 digits'],
    ['destinationTaxId', '12.345.678/0001-9', 'CNPJ with 13 digits'],
    ['destinationTaxId', 'abc.def.ghi-jk', 'letters'],
    ['destinationName', 'M', 'one-letter name'],
  ],
  BANK_DEPOSIT_BR: [
    ['destinationTaxId', '1234567890', 'CPF with 10 digits'],
    ['destinationTaxId', '12.345.678/0001-95', 'a CNPJ, where a CPF is asked'],
    ['destinationTaxId', '123 456 789 09', 'CPF with spaces'],
    ['destinationBankCode', '00341', 'bank code of 5 digits'],
    ['destinationBankCode', 'Itaú', 'bank name instead of code'],
    ['destinationBankBranch', '123456', 'branch of 6 digits'],
    ['destinationBankBranch', '12-3', 'branch with a hyphen'],
    ['destinationBankAccount', '1234', 'account of 4 digits'],
    ['destinationBankAccount', '12345-67', 'two check digits'],
    ['destinationBankAccount', '1234567890123', 'account of 13 digits'],
    ['destinationName', 'Ana Lima Ltda.', 'company punctuation in name'],
  ],
  BANK_DEPOSIT_MX: [
    ['destinationBankAccountNumber', '01218000123456789', 'CLABE of 17 digits'],
    ['destinationBankAccountNumber', '01218000123456789X', 'CLABE with a letter'],
    ['destinationBankCode', '12', 'bank code of 2 digits'],
    ['destinationBankCode', 'BBVA', 'bank name instead of code'],
    ['destinationBankCode', '12A', 'bank code with a letter'],
    ['numericReference', '12345678', 'reference of 8 digits'],
    ['numericReference', '12a', 'reference with a letter'],
    ['notesReference', 'Pago #12', 'concept with #'],
    ['destinationTaxId', 'GODE56123', 'RFC of 9 characters'],
    ['destinationTaxId', 'GODE-561231-GR8', 'RFC with hyphens'],
    ['destinationName', 'José Hernández 2', 'digit in name'],
  ],
  PHONE_DEPOSIT_MX: [
    ['destinationPhone', '551234567', 'phone of 9 digits'],
    ['destinationPhone', '+52 55 1234 5678', 'phone with spaces'],
    ['destinationPhone', '+15512345678', 'US country code'],
    ['destinationPhone', '0445512345678', 'old 044 mobile prefix'],
  ],
  BANK_DEPOSIT_AR: [
    ['destinationTaxId', '20-1234567-89', 'CUIT malformed: 7 and 2 digits'],
    ['destinationTaxId', '2012345678', 'CUIT of 10 digits'],
    ['destinationTaxId', '20.12345678.9', 'CUIT with dots'],
    ['destinationTaxId', '20-12345678', 'CUIT without check digit'],
    ['destinationName', 'J', 'one-letter name'],
  ],
  PHONE_DEPOSIT_AR: [
    ['destinationPhone', '+541123456789', 'without the mobile 9'],
    ['destinationPhone', '1123456789', 'national form'],
    ['destinationPhone', '+54 9 11 2345-6789', 'formatted phone'],
    ['destinationTaxId', '27-1234567-3', 'CUIL with 7 middle digits'],
  ],
  ACH_COP: [
    ['destinationBankCode', '007', 'three-digit Colombian bank code'],
    ['destinationBankCode', 'Bancolombia', 'bank name instead of code'],
    ['destinationBankCode', '1003', 'code not on the published list'],
    ['destinationBankCode', '10070', 'five digits'],
    ['destinationBankCode', ' 1007', 'leading space'],
    ['destinationBankAccountType', 'ahorro', 'lowercase account type'],
    ['destinationBankAccountType', 'SAVINGS', 'English account type'],
    ['destinationDocumentType', 'DNI', 'Peruvian document type'],
    ['destinationDocumentType', 'cc', 'lowercase document type'],
    ['destinationTaxId', '1020-304050', 'document with a hyphen'],
    ['destinationTaxId', 'CC1020304050', 'document type prefixed'],
    ['destinationBankAccount', '12345678901', "BANK_DEPOSIT_COL's spelling of the account key"],
    ['destinationNetworkId', 'co-bank-bancolombia', 'a network id, which only BANK_DEPOSIT_COL takes'],
  ],
  BANK_DEPOSIT_COL: [
    ['destinationBankCode', '107', 'three-digit Colombian bank code'],
    ['destinationBankCode', 'Banco de Bogota', 'bank name instead of code'],
    ['destinationBankAccountNumber', '12345678901', "ACH_COP's spelling of the account key"],
    ['destinationDocumentType', 'RUT', 'Chilean document type'],
    ['destinationTaxId', '900.123.456-7', 'NIT with separators'],
  ],
  BRE_B_COP: [
    ['destinationBreBKey', '@ag', 'alias of 2 characters'],
    ['destinationBreBKey', '+57 300 123 4567', 'formatted phone'],
    ['destinationBreBKey', '300-123-4567', 'phone with hyphens'],
    ['destinationBreBKey', 'andres@', 'e-mail without domain'],
    ['destinationBreBKey', `@${'a'.repeat(21)}`, 'alias of 21 characters'],
    ['destinationDocumentType', 'DNI', 'Peruvian document type'],
    ['destinationTaxId', '1234', 'document of 4 digits'],
  ],
  BANK_DEPOSIT_PEN: [
    ['destinationCCI', '0021930012345678901A', 'CCI with a letter'],
    ['destinationCCI', '002-193-00123456789012', 'CCI with hyphens'],
    ['destinationDocumentType', 'CC', 'Colombian document type'],
    ['destinationDocumentType', 'dni', 'lowercase document type'],
    ['destinationTaxId', '1234567', 'DNI of 7 digits'],
    ['destinationTaxId', '1234-5678', 'document with a hyphen'],
    ['destinationName', 'L', 'one-letter name'],
  ],
  BANK_DEPOSIT_CL: [
    ['destinationTaxId', '12.345.678-X', 'RUT check digit X'],
    ['destinationTaxId', '12.345.678-55', 'RUT with two check digits'],
    ['destinationTaxId', '123.456', 'RUT too short'],
    ['destinationBankAccountType', 'VISTA', 'cuenta vista is not offered'],
    ['destinationBankAccountType', 'corriente', 'lowercase account type'],
  ],
  BANK_DEPOSIT_BO: [
    ['destinationName', 'Ana María Quispe Mamani de Flores', 'name over 30 characters'],
    ['destinationBankAccount', '123456789012', 'account of 12 characters'],
    ['destinationTaxId', '1'.repeat(16), 'CI of 16 characters'],
    ['destinationBankName', 'Banco Mercantil Santa Cruz', 'bank name over 20 characters'],
  ],
  BANK_DEPOSIT_VEN: [
    ['destinationBankAccount', '0102012345000012345', 'account of 19 digits'],
    ['destinationBankAccount', '0102-0123-45-0000123456', 'account with hyphens'],
    ['destinationBankAccount', '0102012345000012345X', 'account with a letter'],
    ['destinationTaxId', '12345678', 'cédula without nationality letter'],
    ['destinationTaxId', 'X-12345678', 'unknown nationality letter'],
    ['destinationTaxId', 'V-12345', 'cédula of 5 digits'],
    ['destinationTaxId', 'v-12345678', 'lowercase letter'],
  ],
  PHONE_DEPOSIT_VEN: [
    ['destinationPhone', '04141234567', 'national form'],
    ['destinationPhone', '+582121234567', 'a landline (starts with 2)'],
    ['destinationPhone', '+58 414 1234567', 'phone with spaces'],
    ['destinationBankCode', '134', 'bank code of 3 digits'],
    ['destinationBankCode', 'Banesco', 'bank name instead of code'],
    ['destinationTaxId', 'V-1234567890', 'cédula of 10 digits'],
  ],
  BANK_DEPOSIT_TW: [
    ['destinationBankCode', '0822', 'bank code of 4 digits'],
    ['destinationBankCode', 'CTBC', 'bank name instead of code'],
    ['destinationBankAccount', '123456789', 'account of 9 digits'],
    ['destinationBankAccount', '1234-5678-9012', 'account with hyphens'],
  ],
  BANK_DEPOSIT_HK: [
    ['bic', 'hsbchkhh', 'lowercase BIC'],
    ['bic', 'HSBCHKH', 'BIC of 7 characters'],
    ['bic', 'HSBCHKHHH', 'BIC of 9 characters'],
    ['bic', 'HSBC12HH', 'digits as the country'],
    ['bic', 'HSBC HK HH', 'BIC with spaces'],
    ['destinationName', 'Chan Tai-man', 'hyphen in name'],
    ['destinationBankName', 'H', 'one-letter bank name'],
    ['destinationAddress', 'HK', 'address of 2 characters'],
  ],
  BANK_DEPOSIT_CN: [
    ['destinationPhone', '+86 138 1234 5678', 'phone with spaces'],
    ['destinationPhone', '+12345', 'phone of 5 digits'],
    ['destinationPhone', '++8613812345678', 'double plus'],
    ['destinationPostcode', '20000', 'postcode of 5 digits'],
    ['destinationPostcode', '20000A', 'postcode with a letter'],
    ['destinationTaxId', '11010519491231002', 'ID card of 17 characters'],
    ['destinationTaxId', '11010519-491231002', 'ID card with a hyphen'],
    ['destinationCity', "Xi'an", 'apostrophe in city'],
    ['destinationCity', 'Shanghai 1', 'digit in city'],
    ['destinationState', 'S', 'one-letter province'],
    ['destinationName', 'Wang Xiao-ming', 'hyphen in name'],
  ],
  BANK_DEPOSIT_NG: [
    ['destinationNetworkId', 'ke-mpesa', 'a Kenyan operator on a Nigerian bank rail'],
    ['destinationBankAccount', '012345678', 'NUBAN of 9 digits'],
    ['destinationBankAccount', '01234567890', 'NUBAN of 11 digits'],
    ['destinationBankAccount', '01234-56789', 'NUBAN with a hyphen'],
  ],
  BANK_DEPOSIT_KE: [['destinationNetworkId', '', 'bank left empty']],
  BANK_DEPOSIT_MW: [['destinationBankName', 'N', 'one-letter bank name']],
  BANK_DEPOSIT_BW: [['destinationNetworkId', '', 'bank left empty']],
  BANK_DEPOSIT_TZ: [['destinationBankAccount', '1234567', 'account of 7 digits']],
  BANK_DEPOSIT_UG: [['destinationBankAccount', '12345678901234567', 'account of 17 digits']],
  BANK_DEPOSIT_RW: [['destinationBankAccount', '0004-0012345678', 'account with a hyphen']],
  BANK_DEPOSIT_ZM: [['destinationBankAccount', 'ZM0123456789012', 'country prefix']],
  BANK_DEPOSIT_ZA: [['destinationBankAccount', '621234567890', 'account of 12 digits']],
  BANK_DEPOSIT_XOF: [
    ['destinationBankAccount', 'sn0100152000048500003035', 'lowercase RIB'],
    ['destinationBankAccount', 'SN010015200004850000303', 'RIB of 23 characters'],
    ['destinationBankAccount', 'SN01 0015 2000 0485 0000 3035', 'RIB with spaces'],
  ],
  BANK_DEPOSIT_XAF: [
    ['destinationBankAccount', '1000500001012345678901', 'RIB of 22 digits'],
    ['destinationBankAccount', 'cm2110005000010123456789012', 'lowercase IBAN'],
  ],
  MOBILE_MONEY_NG: [...mobileMistakes('+254712345678'), ['destinationPhone', '08031234567', 'national form']],
  MOBILE_MONEY_KE: [
    ['destinationNetworkId', 'no-such-operator', 'an id the networks lookup does not publish'],
    ...mobileMistakes('+2348031234567'),
    ['destinationPhone', '0712345678', 'national form'],
    ['destinationPhone', '+254 712 345 678', 'phone with spaces'],
    ['destinationPhone', '254712345678', 'without the plus'],
  ],
  MOBILE_MONEY_TZ: mobileMistakes('+254712345678'),
  MOBILE_MONEY_UG: [...mobileMistakes('+255712345678'), ['destinationPhone', '+25677212345', 'one digit short']],
  MOBILE_MONEY_RW: [...mobileMistakes('+256772123456'), ['destinationPhone', '+2507881234567', 'one digit too many']],
  MOBILE_MONEY_MW: mobileMistakes('+260971234567'),
  MOBILE_MONEY_ZM: [...mobileMistakes('+265991234567'), ['destinationPhone', '+26097123456', 'one digit short']],
  MOBILE_MONEY_BW: [...mobileMistakes('+27821234567'), ['destinationPhone', '+267712345678', 'one digit too many']],
  MOBILE_MONEY_ZA: [...mobileMistakes('+26771234567'), ['destinationPhone', '+270821234567', 'trunk 0 kept']],
  MOBILE_MONEY_XOF: [...mobileMistakes('+237671234567'), ['destinationPhone', '+22177123456', 'Senegal one digit short']],
  MOBILE_MONEY_XAF: mobileMistakes('+221771234567'),
  ETH: evmMistakes,
  ARBITRUM: evmMistakes,
  OPTIMISM: evmMistakes,
  BASE: evmMistakes,
  BSC: evmMistakes,
  MATIC: evmMistakes,
  AVALANCHE: evmMistakes,
  BTC: [
    ['address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'BTC testnet tb1 address'],
    ['address', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet P2PKH (m...)'],
    ['address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdo', "'o' is not bech32"],
    ['address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md', 'bech32 one character short'],
    ['address', EVM, 'an EVM address'],
  ],
  SOL: [
    ['address', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWW0', "'0' is not base58"],
    ['address', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsG', 'address of 31 characters'],
    ['address', EVM, 'an EVM address'],
  ],
  TRON: [
    ['address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', 'address of 33 characters'],
    ['address', 'AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'does not start with T'],
    ['address', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex form'],
    ['address', EVM, 'an EVM address'],
  ],
  XRP: [
    ['destinationTag', '9999999999', 'a tag beyond the unsigned 32-bit range'],
    ['destinationTag', '42949672950', 'tag of 11 digits'],
    ['destinationTag', '12a', 'tag with a letter'],
    ['destinationTag', 123, 'tag as a number'],
    ['address', 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi', 'an X-address'],
    ['memo', '123456', 'memo instead of destinationTag'],
  ],
  POLKADOT: [
    ['address', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 'generic Substrate prefix 42'],
    ['address', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6S', 'address of 46 characters'],
  ],
  CARDANO: [
    ['address', 'DdzFFzCqrhsrcTVhLygT24QwTnNqQqQ8mZrq5jykUzMveU26sxaH529kMpo7VhPrt5pwW3dXeB2k3EEvKcNBRmzCfcQ7dTkyGzTs658C', 'Byron address'],
    ['address', 'addr_test1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', 'testnet address'],
    ['address', 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw', 'stake address'],
  ],
  ALGORAND: [
    ['address', 'vcmjkwoy5p5p7skmzffoceropjczotijmniynuckh7lro45jmjp6uybija', 'lowercase address'],
    ['address', 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJ', 'address of 57 characters'],
    ['address', 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJ1', "'1' is not base32"],
  ],
};

// city and postalCode of SEPA, ACH_US and GBP_BANK_TRANSFER may come from destinationUserData instead: a bad
// value there is named there, and a value missing from both is named in destinationTransferData.
type Located = readonly [rail: string, why: string, omit: readonly string[], identity: Body, field: string];
// biome-ignore format: one case per line reads as a table
const located: Located[] = [
  ['SEPA', 'city only in destinationUserData, one letter', ['city'], { city: 'P' }, 'destinationUserData.city'],
  ['SEPA', 'postalCode only in destinationUserData, with #', ['postalCode'], { postalCode: '75001#' }, 'destinationUserData.postalCode'],
  ['SEPA', 'postalCode only in destinationUserData, 2 characters', ['postalCode'], { postalCode: '75' }, 'destinationUserData.postalCode'],
  ['SEPA', 'city and postalCode in neither object', ['city', 'postalCode'], {}, `${T}.city`],
  ['SEPA', 'postalCode in neither object', ['postalCode'], { city: 'Paris' }, `${T}.postalCode`],
  ['ACH_US', 'city only in destinationUserData, with a digit', ['city'], { city: 'Austin 2' }, 'destinationUserData.city'],
  ['ACH_US', 'city only in destinationUserData, hyphenated', ['city'], { city: 'Winston-Salem' }, 'destinationUserData.city'],
  ['ACH_US', 'postalCode only in destinationUserData, 11 characters', ['postalCode'], { postalCode: '10001-12345' }, 'destinationUserData.postalCode'],
  ['ACH_US', 'city and postalCode in neither object', ['city', 'postalCode'], {}, `${T}.city`],
  ['ACH_US', 'state only in destinationUserData (not read there)', ['state'], { state: 'TX' }, `${T}.state`],
  ['ACH_US', 'address only in destinationUserData (not read there)', ['address'], { address: '1 Main St' }, `${T}.address`],
  ['GBP_BANK_TRANSFER', 'city only in destinationUserData, one letter', ['city'], { city: 'L' }, 'destinationUserData.city'],
  ['GBP_BANK_TRANSFER', 'postalCode only in destinationUserData, with !', ['postalCode'], { postalCode: 'LS1 4AP!' }, 'destinationUserData.postalCode'],
  ['GBP_BANK_TRANSFER', 'postalCode in neither object', ['postalCode'], {}, `${T}.postalCode`],
];

/** The payer (APPROVED in beforeAll) and the beneficiary: bare for refusals, complete for every corridor's intake. */
const bareBeneficiary: Body = {
  firstName: beneficiary.firstName,
  lastName: beneficiary.lastName,
  userEmail: beneficiary.userEmail,
  country: beneficiary.country,
};
const fullBeneficiary: Body = { ...beneficiary, address: 'Rua Augusta 100', state: 'SP' };

interface Case {
  readonly label: string;
  readonly transfer: Body;
  /** destinationUserData; null sends none; the bare beneficiary when absent. */
  readonly identity?: Body | null;
  /** The full path the message must open with. */
  readonly field: string;
  /** What the message must say about it, where the case is about one kind of failure. */
  readonly fragment?: string;
  /**
   * Refused by the request schema (a missing or non-string `type`) rather than by the service: those answer the
   * generic errorId `ValidationError-<seconds>`, not 1008 invalidParameters.
   */
  readonly generic?: boolean;
}

function instrument(rail: string, edits: Body = {}): Body {
  const out: Body = { type: rail, ...valid[rail] };
  for (const [key, value] of Object.entries(edits)) {
    if (value === OMIT) delete out[key];
    else out[key] = value;
  }
  return out;
}

const codePoints = (s: string) => [...s];

/** Cases that follow from the rail's rules alone, so that every rule of every rail is exercised. */
function derivedCases(entry: PayoutRailEntry): Case[] {
  const { rail } = entry;
  const cases: Case[] = [];
  const add = (label: string, edits: Body, field: string, fragment: string) =>
    cases.push({ label, transfer: instrument(rail, edits), field, fragment });
  for (const rule of entry.fields) {
    const k = rule.key;
    const f = `${T}.${k}`;
    const v = String(valid[rail]?.[k] ?? '');
    if (rule.required) {
      add(`${k} omitted`, { [k]: OMIT }, f, 'is required');
      add(`${k} empty`, { [k]: '' }, f, 'is required');
    }
    add(`${k} of spaces only`, { [k]: '   ' }, f, 'must not be blank');
    add(`${k} as a number`, { [k]: 12345 }, f, 'must be a string');
    add(`${k} as null`, { [k]: null }, f, 'must be a string');
    if (rule.enum !== undefined) {
      // An enum is the complete rule: exact spelling only.
      const first = rule.enum[0] ?? '';
      if (first.toLowerCase() !== first) add(`${k} in lowercase`, { [k]: first.toLowerCase() }, f, 'must be one of');
      add(`${k} with a trailing space`, { [k]: `${first} ` }, f, 'must be one of');
      continue;
    }
    const { minLength: min, maxLength: max } = rule;
    if (min !== undefined && min > 1) {
      const short = codePoints(v).slice(0, min - 1);
      add(`${k} one character short`, { [k]: short.join('') }, f, 'characters');
    }
    if (max !== undefined) {
      const last = codePoints(v).at(-1) ?? '1';
      add(`${k} one character too long`, { [k]: v + last.repeat(max + 1 - codePoints(v).length) }, f, 'characters');
    }
    if (rule.pattern !== undefined) {
      // A value pasted from a spreadsheet with its line break; lengths are checked before the pattern.
      const tooLong = max !== undefined && codePoints(v).length + 1 > max;
      add(`${k} with a trailing line break`, { [k]: `${v}\n` }, f, tooLong ? 'characters' : 'expected format');
    }
  }
  add('an unknown field', { nickname: 'Bruno' }, `${T}.nickname`, `is not a field of ${rail}`);
  return cases;
}

const aliasOf: Record<string, string> = { ACH_COP: 'BANK_DEPOSIT_COL', BANK_DEPOSIT_COL: 'ACH_COP' };

/** Cases about `type` and the quote: casing, method names, and a valid instrument of another rail. */
function typeCases(rail: string): Case[] {
  const f = `${T}.type`;
  const names = [...new Set([rail.toLowerCase(), methodNameOf(rail)])];
  const cases: Case[] = names.map((name) => ({
    label: `type ${JSON.stringify(name)}`,
    transfer: instrument(rail, { type: name }),
    field: f,
    fragment: 'is not a payout rail',
  }));
  // The next rail in the catalogue that the quote's rail does not also answer to: valid, but not what was quoted.
  const others = [...rails.slice(rails.indexOf(rail) + 1), ...rails];
  const other = others.find((r) => r !== rail && r !== aliasOf[rail]) ?? 'SEPA';
  cases.push({
    label: `a valid ${other} instrument on a ${rail} quote`,
    transfer: instrument(other),
    field: f,
    fragment: `does not match the quote's destination rail ${rail}`,
  });
  return cases;
}

/** Beneficiary identity the corridor needs beyond the baseline (checked against the quote, after the field set). */
function identityCases(rail: string): Case[] {
  const currency = entryOf(rail).currencies[0] ?? '';
  const intake = identityIntakeFor(currency, 'payout', 'individual');
  const baseline = ['firstName', 'lastName', 'userEmail', 'country'];
  const extras = (intake?.required ?? []).filter((key) => !baseline.includes(key));
  if (extras.length === 0) return [];
  const cases: Case[] = [
    {
      label: 'no destinationUserData',
      transfer: instrument(rail),
      identity: null,
      field: 'destinationUserData',
      fragment: `required for a ${currency} payout`,
    },
  ];
  // A key the instrument carries under the same name (SEPA city) satisfies the intake from there.
  for (const key of extras.filter((k) => valid[rail]?.[k] === undefined)) {
    const { [key]: _, ...identity } = fullBeneficiary;
    cases.push({
      label: `destinationUserData without ${key}`,
      transfer: instrument(rail),
      identity,
      field: `destinationUserData.${key}`,
      fragment: `required for a ${currency} payout`,
    });
  }
  return cases;
}

function casesFor(rail: string): Case[] {
  const entry = entryOf(rail);
  const picked = (mistakes[rail] ?? []).map(
    ([key, value, why]): Case => ({
      label: `${why}: ${key} ${JSON.stringify(value)}`,
      transfer: instrument(rail, { [key]: value }),
      field: `${T}.${key}`,
    }),
  );
  const elsewhere = located
    .filter(([r]) => r === rail)
    .map(
      ([, why, omit, identity, field]): Case => ({
        label: why,
        transfer: instrument(rail, Object.fromEntries(omit.map((k) => [k, OMIT]))),
        identity: { ...bareBeneficiary, ...identity },
        field,
      }),
    );
  return [...derivedCases(entry), ...picked, ...elsewhere, ...typeCases(rail), ...identityCases(rail)];
}

// Names that are no payout rail, and `type` shapes the request schema refuses; any quote will do.
// biome-ignore format: one case per line reads as a table
const notARail: Case[] = [
  ...['PIX', 'POLYGON', 'SPEI', 'BANK_DEPOSIT_PE', 'CELO', 'UPI', 'SEPA_INSTANT', 'ACH'].map((type): Case => ({
    label: `type ${type}`, transfer: { ...valid.SEPA, type }, field: `${T}.type`, fragment: 'is not a payout rail',
  })),
  { label: 'BALANCE with an iban', transfer: { type: 'BALANCE', iban: valid.SEPA?.iban }, field: `${T}.iban`,
    fragment: 'is not a field of BALANCE' },
  { label: 'type omitted', transfer: { ...valid.SEPA }, field: `${T}.type`, fragment: 'is required', generic: true },
  { label: 'type empty', transfer: { ...valid.SEPA, type: '' }, field: `${T}.type`, generic: true },
  { label: 'type as a number', transfer: { ...valid.SEPA, type: 7 }, field: `${T}.type`, generic: true },
  { label: 'type with a trailing space', transfer: { ...valid.SEPA, type: 'SEPA ' }, field: `${T}.type`, fragment: 'is not a payout rail' },
  { label: 'type "Sepa"', transfer: { ...valid.SEPA, type: 'Sepa' }, field: `${T}.type`, fragment: 'is not a payout rail' },
];

// Valid instruments beyond the per-rail example, each on a fresh quote of `quoteRail`; `stored` is what the order
// keeps when it differs from what was sent (defaults filled in).
interface Variant {
  readonly label: string;
  readonly quoteRail: string;
  readonly transfer: Body;
  readonly identity?: Body;
  readonly stored?: Body;
}
// biome-ignore format: one variant per line reads as a table
const variants: Variant[] = [
  { label: 'SEPA: city and postalCode only in destinationUserData', quoteRail: 'SEPA',
    transfer: instrument('SEPA', { city: OMIT, postalCode: OMIT }), identity: { ...fullBeneficiary, city: 'Lyon', postalCode: '69001' } },
  { label: 'SEPA: empty city in the instrument, the identity one used', quoteRail: 'SEPA',
    transfer: instrument('SEPA', { city: '' }), identity: { ...fullBeneficiary, city: 'Lyon' } },
  { label: 'SEPA: company name with punctuation, German IBAN', quoteRail: 'SEPA',
    transfer: instrument('SEPA', { destinationName: 'ACME GmbH & Co. KG', iban: 'DE89370400440532013000', country: 'DE' }) },
  { label: 'ACH_US: bankAccountType omitted defaults to CHECKING', quoteRail: 'ACH_US',
    transfer: instrument('ACH_US', { bankAccountType: OMIT }), stored: { bankAccountType: 'CHECKING' } },
  { label: 'ACH_US: territory, accented name, city and ZIP+4 from destinationUserData', quoteRail: 'ACH_US',
    transfer: instrument('ACH_US', { state: 'PR', destinationName: 'José Ñúñez', city: OMIT, postalCode: OMIT, accountType: 'BUSINESS' }),
    identity: { ...fullBeneficiary, city: 'San Juan', postalCode: '00901-1234' } },
  { label: 'GBP_BANK_TRANSFER: sort code without hyphens, no address', quoteRail: 'GBP_BANK_TRANSFER',
    transfer: instrument('GBP_BANK_TRANSFER', { sortCode: '200000', address: OMIT }) },
  { label: 'PIX_BR: CNPJ key and tax id', quoteRail: 'PIX_BR',
    transfer: instrument('PIX_BR', { destinationPixCode: '12.345.678/0001-95', destinationTaxId: '12345678000195' }) },
  { label: 'PIX_BR: phone key', quoteRail: 'PIX_BR', transfer: instrument('PIX_BR', { destinationPixCode: '+5511987654321' }) },
  { label: 'PIX_BR: random key', quoteRail: 'PIX_BR',
    transfer: instrument('PIX_BR', { destinationPixCode: '123e4567-e89b-12d3-a456-426614174000' }) },
  { label: 'BANK_DEPOSIT_MX: optional references empty', quoteRail: 'BANK_DEPOSIT_MX',
    transfer: instrument('BANK_DEPOSIT_MX', { destinationBankCode: '', numericReference: '', notesReference: '', destinationTaxId: '' }) },
  { label: 'PHONE_DEPOSIT_MX: 10 digits without +52', quoteRail: 'PHONE_DEPOSIT_MX',
    transfer: instrument('PHONE_DEPOSIT_MX', { destinationPhone: '5512345678' }) },
  { label: 'BANK_DEPOSIT_AR: empty network id, CUIT without hyphens', quoteRail: 'BANK_DEPOSIT_AR',
    transfer: instrument('BANK_DEPOSIT_AR', { destinationNetworkId: '', destinationTaxId: '20123456789' }) },
  { label: 'BANK_DEPOSIT_COL instrument on an ACH_COP quote (same rail)', quoteRail: 'ACH_COP',
    transfer: instrument('BANK_DEPOSIT_COL') },
  { label: 'ACH_COP instrument on a BANK_DEPOSIT_COL quote (same rail)', quoteRail: 'BANK_DEPOSIT_COL',
    transfer: instrument('ACH_COP') },
  { label: 'BANK_DEPOSIT_COL without the optional network id', quoteRail: 'BANK_DEPOSIT_COL',
    transfer: instrument('BANK_DEPOSIT_COL', { destinationNetworkId: OMIT }) },
  { label: 'BRE_B_COP: @alias key', quoteRail: 'BRE_B_COP', transfer: instrument('BRE_B_COP', { destinationBreBKey: '@andres.gomez' }) },
  { label: 'BRE_B_COP: e-mail key', quoteRail: 'BRE_B_COP', transfer: instrument('BRE_B_COP', { destinationBreBKey: 'andres@example.co' }) },
  { label: 'BANK_DEPOSIT_PEN: the CCI alone', quoteRail: 'BANK_DEPOSIT_PEN',
    transfer: { type: 'BANK_DEPOSIT_PEN', destinationCCI: '00219300123456789012' } },
  { label: 'BANK_DEPOSIT_CL: RUT with check digit K, no dots', quoteRail: 'BANK_DEPOSIT_CL',
    transfer: instrument('BANK_DEPOSIT_CL', { destinationTaxId: '9876543-K' }) },
  { label: 'BANK_DEPOSIT_BO: no bank name', quoteRail: 'BANK_DEPOSIT_BO', transfer: instrument('BANK_DEPOSIT_BO', { destinationBankName: '' }) },
  { label: 'BANK_DEPOSIT_XOF: IBAN form', quoteRail: 'BANK_DEPOSIT_XOF',
    transfer: instrument('BANK_DEPOSIT_XOF', { destinationBankAccount: 'SN08SN0100152000048500003035' }) },
  { label: 'BANK_DEPOSIT_XAF: IBAN form', quoteRail: 'BANK_DEPOSIT_XAF',
    transfer: instrument('BANK_DEPOSIT_XAF', { destinationBankAccount: 'CM2110005000010123456789012' }) },
  { label: "MOBILE_MONEY_XOF: Côte d'Ivoire number", quoteRail: 'MOBILE_MONEY_XOF',
    transfer: instrument('MOBILE_MONEY_XOF', { destinationPhone: '+2250712345678', destinationNetworkId: 'ci-orange-money' }) },
  { label: 'MOBILE_MONEY_XOF: Benin 8-digit number', quoteRail: 'MOBILE_MONEY_XOF',
    transfer: instrument('MOBILE_MONEY_XOF', { destinationPhone: '+22997123456', destinationNetworkId: 'bj-mtn-momo' }) },
  { label: 'BTC: legacy P2PKH', quoteRail: 'BTC', transfer: instrument('BTC', { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' }) },
  { label: 'BTC: P2SH', quoteRail: 'BTC', transfer: instrument('BTC', { address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }) },
  { label: 'BTC: taproot', quoteRail: 'BTC',
    transfer: instrument('BTC', { address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297' }) },
  { label: 'XRP: no destination tag', quoteRail: 'XRP', transfer: instrument('XRP', { destinationTag: OMIT }) },
  { label: 'XRP: empty destination tag', quoteRail: 'XRP', transfer: instrument('XRP', { destinationTag: '' }) },
  { label: 'ETH: all-lowercase address', quoteRail: 'ETH', transfer: instrument('ETH', { address: EVM.toLowerCase() }) },
];

let t: TestApp;
let p: Partner;

beforeAll(async () => {
  // Hundreds of writes in a minute: lift the write limit. One-hour quotes so that a slow run cannot expire them.
  t = await buildTestApp({
    env: { SANDBOX_SETTLE_DELAY_MS: '0', QUOTE_TTL_SECONDS: '3600', WRITE_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
});

/** A live quote paying out on `rail` in its first currency, collected from EUR by SEPA (GBP when paying EUR). */
async function quoteOn(rail: string): Promise<string> {
  const currency = entryOf(rail).currencies[0];
  const originCurrency = currency === 'EUR' ? 'GBP' : 'EUR';
  const body = { originCurrency, destinationCurrency: currency, destinationRail: rail, originAmount: 200 };
  return (await aQuote(t.app, p, body)).quoteId;
}

function order(quoteId: string, transfer: Body, identity: Body | null) {
  return postOrder(t.app, p, {
    quoteId,
    userData: payer,
    destinationTransferData: transfer,
    ...(identity === null ? {} : { destinationUserData: identity }),
  });
}

const numbered = { errorId: 1008, errorName: 'invalidParameters' };
const generic = { errorId: expect.stringMatching(/^ValidationError-\d+$/), errorName: 'ValidationError' };

async function expectRefused(quoteId: string, c: Case) {
  const response = await order(quoteId, c.transfer, c.identity === undefined ? bareBeneficiary : c.identity);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toEqual({
    success: false,
    error: 'ValidationError',
    message: expect.any(String),
    ...(c.generic ? generic : numbered),
  });
  // The message opens with the offending field's full path, then says what is wrong with it.
  expect(body.message.split(' ')[0], body.message).toBe(c.field);
  if (c.fragment !== undefined) expect(body.message).toContain(c.fragment);
}

async function expectAccepted(quoteId: string, transfer: Body, identity: Body = fullBeneficiary, stored: Body = {}) {
  const response = await order(quoteId, transfer, identity);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({
    status: 'Pending',
    quoteId,
    destinationRail: transfer.type,
    destinationTransferData: { ...transfer, ...stored },
  });
}

/** [label, row] pairs, so that test names show labels unquoted. */
const labelled = <R extends { label: string }>(rows: readonly R[]) => rows.map((row) => [row.label, row] as const);

describe('the tables', () => {
  it('have a valid instrument for every payout rail a currency offers, and mistakes only for known rails', () => {
    expect(Object.keys(valid).sort()).toEqual([...rails].sort());
    for (const rail of [...Object.keys(mistakes), ...located.map(([r]) => r)]) expect(rails).toContain(rail);
  });
});

describe.each(rails)('POST /v1/orders paying out on %s', (rail) => {
  let quoteId: string;
  beforeAll(async () => {
    quoteId = await quoteOn(rail);
  });

  it.each(labelled(casesFor(rail)))('400 for %s', async (_, c) => {
    await expectRefused(quoteId, c);
  });

  // Runs last: the same quote, still unused after every refusal above.
  it('201 for the valid instrument, on the quote the refusals left unused', async () => {
    await expectAccepted(quoteId, instrument(rail));
  });
});

describe('POST /v1/orders with a type that is no payout rail', () => {
  let quoteId: string;
  beforeAll(async () => {
    quoteId = await quoteOn('SEPA');
  });
  it.each(labelled(notARail))('400 for %s', async (_, c) => {
    await expectRefused(quoteId, c);
  });
});

describe('POST /v1/orders accepts the other valid shapes', () => {
  it.each(labelled(variants))('201 for %s', async (_, v) => {
    await expectAccepted(await quoteOn(v.quoteRail), v.transfer, v.identity, v.stored);
  });
});
