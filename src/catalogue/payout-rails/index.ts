import type { PayoutRailEntry } from '../types.js';
import { achCOP, bankDepositCOL } from './ach-cop.js';
import { achUS } from './ach-us.js';
import { balance } from './balance.js';
import {
  bankDepositBW,
  bankDepositEastSouthern,
  bankDepositKE,
  bankDepositMW,
  bankDepositNG,
  bankDepositXAF,
  bankDepositXOF,
} from './bank-deposit-africa.js';
import { bankDepositCN, bankDepositHK, bankDepositTW } from './bank-deposit-asia.js';
import {
  bankDepositAR,
  bankDepositBO,
  bankDepositBR,
  bankDepositCL,
  bankDepositMX,
  bankDepositPEN,
  bankDepositVEN,
} from './bank-deposit-latam.js';
import { breBCOP } from './bre-b-cop.js';
import { algorand, btc, cardano, evmCryptoRails, polkadot, sol, tron, xrp } from './crypto.js';
import { gbpBankTransfer } from './gbp-bank-transfer.js';
import { mobileMoneyRails } from './mobile-money.js';
import { phoneDepositAR, phoneDepositMX, phoneDepositVEN } from './phone-deposit.js';
import { pixBR } from './pix-br.js';
import { sepa } from './sepa.js';

export { methodNameOf } from './method-name.js';

export const payoutRails: readonly PayoutRailEntry[] = [
  sepa,
  achUS,
  gbpBankTransfer,
  pixBR,
  bankDepositBR,
  bankDepositMX,
  phoneDepositMX,
  bankDepositAR,
  phoneDepositAR,
  achCOP,
  bankDepositCOL,
  breBCOP,
  bankDepositPEN,
  bankDepositCL,
  bankDepositBO,
  bankDepositVEN,
  phoneDepositVEN,
  bankDepositTW,
  bankDepositHK,
  bankDepositCN,
  bankDepositNG,
  bankDepositKE,
  bankDepositMW,
  bankDepositBW,
  ...bankDepositEastSouthern,
  bankDepositXOF,
  bankDepositXAF,
  ...mobileMoneyRails,
  ...evmCryptoRails,
  btc,
  sol,
  tron,
  xrp,
  polkadot,
  cardano,
  algorand,
  balance,
];

const byRail = new Map(payoutRails.map((entry) => [entry.rail, entry]));
const byMethod = new Map(payoutRails.map((entry) => [entry.method, entry]));

export function payoutRailByRail(rail: string): PayoutRailEntry | undefined {
  return byRail.get(rail);
}

/** The destination-schema `method=` value; partners also send the rail value there, so both resolve. */
export function payoutRailByMethod(method: string): PayoutRailEntry | undefined {
  return byMethod.get(method) ?? byRail.get(method);
}
