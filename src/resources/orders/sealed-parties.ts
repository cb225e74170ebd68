import { confidentialIdentityKeys } from '../../catalogue/payout-identifiers.js';
import { maskedValue } from '../../domain/payout-fields/stored-instrument.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealedFieldPrefix, sealSensitive } from '../../platform/secrets/sensitive.js';

// What an order stores of its payer, its beneficiary and its payout instrument (issue #28; the rule is in
// platform/secrets/sensitive.ts): each sensitive field sealed where it sits, as the row is written, so the row, the
// answer stored with the key and every event built from the row carry it sealed; answers and webhooks open it at the
// edge, the payout's rail call opens the instrument (jobs/rail-payout.ts).
//
// One read shows a value masked rather than whole: an order paid to a banking account shows its beneficiary's tax id
// as that account's reads do (its last four, domain/payout-fields/stored-instrument.ts). A view has no key to open a
// sealed tax id with, so the masked form is computed as the row is written and kept beside the sealed value, under
// `<field>Masked`, as a banking account keeps `user_data_masked` beside its sealed instrument. A masked value is not
// a sensitive one (sensitive-columns.ts, 'masked'); the view shows it under the field's own name and never the
// companion.

type Fields = Record<string, string>;

/** The key, beside a confidential field of a linked order's stored beneficiary, that holds the field masked. */
export const maskedCompanionOf = (field: string): string => `${field}Masked`;

const companions: ReadonlySet<string> = new Set(confidentialIdentityKeys.map(maskedCompanionOf));

/** What a linked order shows for a sealed tax id stored without its masked companion (a row sealed by reencrypt). */
export const maskedUnknown = '****';

/** A party (the payer, or the beneficiary of an order that does not pay a banking account) as the row stores it. */
export const storedParty = (keyring: SecretsKeyring, party: Fields | undefined): Fields | null =>
  party === undefined ? null : sealSensitive(keyring, party);

/**
 * The beneficiary as the row stores it: sealed, and, for an order paid to a banking account (`linked`), with each
 * confidential field's masked form beside it.
 */
export function storedBeneficiary(
  keyring: SecretsKeyring,
  identity: Fields | undefined,
  linked: boolean,
): Fields | null {
  const sealed = storedParty(keyring, identity);
  if (identity === undefined || sealed === null || !linked) return sealed;
  const masked = confidentialIdentityKeys
    .filter((field) => identity[field] !== undefined && identity[field] !== null && String(identity[field]) !== '')
    .map((field) => [maskedCompanionOf(field), maskedValue(String(identity[field]))]);
  return { ...sealed, ...Object.fromEntries(masked) };
}

/**
 * A linked order's stored beneficiary as its reads show it: confidential fields masked (their companion; a value
 * still in the clear, written before sealing, masked here), every other field as stored (sealed ones are opened at
 * the edge), the companions themselves never shown. The same fields, in the same order, as maskedIdentity of the
 * identity in the clear.
 */
export function maskedBeneficiary(identity: Fields): Fields {
  const shown = (field: string, value: unknown): string => {
    const text = String(value);
    if (!confidentialIdentityKeys.includes(field) || text === '') return text;
    const companion = identity[maskedCompanionOf(field)];
    if (companion !== undefined) return String(companion);
    return text.startsWith(sealedFieldPrefix) ? maskedUnknown : maskedValue(text);
  };
  return Object.fromEntries(
    Object.entries(identity)
      .filter(([field]) => !companions.has(field))
      .map(([field, value]) => [field, shown(field, value)]),
  );
}
