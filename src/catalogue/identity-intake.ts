// Identity intake per corridor (GET /v1/currencies/{currency}/identity-schema?direction=&entityType=), as of
// 2026-11-21. Keys are party identity object keys (spec: Party identity object). Baseline: an individual gives
// firstName, lastName, userEmail and country; a business gives firstName (its representative), userEmail, country
// and businessName. A corridor adds its extras to both entity types; every other key is optional. One row per
// currency and direction it supports (payin when it has payin methods, payout when it has payout rails).

import type { EntityType, IdentityDirection, IdentityIntake } from './types.js';

export const partyIdentityKeys = [
  'firstName',
  'lastName',
  'userEmail',
  'country',
  'businessName',
  'address',
  'city',
  'postalCode',
  'state',
  'taxId',
  'dob',
  'phoneNumber',
] as const;

export type PartyIdentityKey = (typeof partyIdentityKeys)[number];

const asOf = '2026-11-21';

const baseline: Record<EntityType, readonly PartyIdentityKey[]> = {
  individual: ['firstName', 'lastName', 'userEmail', 'country'],
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
    return { currency, direction, entityType, required, optional, asOf, source };
  });
}

const base = 'spec Party identity object; lastName for individuals: stage catalogue decision';
const sepaPayout = 'spec: SEPA payout needs the beneficiary city and postalCode';
const achPayout = 'spec ACH_US: city and postalCode (here or in destinationTransferData); ours: here';
const usPayer = 'stage catalogue decision: US payer address for ACH collection (CIP)';
const ukPayout = 'stage catalogue decision, as SEPA: payee city and postalCode';
const brazil = 'spec: Brazilian payouts need a taxId; CPF/CNPJ on payin too (stage catalogue decision)';
const phone = 'stage catalogue decision: mobile-money corridor, the wallet phone number identifies the party';
const document = (doc: string) => `stage catalogue decision: beneficiary ${doc}`;
const cryptoBase = 'spec Party identity object; travel-rule names, no extras (stage catalogue decision)';

export const identityIntake: readonly IdentityIntake[] = [
  corridor('EUR', 'payin', [], base),
  corridor('EUR', 'payout', ['city', 'postalCode'], sepaPayout),
  corridor('USD', 'payin', ['address', 'city', 'postalCode', 'state'], usPayer),
  corridor('USD', 'payout', ['city', 'postalCode'], achPayout),
  corridor('GBP', 'payin', [], base),
  corridor('GBP', 'payout', ['city', 'postalCode'], ukPayout),
  corridor('BRL', 'payin', ['taxId'], brazil),
  corridor('BRL', 'payout', ['taxId'], brazil),
  corridor('MXN', 'payin', [], base),
  corridor('MXN', 'payout', [], base),
  corridor('ARS', 'payout', ['taxId'], document('CUIT/CUIL, as BANK_DEPOSIT_AR')),
  corridor('COP', 'payout', ['taxId'], document('cédula/NIT, as ACH_COP')),
  corridor('PEN', 'payin', ['taxId'], 'stage catalogue decision: payer DNI/RUC'),
  corridor('PEN', 'payout', ['taxId'], document('DNI/RUC')),
  corridor('NGN', 'payin', ['phoneNumber'], phone),
  corridor('NGN', 'payout', ['phoneNumber'], phone),
  corridor('KES', 'payin', ['phoneNumber'], phone),
  corridor('KES', 'payout', ['phoneNumber'], phone),
  corridor('TZS', 'payin', ['phoneNumber'], phone),
  corridor('TZS', 'payout', ['phoneNumber'], phone),
  corridor('UGX', 'payin', ['phoneNumber'], phone),
  corridor('UGX', 'payout', ['phoneNumber'], phone),
  corridor('RWF', 'payin', ['phoneNumber'], phone),
  corridor('RWF', 'payout', ['phoneNumber'], phone),
  corridor('MWK', 'payin', ['phoneNumber'], phone),
  corridor('MWK', 'payout', ['phoneNumber'], phone),
  corridor('ZMW', 'payin', ['phoneNumber'], phone),
  corridor('ZMW', 'payout', ['phoneNumber'], phone),
  corridor('BWP', 'payin', ['phoneNumber'], phone),
  corridor('BWP', 'payout', ['phoneNumber'], phone),
  corridor('XOF', 'payin', ['phoneNumber'], phone),
  corridor('XOF', 'payout', ['phoneNumber'], phone),
  corridor('XAF', 'payin', ['phoneNumber'], phone),
  corridor('XAF', 'payout', ['phoneNumber'], phone),
  corridor('ZAR', 'payout', ['phoneNumber'], phone),
  corridor('CLP', 'payout', ['taxId'], document('RUT, as BANK_DEPOSIT_CL')),
  corridor('VES', 'payout', ['taxId', 'phoneNumber'], document('cédula and Pago Móvil phone')),
  corridor('TWD', 'payout', ['address'], document('address')),
  corridor('BOB', 'payout', ['taxId'], document('CI/NIT, as BANK_DEPOSIT_BO')),
  corridor('HKD', 'payout', ['address'], document('address, as BANK_DEPOSIT_HK')),
  corridor('CNY', 'payout', ['address', 'phoneNumber'], document('address and phone, as BANK_DEPOSIT_CN')),

  corridor('USDC', 'payin', [], cryptoBase),
  corridor('USDC', 'payout', [], cryptoBase),
  corridor('USDT', 'payin', [], cryptoBase),
  corridor('USDT', 'payout', [], cryptoBase),
  corridor('CUSD', 'payin', [], cryptoBase),
  corridor('BNB', 'payin', [], cryptoBase),
  corridor('BTC', 'payin', [], cryptoBase),
  corridor('BTC', 'payout', [], cryptoBase),
  corridor('ETH', 'payin', [], cryptoBase),
  corridor('ETH', 'payout', [], cryptoBase),
  corridor('POL', 'payin', [], cryptoBase),
  corridor('POL', 'payout', [], cryptoBase),
  corridor('MATIC', 'payout', [], cryptoBase),
  corridor('SOL', 'payin', [], cryptoBase),
  corridor('SOL', 'payout', [], cryptoBase),
  corridor('TRX', 'payin', [], cryptoBase),
  corridor('TRX', 'payout', [], cryptoBase),
  corridor('AVAX', 'payin', [], cryptoBase),
  corridor('AVAX', 'payout', [], cryptoBase),
  corridor('XRP', 'payin', [], cryptoBase),
  corridor('XRP', 'payout', [], cryptoBase),
  corridor('DOT', 'payout', [], cryptoBase),
  corridor('ADA', 'payout', [], cryptoBase),
  corridor('ALGO', 'payout', [], cryptoBase),
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
