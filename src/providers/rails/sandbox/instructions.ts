// Payment instructions (`depositInfo`) for the stage sandbox. Pure: everything derives from the input, so the same
// deposit always shows the same details and tests can pin them. Details are valid by each scheme's checksum rules
// but fictitious (see bank-details.ts and addresses.ts); stage never watches a bank or chain, funds "arrive"
// through the simulate API.
//
// Shapes in deposit-info.ts; the deprecated LOCALBANK, PSE and PENDING are never produced here.

import { currencies } from '../../../catalogue/currencies.js';
import { networks } from '../../../catalogue/networks.js';
import { amountFromDecimal, amountToJson, scaleOf } from '../../../domain/money/currency-amount.js';
import type { DepositInfo } from '../deposit-info.js';
import { cryptoRails, depositAddress } from './addresses.js';
import {
  digitsFor,
  STAGE_ACCOUNT_HOLDER,
  STAGE_BANK_NAME,
  STAGE_BIC,
  STAGE_ROUTING_NUMBER,
  STAGE_SORT_CODE,
  sandboxClabe,
  sandboxIban,
  sandboxLocalAccount,
  sandboxMobileNumber,
} from './bank-details.js';
import { brCode, qrPngBase64, sandboxPixKey } from './brcode.js';

export type * from '../deposit-info.js';

export interface DepositInstructionsInput {
  readonly depositId: string;
  readonly currency: string;
  /** A payin rail the currency accepts, alias spellings (POLYGON, PIX, CLABE) included. */
  readonly rail: string;
  /** Exact decimal in major units; undefined for open-amount EUR. */
  readonly amount: string | undefined;
  /** originNetworkId, on mobile-money rails only. */
  readonly networkId?: string | undefined;
}

const MOBILE_ACCOUNT_NAME = `${STAGE_ACCOUNT_HOLDER} (sandbox)`;
const PIX_MERCHANT_NAME = 'BROKERAGE STAGE SANDBOX';
const PIX_MERCHANT_CITY = 'SAO PAULO';

/**
 * The reference the payer quotes so the inbound transfer matches the deposit: from the server-generated id only
 * (spec: never from an idempotency key). 15 characters, within the Faster Payments (18) and PIX txid (25) limits.
 */
export function referenceCodeOf(depositId: string): string {
  if (!/^(PRE)?[A-Z0-9]{12}$/.test(depositId)) throw new Error(`not a deposit id: ${depositId}`);
  return `BRK${depositId.length === 15 ? depositId.slice(3) : depositId}`;
}

/** Throws on a rail the currency does not collect on, or a malformed amount: the caller validated both. */
export async function depositInstructions(input: DepositInstructionsInput): Promise<DepositInfo> {
  const { depositId, rail } = input;
  const currency = currencies.find((c) => c.code === input.currency);
  if (currency === undefined || !currency.acceptedOriginRails.includes(rail)) {
    throw new Error(`${input.currency} is not collected on rail ${rail}`);
  }
  if (input.networkId !== undefined && !rail.startsWith('MOBILE_MONEY_')) {
    throw new Error(`networkId given on non-mobile-money rail ${rail}`);
  }
  const referenceCode = referenceCodeOf(depositId); // validates the id on every rail, crypto included
  const crypto = cryptoRails[rail];
  if (crypto !== undefined) {
    return {
      depositType: 'CRYPTO',
      network: crypto.network,
      address: depositAddress(depositId, crypto.format, crypto.network),
    };
  }

  const minor = input.amount === undefined ? undefined : parseAmount(input.amount, currency.code);
  const amount = minor === undefined ? {} : { amount: amountToJson(minor, currency.code) };

  if (rail === 'SEPA') {
    const iban = sandboxIban(depositId);
    return {
      depositType: 'SEPA',
      accountHolder: STAGE_ACCOUNT_HOLDER,
      iban,
      bic: STAGE_BIC,
      bankName: STAGE_BANK_NAME,
      ...amount,
      referenceCode,
    };
  }
  if (rail === 'GBP_BANK_TRANSFER') {
    const accountNumber = digitsFor(depositId, rail, 8);
    return {
      depositType: rail,
      accountHolder: STAGE_ACCOUNT_HOLDER,
      accountNumber,
      sortCode: STAGE_SORT_CODE,
      bankName: STAGE_BANK_NAME,
      ...amount,
      referenceCode,
    };
  }
  if (rail === 'ACH_US') {
    const accountNumber = digitsFor(depositId, rail, 12);
    return {
      depositType: rail,
      beneficiaryName: STAGE_ACCOUNT_HOLDER,
      routingNumber: STAGE_ROUTING_NUMBER,
      accountNumber,
      bankName: STAGE_BANK_NAME,
      ...amount,
      referenceCode,
    };
  }
  if (rail === 'PIX_BR' || rail === 'PIX') {
    const qrCodeString = brCode({
      pixKey: sandboxPixKey(depositId),
      amount: minor === undefined ? undefined : twoPlaces(minor, currency.code),
      merchantName: PIX_MERCHANT_NAME,
      merchantCity: PIX_MERCHANT_CITY,
      txid: referenceCode,
    });
    return { depositType: 'PIX', qrCodeString, base64QRCode: await qrPngBase64(qrCodeString) };
  }
  if (rail === 'SPEI' || rail === 'CLABE') {
    const clabe = sandboxClabe(depositId);
    return {
      depositType: 'SPEI',
      clabe,
      beneficiaryName: STAGE_ACCOUNT_HOLDER,
      bankName: STAGE_BANK_NAME,
      ...amount,
      referenceCode,
    };
  }
  if (rail.startsWith('MOBILE_MONEY_')) {
    const network = input.networkId === undefined ? undefined : collectionNetwork(rail, input.networkId);
    const country = network?.country ?? currency.countries[0];
    if (country === undefined) throw new Error(`${currency.code} has no country`);
    const phoneNumber = sandboxMobileNumber(depositId, country);
    const networkId = network === undefined ? {} : { networkId: network.id };
    return {
      depositType: 'MOBILE_MONEY',
      ...networkId,
      phoneNumber,
      accountName: MOBILE_ACCOUNT_NAME,
      ...amount,
      referenceCode,
    };
  }
  if (rail.startsWith('BANK_DEPOSIT_')) {
    const accountNumber = sandboxLocalAccount(depositId, rail.slice('BANK_DEPOSIT_'.length));
    return {
      depositType: 'BANK_TRANSFER',
      accountHolder: STAGE_ACCOUNT_HOLDER,
      accountNumber,
      bankName: STAGE_BANK_NAME,
      ...amount,
      referenceCode,
    };
  }
  throw new Error(`no sandbox instructions for rail ${rail}`);
}

function parseAmount(decimal: string, currency: string): bigint {
  const parsed = amountFromDecimal(decimal, currency);
  if (!parsed.ok || parsed.minor <= 0n) throw new Error(`invalid deposit amount ${decimal}`);
  return parsed.minor;
}

/** "10.50": the BR Code writes the amount with its two decimals. */
function twoPlaces(minor: bigint, currency: string): string {
  const precision = scaleOf(currency);
  const cents = precision <= 2 ? minor * 10n ** BigInt(2 - precision) : minor / 10n ** BigInt(precision - 2);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function collectionNetwork(rail: string, networkId: string) {
  const network = networks.find((n) => n.id === networkId && n.rail === rail && n.rampTypes.includes('deposit'));
  if (network === undefined) throw new Error(`${networkId} is not a collection network of ${rail}`);
  return network;
}
