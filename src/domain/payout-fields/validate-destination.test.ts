import { describe, expect, it } from 'vitest';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import { validateDestination } from './validate-destination.js';

const OMIT = Symbol('omit');
type Overrides = Record<string, unknown>;

function entryOf(rail: string): PayoutRailEntry {
  const entry = payoutRailByRail(rail);
  if (entry === undefined) throw new Error(`no entry for ${rail}`);
  return entry;
}

// One valid destination per rail the spec shows; every case below is one edit away from these.
// biome-ignore format: one destination per rail, kept as a table
const valid: Record<string, Overrides> = {
  ACH_US: { destinationName: 'John Smith', accountNumber: '123456789', routingNumber: '021000021', country: 'US',
    city: 'New York', postalCode: '10001', state: 'NY', address: '350 Fifth Avenue', accountType: 'PERSONAL' },
  ACH_COP: { destinationName: 'María Pérez', destinationBankCode: '1007', destinationBankAccountNumber: '12345678901',
    destinationBankAccountType: 'AHORRO', destinationDocumentType: 'CC', destinationTaxId: '1020304050' },
  BANK_DEPOSIT_COL: { destinationName: 'María Pérez', destinationBankCode: '1007', destinationBankAccount: '12345678901',
    destinationBankAccountType: 'CORRIENTE', destinationDocumentType: 'NIT', destinationTaxId: '900123456' },
  BANK_DEPOSIT_AR: { destinationName: 'Juan Gómez', destinationNetworkId: '',
    destinationBankAccount: '0170099220000067797370', destinationTaxId: '20-12345678-6' },
  BANK_DEPOSIT_BO: { destinationName: 'Ana Quispe', destinationBankAccount: '1234567890', destinationTaxId: '4567890',
    destinationBankName: 'Banco Union' },
  BANK_DEPOSIT_BR: { destinationName: 'João da Silva', destinationBankCode: '341', destinationBankBranch: '1234',
    destinationBankAccount: '12345-6', destinationTaxId: '123.456.789-09' },
  BANK_DEPOSIT_BW: { destinationName: 'Kagiso Molefe', destinationNetworkId: 'bw-bank-fnb', destinationBankAccount: '621234567' },
  BANK_DEPOSIT_CL: { destinationName: 'Camila Rojas', destinationBankName: 'Banco de Chile',
    destinationBankAccountType: 'CORRIENTE', destinationTaxId: '12.345.678-5', destinationBankAccount: '00123456789' },
  BANK_DEPOSIT_CN: { destinationName: '王小明', destinationBankName: 'Bank of China', destinationBankCode: '104100000004',
    destinationBankAccount: '6217000010001234567', destinationCity: 'Shanghai', destinationState: 'Shanghai',
    destinationPostcode: '200000', destinationAddress: '100 Century Avenue', destinationTaxId: '11010519491231002X',
    destinationPhone: '+8613812345678' },
  BANK_DEPOSIT_HK: { destinationName: 'Chan Tai Man', destinationBankName: 'HSBC', bic: 'HSBCHKHH',
    destinationBankAccount: '123456789001', destinationAddress: "1 Queen's Road Central" },
  BANK_DEPOSIT_KE: { destinationName: 'Wanjiku Kamau', destinationNetworkId: 'ke-bank-equity', destinationBankAccount: '0123456789' },
  BANK_DEPOSIT_MW: { destinationName: 'Chikondi Banda', destinationBankName: 'National Bank of Malawi',
    destinationBankAccount: '1001234567' },
  BANK_DEPOSIT_MX: { destinationName: 'José Hernández', destinationBankAccountNumber: '012180001234567899',
    destinationBankCode: '', numericReference: '', notesReference: '', destinationTaxId: '' },
  BANK_DEPOSIT_PEN: { destinationCCI: '00219300123456789012' },
  SEPA: { destinationName: 'Marie Dupont', iban: 'FR1420041010050500013M02606', country: 'FR', city: 'Paris',
    postalCode: '75001' },
  PIX_BR: { destinationName: 'Maria Souza', destinationPixCode: 'maria@example.com', destinationTaxId: '12345678909' },
  BALANCE: {},
};

