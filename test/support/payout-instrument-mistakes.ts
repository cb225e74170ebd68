// Refusals of payout instruments as data, for the order-destinations tests: realistic mistakes per rail by hand,
// values misplaced between destinationTransferData and destinationUserData, and `type`s that name no payout rail.
// The cases derived from each rail's field rules (omitted, blank, non-string, length bounds) are built in the test
// file from the catalogue.

import { type Body, EVM, T, valid } from './payout-instruments.js';

/** One refusal: what is sent, and what the 400's message must say. */
export interface Case {
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

// Realistic mistakes, one [key, value, why] per line; the first error must name `destinationTransferData.<key>`.
// Omitted and empty required fields, non-strings and plain length bounds are derived from the rules in the test file.
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
export const mistakes: Record<string, readonly Mistake[]> = {
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
export const located: Located[] = [
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

// Names that are no payout rail, and `type` shapes the request schema refuses; any quote will do.
// biome-ignore format: one case per line reads as a table
export const notARail: Case[] = [
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
