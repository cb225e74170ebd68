import type { PartyIdentityKey } from '../../catalogue/party-identity-keys.js';
import type { EntityType, FieldRule, IdentityIntake, PayoutRailEntry } from '../../catalogue/types.js';

// Pure checks of a party identity object (`userData`, `destinationUserData`) against a corridor's intake
// (catalogue/identity-intake.ts). The spec asks `destinationUserData` "whenever the payout corridor requires
// beneficiary identity"; a fact the payout instrument already states (ACH_COP's destinationTaxId is the
// beneficiary's tax id) is not asked a second time. So, on a payout, each of the corridor's extras is satisfied by
// the party's key or by an instrument field that carries it (FieldRule.carries), and the party object itself is
// required only when some extra can come from nowhere else. The caller maps a problem to 400 naming `field`.

export type Party = Readonly<Record<string, unknown>>;

export interface IdentityProblem {
  readonly field: string;
  readonly message: string;
}

/** Where a payout on one rail may take one of the corridor's facts from. */
export interface FactSource {
  readonly key: PartyIdentityKey;
  /** Request paths, instrument fields first: `destinationTransferData.destinationTaxId`, `destinationUserData.taxId`. */
  readonly acceptedIn: readonly string[];
  /** Whether the instrument must carry it (a required field), so that destinationUserData is not needed for it. */
  readonly alwaysCarried: boolean;
}

/** The rail-level view of a payout corridor's intake (identity-schema?direction=payout lists one per rail). */
export interface RailIntake {
  readonly rail: string;
  readonly method: string;
  /** True when some fact is not always carried by the instrument: the order must then send destinationUserData. */
  readonly destinationUserDataRequired: boolean;
  readonly facts: readonly FactSource[];
}

const present = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** A party is a business when it names one (spec: `userType` is inferred from businessName, never sent). */
export const entityTypeOf = (party: Party | undefined): EntityType =>
  party !== undefined && present(party.businessName) ? 'business' : 'individual';

const carriers = (rail: PayoutRailEntry, key: PartyIdentityKey): readonly FieldRule[] =>
  rail.fields.filter((field) => field.carries === key);

/** Where each extra of `intake` may come from on `rail`. */
export function railIntake(intake: IdentityIntake, rail: PayoutRailEntry): RailIntake {
  const facts = intake.extras.map((key): FactSource => {
    const fields = carriers(rail, key);
    return {
      key,
      acceptedIn: [
        ...fields.map((field) => `destinationTransferData.${field.key}`),
        `destinationUserData.${key}`,
      ].filter((path, i, all) => all.indexOf(path) === i),
      alwaysCarried: fields.some((field) => field.required),
    };
  });
  return {
    rail: rail.rail,
    method: rail.method,
    destinationUserDataRequired: facts.some((fact) => !fact.alwaysCarried),
    facts,
  };
}

/** The first key of `keys` missing from `party`, in the intake's order. */
const firstMissing = (keys: readonly PartyIdentityKey[], party: Party, carried: (key: PartyIdentityKey) => boolean) =>
  keys.find((key) => !present(party[key]) && !carried(key));

/**
 * The payer (`userData`) against a collection corridor's intake: every required key, baseline and extras, must be
 * in the object (a collection has no instrument that could carry one).
 */
export function checkPayer(intake: IdentityIntake, party: Party): IdentityProblem | undefined {
  const missing = firstMissing(intake.required, party, () => false);
  if (missing === undefined) return undefined;
  return {
    field: `userData.${missing}`,
    message: `userData.${missing} is required to collect ${intake.currency}`,
  };
}

/**
 * The beneficiary of a payout on `rail`: `party` (destinationUserData, when sent) and `transfer`
 * (destinationTransferData, already checked against the rail's field set). Without a party object, every extra must
 * be carried by the instrument; with one, the object holds the baseline and each extra is in it or in the
 * instrument.
 */
export function checkBeneficiary(
  intake: IdentityIntake,
  rail: PayoutRailEntry,
  transfer: Party,
  party: Party | undefined,
): IdentityProblem | undefined {
  const carried = (key: PartyIdentityKey) => carriers(rail, key).some((field) => present(transfer[field.key]));
  const payout = `a ${intake.currency} payout on ${rail.rail}`;
  if (party === undefined) {
    const uncarried = intake.extras.filter((key) => !carried(key));
    if (uncarried.length === 0) return undefined;
    const facts = uncarried.join(', ');
    return {
      field: 'destinationUserData',
      message: `destinationUserData is required for ${payout}: the instrument does not carry the beneficiary's ${facts}`,
    };
  }
  const missing = firstMissing(intake.required, party, (key) => intake.extras.includes(key) && carried(key));
  if (missing === undefined) return undefined;
  const elsewhere = carriers(rail, missing).map((field) => `destinationTransferData.${field.key}`);
  const or = elsewhere.length > 0 ? ` (or ${elsewhere.join(' or ')})` : '';
  return {
    field: `destinationUserData.${missing}`,
    message: `destinationUserData.${missing} is required for ${payout}${or}`,
  };
}
