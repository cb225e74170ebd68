// Every rail value the spec names, as the enums of `originRail` and `destinationRail`. A value listed here but
// not offered by a currency is a known rail in the wrong place (400 errorId 1008), not an unknown enum value.

const bankDepositOriginCountries = [
  'COL', 'AR', 'CL', 'PE', 'BO', 'BR', 'NG', 'KE', 'GH', 'ZA', 'TZ', 'UG', 'RW', 'MW', 'ZM', 'BW', 'CD', 'XOF', 'XAF',
] as const;
const mobileMoneyCountries = ['NG', 'KE', 'GH', 'ZA', 'TZ', 'UG', 'RW', 'MW', 'ZM', 'BW', 'CD', 'XOF', 'XAF'] as const;
const phoneDepositCountries = ['VEN', 'MX', 'AR', 'IN', 'VN'] as const;
const bankDepositDestinationCountries = [
  'VEN', 'BR', 'MX', 'COL', 'TW', 'AR', 'CL', 'BO', 'PE', 'PEN', 'NG', 'KE', 'GH', 'ZA', 'TZ', 'UG', 'RW', 'MW', 'ZM',
  'BW', 'CD', 'XOF', 'XAF', 'HK', 'CN',
] as const;

export const originRailValues = [
  'BALANCE', 'SEPA', 'BTC', 'ETH', 'MATIC', 'POLYGON', 'CELO', 'TRON', 'SOLANA', 'ARBITRUM', 'OPTIMISM', 'AVALANCHE',
  'BSC', 'BASE', 'XRP', 'PIX_BR', 'UPI', 'IMPS', 'TRY_BANK_TRANSFER', 'AED_BANK_TRANSFER', 'SPEI', 'IDR_BANK_TRANSFER',
  'CREDIT_CARD', 'THAI_QR', 'VIET_QR', 'GCASH', 'ARGENTINA_BANK_TRANSFER', 'PSE', 'CLABE', 'PIX', 'ACH_US',
  'GBP_BANK_TRANSFER',
  ...bankDepositOriginCountries.map((c) => `BANK_DEPOSIT_${c}`),
  ...mobileMoneyCountries.map((c) => `MOBILE_MONEY_${c}`),
] as const;

/**
 * Destination rails. POLKADOT, CARDANO and ALGORAND are ours: the spec lists DOT, ADA and ALGO as destination
 * currencies but names no rail for them, and enum values may be added within a version.
 */
export const destinationRailValues = [
  'SEPA', 'ETH', 'BTC', 'MATIC', 'SOL', 'TRON', 'XRP', 'BSC', 'AVALANCHE', 'ARBITRUM', 'OPTIMISM', 'BASE', 'CELO',
  'PIX_BR', 'BALANCE', 'UPI', 'IMPS', 'THAI_QR', 'VIET_QR', 'GCASH', 'ARGENTINA_BANK_TRANSFER', 'PSE', 'BRE_B_COP',
  'ACH_COP', 'GBP_BANK_TRANSFER', 'ACH_US', 'LINKED_BANK_ACCOUNT',
  ...phoneDepositCountries.map((c) => `PHONE_DEPOSIT_${c}`),
  ...bankDepositDestinationCountries.map((c) => `BANK_DEPOSIT_${c}`),
  ...mobileMoneyCountries.map((c) => `MOBILE_MONEY_${c}`),
  'POLKADOT', 'CARDANO', 'ALGORAND',
] as const;

export const originCurrencyValues = [
  'EUR', 'USD', 'GBP', 'BRL', 'MXN', 'ARS', 'COP', 'PEN', 'NGN', 'KES', 'TZS', 'UGX', 'RWF', 'MWK', 'ZMW', 'XOF', 'XAF',
  'BWP', 'USDC', 'USDT', 'CUSD', 'BTC', 'ETH', 'POL', 'SOL', 'TRX', 'AVAX', 'XRP', 'BNB',
] as const;

export const destinationCurrencyValues = [
  'EUR', 'USD', 'GBP', 'BRL', 'COP', 'MXN', 'ARS', 'CLP', 'VES', 'TWD', 'BOB', 'PEN', 'NGN', 'KES', 'ZAR', 'TZS', 'UGX',
  'RWF', 'MWK', 'ZMW', 'XOF', 'XAF', 'BWP', 'HKD', 'CNY', 'USDC', 'USDT', 'ETH', 'BTC', 'MATIC', 'SOL', 'TRX', 'AVAX',
  'DOT', 'XRP', 'POL', 'ADA', 'ALGO',
] as const;

export const holdableCurrencyValues = [
  'AVAX', 'BNB', 'BTC', 'CUSD', 'ETH', 'EUR', 'GBP', 'POL', 'SOL', 'TRX', 'USD', 'USDC', 'USDT', 'XRP',
] as const;

export const locales = ['en', 'es', 'pt', 'it', 'fr', 'de'] as const;

export type OriginRail = (typeof originRailValues)[number];
export type DestinationRail = (typeof destinationRailValues)[number];
