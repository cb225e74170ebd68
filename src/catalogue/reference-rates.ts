// Illustrative reference mid rates for the stage sandbox, compiled 2026-11-20 from public market levels; not a live
// feed. usdPerUnit is US dollars per one unit of the currency. spreadBps is the half-spread applied on this
// currency's side of a conversion: majors 10-15, liquid emerging currencies 25-40, exotics 60-150, stablecoins 5,
// volatile crypto 40-60. XOF and XAF follow their fixed euro parity (655.957 per EUR); HKD its USD band.

import type { ReferenceRate } from './types.js';

const asOf = '2026-11-20';

function rate(currency: string, usdPerUnit: string, spreadBps: number): ReferenceRate {
  return { currency, usdPerUnit, spreadBps, asOf };
}

export const referenceRates: readonly ReferenceRate[] = [
  rate('USD', '1', 10),
  rate('EUR', '1.1580', 10),
  rate('GBP', '1.3120', 12),
  rate('HKD', '0.12850', 15),
  rate('BRL', '0.1852', 30),
  rate('MXN', '0.05420', 25),
  rate('CNY', '0.14080', 30),
  rate('TWD', '0.03230', 30),
  rate('ZAR', '0.05780', 30),
  rate('CLP', '0.001064', 35),
  rate('PEN', '0.2960', 40),
  rate('COP', '0.0002560', 40),
  rate('ARS', '0.000690', 150),
  rate('VES', '0.00220', 150),
  rate('BOB', '0.1447', 120),
  rate('NGN', '0.000676', 100),
  rate('KES', '0.007740', 60),
  rate('TZS', '0.000408', 80),
  rate('UGX', '0.000276', 80),
  rate('RWF', '0.000690', 90),
  rate('MWK', '0.000577', 150),
  rate('ZMW', '0.04350', 100),
  rate('BWP', '0.07450', 80),
  rate('XOF', '0.0017654', 60),
  rate('XAF', '0.0017654', 70),

  rate('USDC', '1.0000', 5),
  rate('USDT', '1.0000', 5),
  rate('CUSD', '1.0000', 5),
  rate('BTC', '96250', 40),
  rate('ETH', '3215', 40),
  rate('BNB', '915.00', 50),
  rate('SOL', '142.50', 50),
  rate('XRP', '2.2100', 50),
  rate('TRX', '0.2840', 50),
  rate('AVAX', '17.80', 60),
  rate('POL', '0.1900', 60),
  // MATIC is POL's pre-migration ticker, paid out as POL: same rate.
  rate('MATIC', '0.1900', 60),
  rate('DOT', '2.950', 60),
  rate('ADA', '0.4420', 60),
  rate('ALGO', '0.1620', 60),
];