function body(rail: string, overrides: Overrides = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { type: rail, ...valid[rail] };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === OMIT) delete out[key];
    else out[key] = value;
  }
  return out;
}

const run = (rail: string, overrides: Overrides = {}, userData?: Record<string, unknown>) =>
  validateDestination(entryOf(rail), body(rail, overrides), userData);

const specRails = Object.keys(valid);

describe('the valid base of every spec rail', () => {
  it.each(specRails)('%s passes', (rail) => expect(run(rail)).toEqual([]));
});

// Generated from the catalogue: the rule flags themselves, so that a rule changed by mistake fails here.
const generated: Array<[string, string, Overrides, string | null]> = [];
for (const rail of specRails) {
  for (const rule of entryOf(rail).fields) {
    const k = rule.key;
    const f = `destinationTransferData.${k}`;
    const optionalOk = rule.required ? f : null;
    generated.push([rail, `${k} omitted`, { [k]: OMIT }, optionalOk]);
    generated.push([rail, `${k} as a number`, { [k]: 12345 }, f]);
    generated.push([rail, `${k} as null`, { [k]: null }, f]);
    generated.push([rail, `${k} as an array`, { [k]: ['x'] }, f]);
    if (rule.required || rule.allowEmpty === true) generated.push([rail, `${k} empty`, { [k]: '' }, optionalOk]);
  }
  generated.push([rail, 'unknown key', { nickname: 'x' }, 'destinationTransferData.nickname']);
  generated.push([
    rail,
    'type of another rail',
    { type: rail === 'SEPA' ? 'ACH_US' : 'SEPA' },
    'destinationTransferData.type',
  ]);
  generated.push([rail, 'type missing', { type: OMIT }, 'destinationTransferData.type']);
}

describe('rule flags of every spec rail', () => {
  it.each(generated)('%s: %s', (rail, _label, overrides, field) => {
    const errors = run(rail, overrides);
    if (field === null) expect(errors).toEqual([]);
    else expect(errors[0]?.field).toBe(field);
  });
});

