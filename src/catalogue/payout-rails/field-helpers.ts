import { currencies } from '../currencies.js';
import { networks } from '../networks.js';
import { NAME_PATTERN } from '../reference/patterns.js';
import type { FieldLocation, FieldRule, PayoutRailEntry } from '../types.js';
import { methodNameOf } from './method-name.js';

type Constraints = Omit<FieldRule, 'key' | 'required' | 'description'>;

export const SPEC_SOURCE = 'spec: Payout destination table';
export const decided = (reason: string): string => `decided 2026-11-21: ${reason}`;

export const required = (key: string, description: string, constraints: Constraints = {}): FieldRule => ({
  key,
  required: true,
  description,
  ...constraints,
});

export const optional = (key: string, description: string, constraints: Constraints = {}): FieldRule => ({
  key,
  required: false,
  description,
  ...constraints,
});

/** Identity fields the spec lets partners put in the beneficiary's identity object instead. */
export const EITHER_LOCATION: readonly FieldLocation[] = ['destinationTransferData', 'destinationUserData'];

/** The spec's "destinationName R (name-pattern)". */
export const nameField = (): FieldRule =>
  required(
    'destinationName',
    "Beneficiary's full name: letters (accented allowed) in words separated by single spaces.",
    {
      pattern: NAME_PATTERN,
    },
  );

/** The spec's "destinationName R (2+)" of most bank and mobile rails. */
export const name2Plus = (): FieldRule =>
  required('destinationName', "Beneficiary's full name, at least 2 characters.", { minLength: 2 });

export const networkLookup = (rail: string): string =>
  `Id from the networks lookup: GET /v1/currencies/{currency}/networks?rail=${rail}.`;

/** The payout network ids the lookup publishes for a rail: the only values its destinationNetworkId accepts. */
export const payoutNetworkIds = (rail: string): string[] =>
  networks.filter((n) => n.rail === rail && n.rampTypes.includes('withdraw')).map((n) => n.id);

/** A bank or operator chosen from the networks lookup, required. */
export const networkIdField = (rail: string): FieldRule =>
  required('destinationNetworkId', networkLookup(rail), { enum: payoutNetworkIds(rail) });

// Currencies are read from the currency catalogue so that a rail offered by a new currency needs no second edit.
export function currenciesPayingOut(rail: string): readonly string[] {
  return currencies.filter((c) => c.payoutRails.includes(rail)).map((c) => c.code);
}

export function railEntry(
  rail: string,
  kind: PayoutRailEntry['kind'],
  fields: readonly FieldRule[],
  source: string,
): PayoutRailEntry {
  return { rail, method: methodNameOf(rail), kind, currencies: currenciesPayingOut(rail), fields, source };
}
