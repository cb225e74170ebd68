// Typical network fee of one payout per crypto payout rail, in US dollars, as of 2026-11-20: illustrative levels for
// the stage sandbox compiled from public fee trackers; not a live feed. Quoted as `expectedGasFee`. TRON is high
// because a USDT transfer burns energy; CELO is kept though no currency pays out on it yet.

import type { NetworkGasFee } from './types.js';

const asOf = '2026-11-20';

function fee(rail: string, usd: string): NetworkGasFee {
  return { rail, usd, asOf };
}

export const networkGasFees: readonly NetworkGasFee[] = [
  fee('ETH', '1.20'),
  fee('BTC', '1.80'),
  fee('ARBITRUM', '0.03'),
  fee('OPTIMISM', '0.03'),
  fee('BASE', '0.02'),
  fee('BSC', '0.08'),
  fee('MATIC', '0.01'),
  fee('SOL', '0.005'),
  fee('TRON', '1.10'),
  fee('AVALANCHE', '0.03'),
  fee('XRP', '0.0005'),
  fee('POLKADOT', '0.02'),
  fee('CARDANO', '0.10'),
  fee('ALGORAND', '0.001'),
  fee('CELO', '0.005'),
];