// [rail, overrides, first error's transfer-data key or null when valid, message fragment]
type Case = [string, Overrides, string | null, string?];
// biome-ignore format: one case per line reads as a table
const boundaries: Case[] = [
  // Colombian bank codes: four digits from the list; three digits, unlisted codes and names are rejected.
  ['ACH_COP', { destinationBankCode: '1001' }, null],
  ['ACH_COP', { destinationBankCode: '1816' }, null],
  ['ACH_COP', { destinationBankCode: '007' }, 'destinationBankCode', 'must be one of: 1001, 1002'],
  ['ACH_COP', { destinationBankCode: '1003' }, 'destinationBankCode'],
  ['ACH_COP', { destinationBankCode: '10070' }, 'destinationBankCode'],
  ['ACH_COP', { destinationBankCode: 'Bancolombia' }, 'destinationBankCode'],
  ['ACH_COP', { destinationBankCode: ' 1007' }, 'destinationBankCode'],
  ['BANK_DEPOSIT_COL', { destinationBankCode: '107' }, 'destinationBankCode'],
  ['BANK_DEPOSIT_COL', { destinationBankCode: 'Banco de Bogota' }, 'destinationBankCode'],
  ['ACH_COP', { destinationName: 'Jo' }, null],
  ['ACH_COP', { destinationName: 'J' }, 'destinationName', 'at least 2'],
  ['ACH_COP', { destinationBankAccountType: 'ahorro' }, 'destinationBankAccountType', 'CORRIENTE, AHORRO'],
  ['ACH_COP', { destinationBankAccountType: 'SAVINGS' }, 'destinationBankAccountType'],
  ...['CC', 'CE', 'NIT', 'TI', 'PP'].map((t): Case => ['ACH_COP', { destinationDocumentType: t }, null]),
  ['ACH_COP', { destinationDocumentType: 'DNI' }, 'destinationDocumentType', 'CC, CE, NIT, TI, PP'],
  ['ACH_COP', { destinationTaxId: '12345' }, null],
  ['ACH_COP', { destinationTaxId: '123456789012345' }, null],
  ['ACH_COP', { destinationTaxId: '1234' }, 'destinationTaxId', 'between 5 and 15'],
  ['ACH_COP', { destinationTaxId: '1234567890123456' }, 'destinationTaxId'],
  ['ACH_COP', { destinationTaxId: '1020-304050' }, 'destinationTaxId', 'expected format'],
  ['ACH_COP', { destinationBankAccount: '123' }, 'destinationBankAccount', 'not a field of ACH_COP'],
  ['BANK_DEPOSIT_COL', { destinationBankAccountNumber: '1' }, 'destinationBankAccountNumber'],
  ['BANK_DEPOSIT_COL', { destinationNetworkId: 'co-bancolombia' }, null],
  ['ACH_COP', { destinationNetworkId: 'co-bancolombia' }, 'destinationNetworkId'],
  // ACH_US
  ['ACH_US', { routingNumber: '02100002' }, 'routingNumber', 'exactly 9'],
  ['ACH_US', { routingNumber: '0210000210' }, 'routingNumber', 'exactly 9'],
  ['ACH_US', { routingNumber: '02100002A' }, 'routingNumber', 'expected format'],
  ['ACH_US', { accountNumber: '1234' }, null],
  ['ACH_US', { accountNumber: '12345678901234567' }, null],
  ['ACH_US', { accountNumber: '123' }, 'accountNumber', 'between 4 and 17'],
  ['ACH_US', { accountNumber: '123456789012345678' }, 'accountNumber'],
  ['ACH_US', { accountNumber: '1234-5678' }, 'accountNumber'],
  ['ACH_US', { accountNumber: '１２３４５' }, 'accountNumber'],
  ...['AL', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'WY'].map((s): Case => ['ACH_US', { state: s }, null]),
  ['ACH_US', { state: 'ny' }, 'state', 'must be one of: AL, AK, AS'],
  ['ACH_US', { state: 'XX' }, 'state'],
  ['ACH_US', { state: 'New York' }, 'state'],
  ['ACH_US', { state: 'NYC' }, 'state'],
  ['ACH_US', { destinationName: 'José Ñúñez Müller' }, null],
  ['ACH_US', { destinationName: 'Jose\u0301 Garcia' }, null],
  ['ACH_US', { destinationName: 'Ann' }, null],
  ['ACH_US', { destinationName: 'John  Smith' }, 'destinationName', 'expected format'],
  ['ACH_US', { destinationName: 'John Smith2' }, 'destinationName'],
  ['ACH_US', { destinationName: ' John Smith' }, 'destinationName'],
  ['ACH_US', { destinationName: 'John Smith ' }, 'destinationName'],
  ['ACH_US', { destinationName: "John O'Brien" }, 'destinationName'],
  ['ACH_US', { destinationName: 'Mary-Jane Doe' }, 'destinationName'],
  ['ACH_US', { destinationName: 'John\tSmith' }, 'destinationName'],
  ['ACH_US', { country: 'us' }, 'country'],
  ['ACH_US', { country: 'USA' }, 'country'],
  ['ACH_US', { city: 'São Paulo' }, null],
  ['ACH_US', { city: 'Winston-Salem' }, 'city'],
  ['ACH_US', { city: 'New  York' }, 'city'],
  ['ACH_US', { postalCode: '123' }, null],
  ['ACH_US', { postalCode: '10001-1234' }, null],
  ['ACH_US', { postalCode: 'SW1A 1AA' }, null],
  ['ACH_US', { postalCode: '12' }, 'postalCode', 'between 3 and 10'],
  ['ACH_US', { postalCode: '10001-12345' }, 'postalCode'],
  ['ACH_US', { postalCode: '10001#' }, 'postalCode'],
  ['ACH_US', { address: 'abc' }, null],
  ['ACH_US', { address: 'ab' }, 'address', 'between 3 and 100'],
  ['ACH_US', { address: 'a'.repeat(100) }, null],
  ['ACH_US', { address: 'a'.repeat(101) }, 'address'],
  ['ACH_US', { address: 'é'.repeat(100) }, null],
  ['ACH_US', { accountType: 'BUSINESS' }, null],
  ['ACH_US', { accountType: 'personal' }, 'accountType', 'PERSONAL, BUSINESS'],
  ['ACH_US', { bankAccountType: 'SAVINGS' }, null],
  ['ACH_US', { bankAccountType: 'CHECKING' }, null],
  ['ACH_US', { bankAccountType: 'savings' }, 'bankAccountType', 'CHECKING, SAVINGS'],
  ['ACH_US', { bankAccountType: '' }, 'bankAccountType'],
  // BANK_DEPOSIT_AR
  ['BANK_DEPOSIT_AR', { destinationTaxId: '20123456786' }, null],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '20-123456786' }, null],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '20-1234567-89' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '2012345678' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '20.12345678.9' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_AR', { destinationNetworkId: OMIT }, null],
  ['BANK_DEPOSIT_AR', { destinationNetworkId: 'ar-bank-galicia' }, null],
  // BANK_DEPOSIT_BO
  ['BANK_DEPOSIT_BO', { destinationName: 'a'.repeat(30) }, null],
  ['BANK_DEPOSIT_BO', { destinationName: 'a'.repeat(31) }, 'destinationName', 'between 2 and 30'],
  ['BANK_DEPOSIT_BO', { destinationBankAccount: '1'.repeat(11) }, null],
  ['BANK_DEPOSIT_BO', { destinationBankAccount: '1'.repeat(12) }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_BO', { destinationTaxId: '1' }, null],
  ['BANK_DEPOSIT_BO', { destinationTaxId: '1'.repeat(16) }, 'destinationTaxId'],
  ['BANK_DEPOSIT_BO', { destinationBankName: 'b'.repeat(20) }, null],
  ['BANK_DEPOSIT_BO', { destinationBankName: 'b'.repeat(21) }, 'destinationBankName'],
  // BANK_DEPOSIT_BR
  ['BANK_DEPOSIT_BR', { destinationTaxId: '12345678909' }, null],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '123456789-09' }, null],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '1234567890' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '123 456 789 09' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '12.345.678/0001-95' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_BR', { destinationBankCode: '1' }, null],
  ['BANK_DEPOSIT_BR', { destinationBankCode: '00341' }, 'destinationBankCode'],
  ['BANK_DEPOSIT_BR', { destinationBankBranch: '12345' }, null],
  ['BANK_DEPOSIT_BR', { destinationBankBranch: '123456' }, 'destinationBankBranch'],
  ['BANK_DEPOSIT_BR', { destinationBankAccount: '12345' }, null],
  ['BANK_DEPOSIT_BR', { destinationBankAccount: '123456789012-3' }, null],
  ['BANK_DEPOSIT_BR', { destinationBankAccount: '1234' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_BR', { destinationBankAccount: '1234567890123' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_BR', { destinationBankAccount: '12345-67' }, 'destinationBankAccount'],
  ['BANK_DEPOSIT_BR', { destinationName: 'Ana Lima Ltda.' }, 'destinationName'],
  // BANK_DEPOSIT_CL: the dated change made five fields required.
  ['BANK_DEPOSIT_CL', { destinationTaxId: '9.876.545-K' }, null],
  ['BANK_DEPOSIT_CL', { destinationTaxId: '123456785' }, null],
  ['BANK_DEPOSIT_CL', { destinationTaxId: '12.345.678-X' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_CL', { destinationBankAccountType: 'VISTA' }, 'destinationBankAccountType'],
  // BANK_DEPOSIT_CN
  ['BANK_DEPOSIT_CN', { destinationPhone: '13812345678' }, null],
  ['BANK_DEPOSIT_CN', { destinationPhone: '+123456' }, null],
  ['BANK_DEPOSIT_CN', { destinationPhone: '+12345' }, 'destinationPhone'],
  ['BANK_DEPOSIT_CN', { destinationPhone: '+1234567890123456' }, 'destinationPhone'],
  ['BANK_DEPOSIT_CN', { destinationPhone: '+86 138 1234 5678' }, 'destinationPhone'],
  ['BANK_DEPOSIT_CN', { destinationPhone: '++8613812345678' }, 'destinationPhone'],
  ['BANK_DEPOSIT_CN', { destinationPostcode: '20000' }, 'destinationPostcode'],
  ['BANK_DEPOSIT_CN', { destinationPostcode: '2000000' }, 'destinationPostcode'],
  ['BANK_DEPOSIT_CN', { destinationTaxId: '11010519491231002' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_CN', { destinationTaxId: '11010519-491231002' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_CN', { destinationCity: 'Xi an' }, null],
  ['BANK_DEPOSIT_CN', { destinationCity: "Xi'an" }, 'destinationCity'],
  ['BANK_DEPOSIT_CN', { destinationState: 'S' }, 'destinationState'],
  ['BANK_DEPOSIT_CN', { destinationBankName: 'B' }, 'destinationBankName'],
  // BANK_DEPOSIT_HK
  ['BANK_DEPOSIT_HK', { bic: 'HSBCHKHHHKH' }, null],
  ['BANK_DEPOSIT_HK', { bic: 'HSBCHKH' }, 'bic'],
  ['BANK_DEPOSIT_HK', { bic: 'HSBCHKHHH' }, 'bic'],
  ['BANK_DEPOSIT_HK', { bic: 'HSBCHKHHHK' }, 'bic'],
  ['BANK_DEPOSIT_HK', { bic: 'HSBCHKHHHKHX' }, 'bic'],
  ['BANK_DEPOSIT_HK', { bic: 'hsbchkhh' }, 'bic'],
  ['BANK_DEPOSIT_HK', { bic: 'HSBC12HH' }, 'bic'],
  ['BANK_DEPOSIT_HK', { destinationAddress: 'x'.repeat(101) }, 'destinationAddress'],
  // BANK_DEPOSIT_MX: empty optional fields are "not given"; given ones are checked.
  ['BANK_DEPOSIT_MX', { destinationBankCode: OMIT, numericReference: OMIT, notesReference: OMIT, destinationTaxId: OMIT }, null],
  ['BANK_DEPOSIT_MX', { destinationBankCode: '012', numericReference: '1234567', notesReference: 'Pago factura 12' }, null],
  ['BANK_DEPOSIT_MX', { destinationTaxId: 'GODE561231GR8' }, null],
  ['BANK_DEPOSIT_MX', { destinationTaxId: 'GODE561231' }, null],
  ['BANK_DEPOSIT_MX', { destinationBankCode: '12' }, 'destinationBankCode'],
  ['BANK_DEPOSIT_MX', { destinationBankCode: '0120' }, 'destinationBankCode'],
  ['BANK_DEPOSIT_MX', { numericReference: '12345678' }, 'numericReference'],
  ['BANK_DEPOSIT_MX', { numericReference: '12a' }, 'numericReference'],
  ['BANK_DEPOSIT_MX', { notesReference: 'n'.repeat(40) }, null],
  ['BANK_DEPOSIT_MX', { notesReference: 'n'.repeat(41) }, 'notesReference'],
  ['BANK_DEPOSIT_MX', { notesReference: 'Pago #12' }, 'notesReference'],
  ['BANK_DEPOSIT_MX', { destinationTaxId: 'GODE56123' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_MX', { destinationTaxId: 'GODE-561231-GR8' }, 'destinationTaxId'],
  ['BANK_DEPOSIT_MX', { destinationBankAccountNumber: '01218000123456789' }, 'destinationBankAccountNumber'],
  ['BANK_DEPOSIT_MX', { destinationBankAccountNumber: '0121800012345678992' }, 'destinationBankAccountNumber'],
  // BANK_DEPOSIT_PEN: destinationCCI required, digits only, 1 to 20.
  ['BANK_DEPOSIT_PEN', { destinationCCI: '1' }, null],
  ['BANK_DEPOSIT_PEN', { destinationCCI: '' }, 'destinationCCI', 'is required'],
  ['BANK_DEPOSIT_PEN', { destinationCCI: '0021930012345678901A' }, 'destinationCCI', 'expected format'],
  ['BANK_DEPOSIT_PEN', { destinationCCI: '002193001234567890123' }, 'destinationCCI', 'between 1 and 20'],
  ['BANK_DEPOSIT_PEN', { destinationName: 'Luis Torres', destinationDocumentType: 'DNI', destinationTaxId: '12345678' }, null],
  ['BANK_DEPOSIT_PEN', { destinationDocumentType: 'CC' }, 'destinationDocumentType'],
  // Check digits, after the shape: each valid row is a published example, each refused one a single mistyped digit.
  ['SEPA', { iban: 'DE89370400440532013001' }, 'iban', 'not a valid IBAN'],
  ['SEPA', { iban: 'DE893704004405320130000' }, 'iban', 'not a valid IBAN'], // Germany's IBAN is 22 long
  ['SEPA', { iban: 'NL91ABNA0417164300' }, null],
  ['SEPA', { iban: 'NL9112340417164300' }, 'iban', 'not a valid IBAN'], // Dutch bank codes are letters
  ['ACH_US', { routingNumber: '011000015' }, null],
  ['ACH_US', { routingNumber: '021000022' }, 'routingNumber', 'not a valid ABA routing number'],
  ['BANK_DEPOSIT_MX', { destinationBankAccountNumber: '032180000118359719' }, null],
  ['BANK_DEPOSIT_MX', { destinationBankAccountNumber: '032180000118359718' }, 'destinationBankAccountNumber', 'not a valid CLABE'],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '529.982.247-25' }, null],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '52998224725' }, null],
  ['BANK_DEPOSIT_BR', { destinationTaxId: '529.982.247-26' }, 'destinationTaxId', 'not a valid CPF or CNPJ'],
  ['PIX_BR', { destinationTaxId: '11.222.333/0001-81' }, null],
  ['PIX_BR', { destinationTaxId: '11222333000182' }, 'destinationTaxId', 'not a valid CPF or CNPJ'],
  ['PIX_BR', { destinationTaxId: '123.456.789-08' }, 'destinationTaxId', 'not a valid CPF or CNPJ'],
  ['PIX_BR', { destinationPixCode: '52998224726' }, 'destinationPixCode', 'CPF or CNPJ Pix key'],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '33-69345023-9' }, null],
  ['BANK_DEPOSIT_AR', { destinationTaxId: '20-12345678-9' }, 'destinationTaxId', 'not a valid CUIT/CUIL'],
  ['BANK_DEPOSIT_CL', { destinationTaxId: '60.803.000-K' }, null],
  ['BANK_DEPOSIT_CL', { destinationTaxId: '60803000k' }, null],
  ['BANK_DEPOSIT_CL', { destinationTaxId: '12.345.678-6' }, 'destinationTaxId', 'not a valid RUT'],
  // SEPA
  ['SEPA', { iban: 'DE89370400440532013000' }, null],
  ['SEPA', { iban: 'de89370400440532013000' }, 'iban'],
  ['SEPA', { iban: 'DE89 3704 0044 0532 0130 00' }, 'iban'],
  ['SEPA', { iban: 'DE8937040044' }, 'iban'],
  ['SEPA', { city: "L'Aquila", postalCode: '67100' }, null],
  ['SEPA', { destinationName: 'ACME GmbH & Co. KG' }, null],
  ['SEPA', { destinationName: 'x'.repeat(71) }, 'destinationName'],
  // PIX_BR
  ...[
    '12345678909',
    '123.456.789-09',
    '12.345.678/0001-95',
    '+5511987654321',
    '123e4567-e89b-12d3-a456-426614174000',
  ].map((key): Case => ['PIX_BR', { destinationPixCode: key }, null]),
  ['PIX_BR', { destinationPixCode: '11987654321x' }, 'destinationPixCode'],
  ['PIX_BR', { destinationPixCode: '+1555123456' }, 'destinationPixCode'],
  ['PIX_BR', { destinationTaxId: '12.345.678/0001-95' }, null],
  ['PIX_BR', { destinationTaxId: '123' }, 'destinationTaxId'],
  // BALANCE carries `type` only.
  ['BALANCE', { address: '0xabc' }, 'address', 'not a field of BALANCE'],
];

