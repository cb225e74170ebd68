import type { CurrencyEntry, PayinMethod } from './types.js';

// Precisions: ISO 4217 minor units for fiat (as of the 2026 list); crypto amounts are carried at most at 8 decimals
// (stablecoins and 6-decimal chains at 6), the scale brokerages quote at, because JSON numbers cannot carry 18.
// Countries: where the currency is collected or paid out by the rails below. Decided 2026-11-21.

const sepaCountries = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
] as const;

const bank = (rail: string): PayinMethod => ({ type: 'bank', rail });
const mobileMoney = (rail: string): PayinMethod => ({ type: 'mobileMoney', rail });
const crypto = (rail: string): PayinMethod => ({ type: 'crypto', rail });

interface Shape {
  code: string;
  name: string;
  precision: number;
  holdable?: boolean;
  originAllowed?: boolean;
  destinationAllowed?: boolean;
  payinMethods?: PayinMethod[];
  /** Extra accepted spellings beyond the canonical payin rails. */
  aliases?: string[];
  payoutRails?: string[];
  countries: readonly string[];
}

function fiat(s: Shape): CurrencyEntry {
  return entry('fiat', s);
}

function coin(s: Shape): CurrencyEntry {
  return entry('crypto', s);
}

function entry(kind: CurrencyEntry['kind'], s: Shape): CurrencyEntry {
  const payinMethods = s.payinMethods ?? [];
  return {
    code: s.code,
    name: s.name,
    kind,
    precision: s.precision,
    holdable: s.holdable ?? false,
    originAllowed: s.originAllowed ?? payinMethods.length > 0,
    destinationAllowed: s.destinationAllowed ?? (s.payoutRails ?? []).length > 0,
    payinMethods,
    acceptedOriginRails: [...payinMethods.map((m) => m.rail), ...(s.aliases ?? [])],
    payoutRails: s.payoutRails ?? [],
    countries: s.countries,
  };
}

/** Mobile-money and bank corridors of the African currencies share one shape. */
function africanFiat(code: string, name: string, precision: number, suffix: string, countries: readonly string[]) {
  return fiat({
    code,
    name,
    precision,
    payinMethods: [bank(`BANK_DEPOSIT_${suffix}`), mobileMoney(`MOBILE_MONEY_${suffix}`)],
    payoutRails: [`BANK_DEPOSIT_${suffix}`, `MOBILE_MONEY_${suffix}`],
    countries,
  });
}

/** The canonical payin rail of each alias spelling a currency accepts (`aliases` below). */
export const payinRailAliases: Readonly<Record<string, string>> = { PIX: 'PIX_BR', CLABE: 'SPEI', POLYGON: 'MATIC' };

