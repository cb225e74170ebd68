// Per-transaction amount bounds of every currency in currencies.ts, in major units, as of 2026-11-21 (served by
// GET /v1/currencies/{currency}/limits). The spec publishes no numbers, so most bounds are stage catalogue
// decisions: a floor near 1-10 USD (about 5 USD for crypto) and a ceiling near 100,000 USD, lowered to the
// wallet or scheme cap where a corridor runs over mobile money; `source` says which. payin is null when the
// currency is not collected, payout null when it is not paid out. Every bound fits the currency's precision.

import type { AmountBounds, CorridorLimits } from './types.js';

const asOf = '2026-11-21';

function limits(currency: string, payin: AmountBounds | null, payout: AmountBounds | null, source: string) {
  return { currency, payin, payout, asOf, source } satisfies CorridorLimits;
}

function range(min: string, max: string): AmountBounds {
  return { min, max };
}

const bankCeiling = 'stage catalogue decision: ~1 USD floor, ~100k USD ceiling per transfer';
const mobileMoney = 'stage catalogue decision: mobile-money tier ceiling, banks capped alike';
const cryptoBounds = 'stage catalogue decision: ~5 USD minimum, ~1M USD maximum';

export const corridorLimits: readonly CorridorLimits[] = [
  limits('EUR', range('1', '100000'), range('1', '100000'), 'stage catalogue decision: SEPA, 1 EUR floor'),
  limits('USD', range('1', '100000'), range('1', '100000'), 'stage catalogue decision: ACH_US, 1 USD floor'),
  limits('GBP', range('1', '100000'), range('1', '100000'), 'stage catalogue decision, under Faster Payments GBP 1m'),
  limits('BRL', range('10', '250000'), range('10', '250000'), 'stage catalogue decision: Pix/TED, ~2 USD floor'),
  limits('MXN', range('20', '2000000'), range('20', '2000000'), bankCeiling),
  limits('ARS', null, range('1500', '150000000'), bankCeiling),
  limits('COP', null, range('5000', '400000000'), bankCeiling),
  limits('PEN', range('5', '350000'), range('5', '350000'), bankCeiling),
  limits('NGN', range('1000', '20000000'), range('1000', '20000000'), 'stage catalogue decision: NIP transfer sizes'),
  limits('KES', range('10', '250000'), range('10', '250000'), 'M-Pesa per-transaction cap (KES 250,000)'),
  limits('TZS', range('1000', '5000000'), range('1000', '5000000'), mobileMoney),
  limits('UGX', range('1000', '5000000'), range('1000', '5000000'), mobileMoney),
  limits('RWF', range('100', '2000000'), range('100', '2000000'), mobileMoney),
  limits('MWK', range('500', '2000000'), range('500', '2000000'), mobileMoney),
  limits('ZMW', range('10', '100000'), range('10', '100000'), mobileMoney),
  limits('BWP', range('10', '100000'), range('10', '100000'), mobileMoney),
  limits('XOF', range('500', '2000000'), range('500', '2000000'), mobileMoney),
  limits('XAF', range('500', '2000000'), range('500', '2000000'), mobileMoney),
  limits('CLP', null, range('1000', '90000000'), bankCeiling),
  limits('VES', null, range('500', '5000000'), 'stage catalogue decision: ~1 USD floor, ~11k USD ceiling'),
  limits('TWD', null, range('30', '3000000'), bankCeiling),
  limits('BOB', null, range('10', '100000'), 'stage catalogue decision: ~1.5 USD floor, ~15k USD ceiling'),
  limits('ZAR', null, range('20', '500000'), 'stage catalogue decision: ~1 USD floor, ~30k USD ceiling'),
  limits('HKD', null, range('10', '800000'), bankCeiling),
  limits('CNY', null, range('100', '350000'), 'stage catalogue decision: under the USD 50k individual FX quota'),

  limits('USDC', range('5', '1000000'), range('5', '1000000'), cryptoBounds),
  limits('USDT', range('5', '1000000'), range('5', '1000000'), cryptoBounds),
  limits('CUSD', range('5', '100000'), null, 'stage catalogue decision: ~5 USD minimum, thin Celo liquidity'),
  limits('BNB', range('0.006', '1000'), null, cryptoBounds),
  limits('BTC', range('0.0001', '25'), range('0.0001', '25'), 'stage catalogue decision: ~10 USD minimum, 25 BTC'),
  limits('ETH', range('0.002', '300'), range('0.002', '300'), cryptoBounds),
  limits('POL', range('30', '5000000'), range('30', '5000000'), cryptoBounds),
  limits('MATIC', null, range('30', '5000000'), cryptoBounds),
  limits('SOL', range('0.04', '7000'), range('0.04', '7000'), cryptoBounds),
  limits('TRX', range('20', '3500000'), range('20', '3500000'), cryptoBounds),
  limits('AVAX', range('0.3', '55000'), range('0.3', '55000'), cryptoBounds),
  limits('XRP', range('2.5', '450000'), range('2.5', '450000'), cryptoBounds),
  limits('DOT', null, range('2', '330000'), cryptoBounds),
  limits('ADA', null, range('12', '2200000'), cryptoBounds),
  limits('ALGO', null, range('35', '6000000'), cryptoBounds),
];