describe('boundaries of the spec rails', () => {
  it.each(boundaries)('%s %j -> %s', (rail, overrides, key, fragment) => {
    const errors = run(rail, overrides);
    if (key === null) return expect(errors).toEqual([]);
    const field = `destinationTransferData.${key}`;
    expect(errors[0]?.field).toBe(field);
    expect(errors[0]?.message.startsWith(`${field} `)).toBe(true);
    if (fragment !== undefined) expect(errors[0]?.message).toContain(fragment);
  });
});

describe('city and postalCode accepted in either location (SEPA, ACH_US, GBP_BANK_TRANSFER)', () => {
  const without = { city: OMIT, postalCode: OMIT };
  it.each(['SEPA', 'ACH_US'])('%s: both in destinationUserData is valid', (rail) => {
    expect(run(rail, without, { city: 'Austin', postalCode: '78701' })).toEqual([]);
  });
  it.each(['SEPA', 'ACH_US'])('%s: split across the two objects is valid', (rail) => {
    expect(run(rail, { city: OMIT }, { city: 'Austin' })).toEqual([]);
    expect(run(rail, { postalCode: OMIT }, { postalCode: '78701' })).toEqual([]);
  });
  it.each(['SEPA', 'ACH_US'])('%s: in neither is required, naming both places', (rail) => {
    const errors = run(rail, without, { firstName: 'Ann' });
    expect(errors.map((e) => e.field)).toEqual(['destinationTransferData.city', 'destinationTransferData.postalCode']);
    expect(errors[0]?.message).toBe(
      'destinationTransferData.city is required (in destinationTransferData or destinationUserData)',
    );
    expect(run(rail, without)).toHaveLength(2);
  });
  it('an empty transfer-data value falls back to the identity object', () => {
    expect(run('ACH_US', { city: '' }, { city: 'Austin' })).toEqual([]);
  });
  it('a value in the identity object is checked and the error names that object', () => {
    expect(run('ACH_US', { city: OMIT }, { city: 'Austin 2' })[0]?.field).toBe('destinationUserData.city');
    expect(run('ACH_US', { postalCode: OMIT }, { postalCode: 78701 })).toEqual([
      { field: 'destinationUserData.postalCode', message: 'destinationUserData.postalCode must be a string' },
    ]);
  });
  it('the transfer-data value wins over the identity object', () => {
    expect(run('ACH_US', {}, { city: 'Austin 2' })).toEqual([]);
    expect(run('ACH_US', { city: 'Austin 2' }, { city: 'Austin' })[0]?.field).toBe('destinationTransferData.city');
  });
  it('other identity fields are not read from destinationUserData', () => {
    expect(run('ACH_US', { state: OMIT }, { state: 'TX' })[0]?.field).toBe('destinationTransferData.state');
  });
});