export const currencies: readonly CurrencyEntry[] = [
  fiat({
    code: 'EUR',
    name: 'Euro',
    precision: 2,
    holdable: true,
    payinMethods: [bank('SEPA')],
    payoutRails: ['SEPA'],
    countries: sepaCountries,
  }),
  fiat({
    code: 'USD',
    name: 'US Dollar',
    precision: 2,
    holdable: true,
    payinMethods: [bank('ACH_US')],
    payoutRails: ['ACH_US'],
    countries: ['US'],
  }),
  fiat({
    code: 'GBP',
    name: 'Pound Sterling',
    precision: 2,
    holdable: true,
    payinMethods: [bank('GBP_BANK_TRANSFER')],
    payoutRails: ['GBP_BANK_TRANSFER'],
    countries: ['GB'],
  }),
  fiat({
    code: 'BRL',
    name: 'Brazilian Real',
    precision: 2,
    payinMethods: [{ type: 'pix', rail: 'PIX_BR' }, bank('BANK_DEPOSIT_BR')],
    aliases: ['PIX'],
    payoutRails: ['PIX_BR', 'BANK_DEPOSIT_BR'],
    countries: ['BR'],
  }),
  fiat({
    code: 'MXN',
    name: 'Mexican Peso',
    precision: 2,
    payinMethods: [bank('SPEI')],
    aliases: ['CLABE'],
    payoutRails: ['BANK_DEPOSIT_MX', 'PHONE_DEPOSIT_MX'],
    countries: ['MX'],
  }),
  // ARS and COP are no longer collectable (dated change "Origin currencies"): payout only.
  fiat({
    code: 'ARS',
    name: 'Argentine Peso',
    precision: 2,
    payoutRails: ['BANK_DEPOSIT_AR', 'PHONE_DEPOSIT_AR'],
    countries: ['AR'],
  }),
  fiat({
    code: 'COP',
    name: 'Colombian Peso',
    precision: 2,
    payoutRails: ['ACH_COP', 'BANK_DEPOSIT_COL', 'BRE_B_COP'],
    countries: ['CO'],
  }),
  fiat({
    code: 'PEN',
    name: 'Peruvian Sol',
    precision: 2,
    payinMethods: [bank('BANK_DEPOSIT_PE')],
    payoutRails: ['BANK_DEPOSIT_PEN'],
    countries: ['PE'],
  }),
  africanFiat('NGN', 'Nigerian Naira', 2, 'NG', ['NG']),
  africanFiat('KES', 'Kenyan Shilling', 2, 'KE', ['KE']),
  africanFiat('TZS', 'Tanzanian Shilling', 2, 'TZ', ['TZ']),
  africanFiat('UGX', 'Ugandan Shilling', 0, 'UG', ['UG']),
  africanFiat('RWF', 'Rwandan Franc', 0, 'RW', ['RW']),
  africanFiat('MWK', 'Malawian Kwacha', 2, 'MW', ['MW']),
  africanFiat('ZMW', 'Zambian Kwacha', 2, 'ZM', ['ZM']),
  africanFiat('BWP', 'Botswana Pula', 2, 'BW', ['BW']),
  africanFiat('XOF', 'West African CFA Franc', 0, 'XOF', ['SN', 'CI', 'BJ', 'BF', 'ML', 'TG', 'NE', 'GW']),
  africanFiat('XAF', 'Central African CFA Franc', 0, 'XAF', ['CM', 'GA', 'CG', 'TD', 'CF', 'GQ']),
  fiat({ code: 'CLP', name: 'Chilean Peso', precision: 0, payoutRails: ['BANK_DEPOSIT_CL'], countries: ['CL'] }),
  fiat({
    code: 'VES',
    name: 'Venezuelan Bolivar',
    precision: 2,
    payoutRails: ['BANK_DEPOSIT_VEN', 'PHONE_DEPOSIT_VEN'],
    countries: ['VE'],
  }),
  fiat({ code: 'TWD', name: 'New Taiwan Dollar', precision: 2, payoutRails: ['BANK_DEPOSIT_TW'], countries: ['TW'] }),
  fiat({ code: 'BOB', name: 'Boliviano', precision: 2, payoutRails: ['BANK_DEPOSIT_BO'], countries: ['BO'] }),
  fiat({
    code: 'ZAR',
    name: 'South African Rand',
    precision: 2,
    payoutRails: ['BANK_DEPOSIT_ZA', 'MOBILE_MONEY_ZA'],
    countries: ['ZA'],
  }),
  fiat({ code: 'HKD', name: 'Hong Kong Dollar', precision: 2, payoutRails: ['BANK_DEPOSIT_HK'], countries: ['HK'] }),
  fiat({ code: 'CNY', name: 'Chinese Yuan', precision: 2, payoutRails: ['BANK_DEPOSIT_CN'], countries: ['CN'] }),

  coin({
    code: 'USDC',
    name: 'USD Coin',
    precision: 6,
    holdable: true,
    payinMethods: ['ARBITRUM', 'BASE', 'BSC', 'ETH', 'MATIC'].map(crypto),
    aliases: ['POLYGON'],
    payoutRails: ['ETH', 'ARBITRUM', 'BASE', 'BSC', 'MATIC', 'OPTIMISM', 'SOL', 'AVALANCHE'],
    countries: [],
  }),
  coin({
    code: 'USDT',
    name: 'Tether USD',
    precision: 6,
    holdable: true,
    payinMethods: ['BSC', 'ETH', 'MATIC', 'TRON'].map(crypto),
    aliases: ['POLYGON'],
    payoutRails: ['TRON', 'ETH', 'BSC', 'MATIC', 'SOL'],
    countries: [],
  }),
  // CUSD and BNB are holdable but not among the spec's destination currencies: they leave only by exchange.
  coin({
    code: 'CUSD',
    name: 'Celo Dollar',
    precision: 6,
    holdable: true,
    payinMethods: [crypto('CELO')],
    countries: [],
  }),
  coin({ code: 'BNB', name: 'BNB', precision: 8, holdable: true, payinMethods: [crypto('BSC')], countries: [] }),
  coin({
    code: 'BTC',
    name: 'Bitcoin',
    precision: 8,
    holdable: true,
    payinMethods: [crypto('BTC')],
    payoutRails: ['BTC'],
    countries: [],
  }),
  coin({
    code: 'ETH',
    name: 'Ether',
    precision: 8,
    holdable: true,
    payinMethods: [crypto('ETH')],
    payoutRails: ['ETH', 'ARBITRUM', 'OPTIMISM', 'BASE'],
    countries: [],
  }),
  coin({
    code: 'POL',
    name: 'Polygon Ecosystem Token',
    precision: 8,
    holdable: true,
    payinMethods: [crypto('MATIC')],
    aliases: ['POLYGON'],
    payoutRails: ['MATIC'],
    countries: [],
  }),
  // MATIC is POL's ticker before the 2024 migration; still accepted as a destination and paid out as POL on Polygon.
  coin({ code: 'MATIC', name: 'Polygon (legacy MATIC ticker)', precision: 8, payoutRails: ['MATIC'], countries: [] }),
  coin({
    code: 'SOL',
    name: 'Solana',
    precision: 8,
    holdable: true,
    payinMethods: [crypto('SOLANA')],
    payoutRails: ['SOL'],
    countries: [],
  }),
  coin({
    code: 'TRX',
    name: 'TRON',
    precision: 6,
    holdable: true,
    payinMethods: [crypto('TRON')],
    payoutRails: ['TRON'],
    countries: [],
  }),
  coin({
    code: 'AVAX',
    name: 'Avalanche',
    precision: 8,
    holdable: true,
    payinMethods: [crypto('AVALANCHE')],
    payoutRails: ['AVALANCHE'],
    countries: [],
  }),
  coin({
    code: 'XRP',
    name: 'XRP',
    precision: 6,
    holdable: true,
    payinMethods: [crypto('XRP')],
    payoutRails: ['XRP'],
    countries: [],
  }),
  coin({ code: 'DOT', name: 'Polkadot', precision: 8, payoutRails: ['POLKADOT'], countries: [] }),
  coin({ code: 'ADA', name: 'Cardano', precision: 6, payoutRails: ['CARDANO'], countries: [] }),
  coin({ code: 'ALGO', name: 'Algorand', precision: 6, payoutRails: ['ALGORAND'], countries: [] }),
];
