// What each verification provider profile requires of a customer's KYC profile before the hosted check can run.
// A workspace uses one (operators set `verificationProfile`); `missingFields` is computed from it. Decided for the
// stage catalogue, 2026-11-22: basic is a name-and-birth screen, standard adds what AML rules ask of every
// customer (contact, address, source of funds, purpose), enhanced adds due-diligence fields.

export const kycProfileFields = [
  'firstName',
  'lastName',
  'birthdate',
  'birthCountry',
  'phone',
  'nationality',
  'employmentStatus',
  'profession',
  'fundsOrigin',
  'fundsOriginOthersReason',
  'accountPurpose',
  'depositEstimation',
  'addresses',
  'gender',
  'document',
  'taxId',
  'pepDeclaration',
] as const;
export type KycProfileField = (typeof kycProfileFields)[number];

const basic: readonly KycProfileField[] = ['firstName', 'lastName', 'birthdate', 'nationality'];
const standard: readonly KycProfileField[] = [
  ...basic,
  'phone',
  'addresses',
  'employmentStatus',
  'fundsOrigin',
  'accountPurpose',
];
const enhanced: readonly KycProfileField[] = [
  ...standard,
  'birthCountry',
  'profession',
  'depositEstimation',
  'document',
  'taxId',
];

export const verificationProfiles = { basic, standard, enhanced } as const;
export type VerificationProfile = keyof typeof verificationProfiles;
export const verificationProfileNames = Object.keys(verificationProfiles) as VerificationProfile[];
export const defaultVerificationProfile: VerificationProfile = 'standard';

/** What the profile still lacks: the provider's fields not yet given, plus the reason when fundsOrigin is others. */
export function missingKycFields(profile: VerificationProfile, given: Readonly<Record<string, unknown>>): string[] {
  const required: string[] = [...verificationProfiles[profile]];
  if (given.fundsOrigin === 'others') required.push('fundsOriginOthersReason');
  return required.filter((field) => given[field] === undefined);
}
