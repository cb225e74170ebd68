import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskedIdentity } from '../../domain/payout-fields/stored-instrument.js';
import { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { holdsPlaintextSensitive, openSensitive, sealSensitive } from '../../platform/secrets/sensitive.js';
import { maskedBeneficiary, maskedUnknown, storedBeneficiary, storedParty } from './sealed-parties.js';

// Goal: an order's parties are stored with no tax id or birth date readable, and a linked order's beneficiary still
// reads exactly as before (maskedIdentity of the identity in the clear), without a key to open it.

const keyring = SecretsKeyring.of(randomBytes(32));
const identity = {
  firstName: 'Hans',
  lastName: 'Müller',
  taxId: '123-45-6789',
  dob: '1980-02-03',
  city: 'Berlin',
};

describe("an order's stored parties", () => {
  it('seal every sensitive field of the payer and keep the rest', () => {
    const stored = storedParty(keyring, identity);
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain('6789');
    expect(JSON.stringify(stored)).not.toContain('1980-02-03');
    expect(holdsPlaintextSensitive(stored)).toBe(false);
    expect(openSensitive(keyring, stored)).toEqual(identity);
    expect(storedParty(keyring, undefined)).toBeNull();
  });

  it("keep a beneficiary who is not a banking account's as the payer", () => {
    const stored = storedBeneficiary(keyring, identity, false);
    expect(Object.keys(stored ?? {})).toEqual(Object.keys(identity));
    expect(openSensitive(keyring, stored)).toEqual(identity);
  });

  it("show a banking account's beneficiary masked as before, from the masked form kept beside the sealed one", () => {
    const stored = storedBeneficiary(keyring, identity, true) as Record<string, string>;
    expect(holdsPlaintextSensitive(stored)).toBe(false);
    expect(JSON.stringify(stored)).not.toContain('123-45-6789');
    expect(JSON.stringify(stored)).not.toContain('1980-02-03');
    expect(openSensitive(keyring, maskedBeneficiary(stored))).toEqual(maskedIdentity(identity));
    expect(Object.keys(maskedBeneficiary(stored))).toEqual(Object.keys(identity));
  });

  it('mask a row written before sealing as before, and never show a sealed tax id it cannot mask', () => {
    expect(maskedBeneficiary(identity)).toEqual(maskedIdentity(identity));
    // A row sealed by `npm run secrets -- reencrypt`: the tax id sealed, no masked form beside it.
    const resealed = sealSensitive(keyring, identity);
    expect(maskedBeneficiary(resealed).taxId).toBe(maskedUnknown);
  });

  it('leave an empty tax id and a beneficiary without one as they are', () => {
    const withoutTaxId = { firstName: 'Hans', taxId: '' };
    const stored = storedBeneficiary(keyring, withoutTaxId, true) as Record<string, string>;
    expect(stored).toEqual(withoutTaxId);
    expect(maskedBeneficiary(stored)).toEqual(maskedIdentity(withoutTaxId));
  });
});
