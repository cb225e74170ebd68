// The keys of a party identity object (spec: Party identity object): what a corridor's identity intake
// (identity-intake.ts) and a payout field that carries one of them (types.ts, FieldRule.carries) may name.

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
