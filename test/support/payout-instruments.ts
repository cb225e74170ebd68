// Payout instruments (destinationTransferData) as data, for the order-destinations tests: one valid instrument per
// payout rail, the beneficiary identities sent with them, and the other valid shapes a rail accepts. The refusals
// live in payout-instrument-mistakes.ts; the cases derived from each rail's field rules stay in the test file.

import { beneficiary } from './orders.js';

export type Body = Record<string, unknown>;

/** The request field of the payout instrument: every message about it names a path under it. */
export const T = 'destinationTransferData';
/** An edit of `instrument` that removes the key rather than setting it. */
export const OMIT = Symbol('omit');

// One realistic instrument per rail, optional fields included so that their rules are exercised too.
// biome-ignore format: one instrument per rail, kept as a table
export const valid: Record<string, Body> = {
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
  BANK_DEPOSIT_MX: { destinationName: 'José Hernández', destinationBankAccountNumber: '012180001234567899',
    destinationBankCode: '012', numericReference: '1234567', notesReference: 'Pago factura 12',
    destinationTaxId: 'GODE561231GR8' },
  PHONE_DEPOSIT_MX: { destinationName: 'Ana López', destinationPhone: '+525512345678' },
  BANK_DEPOSIT_AR: { destinationName: 'Juan Gómez', destinationNetworkId: 'ar-bank-galicia',
    destinationBankAccount: '0170099220000067797370', destinationTaxId: '20-12345678-6' },
  PHONE_DEPOSIT_AR: { destinationName: 'Sofía Díaz', destinationPhone: '+5491123456789', destinationTaxId: '27-12345678-0' },
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

export const EVM = valid.ETH?.address as string;

/** The beneficiary: bare (the baseline identity) for refusals, complete for every corridor's intake. */
export const bareBeneficiary: Body = {
  firstName: beneficiary.firstName,
  lastName: beneficiary.lastName,
  userEmail: beneficiary.userEmail,
  country: beneficiary.country,
};
export const fullBeneficiary: Body = { ...beneficiary, address: 'Rua Augusta 100', state: 'SP' };

/** The rail's valid instrument with `edits` applied: a value replaces the key's, OMIT removes the key. */
export function instrument(rail: string, edits: Body = {}): Body {
  const out: Body = { type: rail, ...valid[rail] };
  for (const [key, value] of Object.entries(edits)) {
    if (value === OMIT) delete out[key];
    else out[key] = value;
  }
  return out;
}

// Valid instruments beyond the per-rail example, each on a fresh quote of `quoteRail`; `stored` is what the order
// keeps when it differs from what was sent (defaults filled in).
export interface Variant {
  readonly label: string;
  readonly quoteRail: string;
  readonly transfer: Body;
  readonly identity?: Body;
  readonly stored?: Body;
}
// biome-ignore format: one variant per line reads as a table
export const variants: Variant[] = [
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
    transfer: instrument('BANK_DEPOSIT_AR', { destinationNetworkId: '', destinationTaxId: '20123456786' }) },
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
    transfer: instrument('BANK_DEPOSIT_CL', { destinationTaxId: '9876545-K' }) },
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
