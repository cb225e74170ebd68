// Networks partners send as originNetworkId / destinationNetworkId (spec: Deposit, Payout destination; read with
// GET /v1/currencies/{currency}/networks). As of 2026-11-21: compiled for the stage catalogue from operators' public
// lists; ids are ours, stable once published. Rows live in networks-mobile-money.ts and networks-banks.ts.

import { bankNetworks } from './networks-banks.js';
import { mobileMoneyNetworks } from './networks-mobile-money.js';
import type { NetworkEntry } from './types.js';

export const networks: readonly NetworkEntry[] = [...mobileMoneyNetworks, ...bankNetworks];
