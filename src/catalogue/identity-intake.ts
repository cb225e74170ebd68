// Identity intake per corridor (GET /v1/currencies/{currency}/identity-schema?direction=&entityType=), as of
// 2026-11-25. Keys are party identity object keys (spec: Party identity object). The baseline is the spec's: an
// individual gives firstName, userEmail and country; a business adds businessName (spec Deposit: "Individual:
// firstName, userEmail, country; business: add businessName"); lastName is optional. A corridor adds extras only
// where it cannot move the money without the fact, to both entity types; every other key is optional. On a payout
// an extra may be carried by the payout instrument instead (FieldRule.carries in payout-rails/): the engine in
// domain/identity/ decides, per rail, whether destinationUserData is needed at all. One row per currency and
// direction it supports (payin when it has payin methods, payout when it has payout rails).

import { type PartyIdentityKey, partyIdentityKeys } from './party-identity-keys.js';
import type { EntityType, IdentityDirection, IdentityIntake } from './types.js';

const asOf = '2026-11-25';

const baseline: Record<EntityType, readonly PartyIdentityKey[]> = {
  individual: ['firstName', 'userEmail', 'country'],
  business: ['firstName', 'userEmail', 'country', 'businessName'],
};

/** The individual and business rows of one corridor direction. */
function corridor(
  currency: string,
  direction: IdentityDirection,
  extras: readonly PartyIdentityKey[],
  source: string,
): IdentityIntake[] {
  return (['individual', 'business'] as const).map((entityType) => {
    const required = [...baseline[entityType], ...extras];
    const optional = partyIdentityKeys.filter((key) => !required.includes(key));
    return { currency, direction, entityType, required, optional, extras, asOf, source };
  });
}

// Collection needs no payer facts beyond the baseline: every rail-funded payer must be APPROVED by verification
// (the verification gate), which holds their documented identity, and every collection rail here is a push the
// payer makes to our instructions, so the rail needs nothing of theirs either. Brazil is the exception below.
const base = 'spec Party identity object and Deposit: firstName, userEmail, country (business: businessName)';
const cityPostal = 'spec dated change: SEPA, ACH_US, GBP_BANK_TRANSFER payouts need city and postalCode';
const brazilPayout = 'spec Party identity object: Brazilian payouts need a taxId';
// Brazilian foreign-exchange rules register every câmbio operation against the Brazilian party's CPF/CNPJ, on the
// way in as on the way out.
const brazilPayin = 'decided 2026-11-21, kept: the CPF/CNPJ of the Brazilian party registers the FX operation';
const taxIdRail = (rails: string) => `spec: ${rails} require destinationTaxId; the beneficiary's tax id`;
const cryptoBase = 'spec Party identity object; travel-rule names, no extras';

export const identityIntake: readonly IdentityIntake[] = [
  corridor('EUR', 'payin', [], base),
  corridor('EUR', 'payout', ['city', 'postalCode'], cityPostal),
  corridor('USD', 'payin', [], base),
  corridor('USD', 'payout', ['city', 'postalCode'], cityPostal),
  corridor('GBP', 'payin', [], base),
  corridor('GBP', 'payout', ['city', 'postalCode'], cityPostal),
  corridor('BRL', 'payin', ['taxId'], brazilPayin),
  corridor('BRL', 'payout', ['taxId'], brazilPayout),
  corridor('MXN', 'payin', [], base),
  corridor('MXN', 'payout', [], base),
  corridor('ARS', 'payout', ['taxId'], taxIdRail('BANK_DEPOSIT_AR (dated change)')),
  corridor('COP', 'payout', ['taxId'], taxIdRail('ACH_COP and BANK_DEPOSIT_COL')),
  // BANK_DEPOSIT_PEN: the spec requires the CCI alone, which routes the payout; a document stays optional.
  corridor('PEN', 'payin', [], base),
  corridor('PEN', 'payout', [], 'spec: BANK_DEPOSIT_PEN requires destinationCCI only'),
  // Mobile money needs the wallet's phone, which MOBILE_MONEY_* instruments carry (destinationPhone); a bank
  // deposit does not use one, and collection is a push to our own wallet number, so no corridor extra.
  ...['NGN', 'KES', 'TZS', 'UGX', 'RWF', 'MWK', 'ZMW', 'BWP', 'XOF', 'XAF'].flatMap((code) => [
    corridor(code, 'payin', [], base),
    corridor(code, 'payout', [], base),
  ]),
  corridor('ZAR', 'payout', [], base),
  corridor('CLP', 'payout', ['taxId'], taxIdRail('BANK_DEPOSIT_CL (dated change)')),
  // Pago Móvil's phone is carried by PHONE_DEPOSIT_VEN's destinationPhone; a bank deposit needs none.
  corridor('VES', 'payout', ['taxId'], 'decided 2026-11-21: the holder cédula/RIF, carried by both VES rails'),
  // BANK_DEPOSIT_TW carries no address, so a TWD payout is the one corridor that needs destinationUserData.
  corridor('TWD', 'payout', ['address'], 'decided 2026-11-21: inward remittances name the beneficiary address'),
  corridor('BOB', 'payout', ['taxId'], taxIdRail('BANK_DEPOSIT_BO')),
  corridor('HKD', 'payout', ['address'], 'spec: BANK_DEPOSIT_HK requires destinationAddress'),
  corridor('CNY', 'payout', ['address', 'phoneNumber'], 'spec: BANK_DEPOSIT_CN requires address and phone'),

  ...['USDC', 'USDT', 'CUSD', 'BNB', 'BTC', 'ETH', 'POL', 'SOL', 'TRX', 'AVAX', 'XRP'].map((code) =>
    corridor(code, 'payin', [], cryptoBase),
  ),
  ...['USDC', 'USDT', 'BTC', 'ETH', 'POL', 'MATIC', 'SOL', 'TRX', 'AVAX', 'XRP', 'DOT', 'ADA', 'ALGO'].map((code) =>
    corridor(code, 'payout', [], cryptoBase),
  ),
].flat();

/** The intake of one corridor, or undefined when the currency does not support that direction. */
export function identityIntakeFor(
  currency: string,
  direction: IdentityDirection,
  entityType: EntityType,
): IdentityIntake | undefined {
  return identityIntake.find(
    (row) => row.currency === currency && row.direction === direction && row.entityType === entityType,
  );
}
