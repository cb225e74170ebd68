import { activitySectors } from '../../catalogue/activity-sectors.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { openSensitive } from '../../platform/secrets/sensitive.js';
import type { Profile } from './repo-profiles.js';
import type { VerificationRow } from './repo-reviews.js';

// What compliance judges a verification on (issue #27), for the operator API and the console alike: the KYC profile
// the partner sent, the activity sector by its catalogue name, what the customer typed on the document form, and
// where the two disagree. The comparison informs; the person decides. The document form asks no name or birth date
// (those are read on the image), so what can be compared is the identity document the partner may have sent in the
// profile (type, number, expiry, issuing country) and the sector.

/**
 * Verifications with the sealed fields of their submission and of the partner's profile opened (platform/secrets/
 * sensitive.ts), for the reader that compares or shows them: the operator API (which masks the
 * numbers) and the console's KYC queue.
 */
export const withOpenedFields = (keyring: SecretsKeyring, rows: readonly VerificationRow[]): VerificationRow[] =>
  rows.map((row) => ({
    ...row,
    submission: row.submission === null ? null : openSensitive(keyring, row.submission),
    profile: row.profile === null ? null : openSensitive(keyring, row.profile),
  }));

/** What the customer typed on the hosted page's document step (kyc_sessions.submission; never the image). */
export interface TypedDocument {
  readonly type?: string | undefined;
  readonly number?: string | undefined;
  readonly expiryDate?: string | undefined;
  readonly issuingCountry?: string | undefined;
  /** The sector picked on the page, when the partner had sent no profession. */
  readonly sector?: string | undefined;
  /** KYB: the organisation as typed. */
  readonly organisation?:
    | { readonly legalName?: string | undefined; readonly registrationNumber?: string | undefined }
    | undefined;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

export function typedDocument(submission: Readonly<Record<string, unknown>> | null): TypedDocument | undefined {
  if (submission === null) return undefined;
  const organisation = submission.organisation as Record<string, unknown> | undefined;
  const typed: TypedDocument = {
    type: str(submission.documentType),
    number: str(submission.documentNumber),
    expiryDate: str(submission.expiryDate),
    issuingCountry: str(submission.issuingCountry),
    sector: str(submission.sector),
    ...(organisation
      ? {
          organisation: {
            legalName: str(organisation.legalName),
            registrationNumber: str(organisation.registrationNumber),
          },
        }
      : {}),
  };
  return typed;
}

/** The identity document the partner sent in the profile (`document`: all four fields, or none). */
export interface SentDocument {
  readonly type?: string;
  readonly id?: string;
  readonly expiryDate?: string;
  readonly issuingCountry?: string;
}

export const sentDocument = (profile: Profile): SentDocument | undefined =>
  (profile.document as SentDocument | undefined) ?? undefined;

export interface Sector {
  readonly code: string;
  /** The catalogue's English name; null for a code the catalogue does not have. */
  readonly name: string | null;
  /** Who declared it: the partner (POST /v1/kyc/data) or the customer, picking it on the hosted page. */
  readonly declaredBy: 'partner' | 'customer';
}

/** The profile's activity sector (`profession`) by its catalogue name, and who declared it. */
export function sectorOf(profile: Profile, typed: TypedDocument | undefined): Sector | undefined {
  const code = str(profile.profession);
  if (code === undefined) return undefined;
  const name = activitySectors.find((s) => s.code === code)?.name.en ?? null;
  return { code, name, declaredBy: typed?.sector === code ? 'customer' : 'partner' };
}

/** Text for an exact comparison: no accents, no case, no spaces ("José  da Silva" is "josedasilva"). */
export function normalised(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');
}

export const comparedFields = ['documentType', 'documentNumber', 'expiryDate', 'issuingCountry', 'sector'] as const;
export type ComparedField = (typeof comparedFields)[number];

export interface Comparison {
  readonly field: ComparedField;
  /** What the partner sent (the profile). */
  readonly sent: string | undefined;
  /** What the customer typed on the document form. */
  readonly typed: string | undefined;
  /** `unknown` when either side is missing: nothing to compare. */
  readonly result: 'same' | 'differs' | 'unknown';
}

/** Each field both the profile and the document form can carry, side by side. */
export function compare(profile: Profile, typed: TypedDocument | undefined): Comparison[] {
  const sent = sentDocument(profile);
  const pairs: [ComparedField, string | undefined, string | undefined][] = [
    ['documentType', sent?.type, typed?.type],
    ['documentNumber', sent?.id, typed?.number],
    ['expiryDate', sent?.expiryDate, typed?.expiryDate],
    ['issuingCountry', sent?.issuingCountry, typed?.issuingCountry],
    ['sector', str(profile.profession), typed?.sector],
  ];
  return pairs.map(([field, a, b]) => ({
    field,
    sent: a,
    typed: b,
    result: a === undefined || b === undefined ? 'unknown' : normalised(a) === normalised(b) ? 'same' : 'differs',
  }));
}

/** An identity number as the operator API shows it: masked but for its last 4 characters (all when 4 or fewer). */
export function maskNumber(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** The profile fields the operator API shows, in the spec's order; identity numbers masked. */
function profileView(profile: Profile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of [
    'firstName',
    'lastName',
    'birthdate',
    'birthCountry',
    'phone',
    'nationality',
    'gender',
    'employmentStatus',
    'profession',
    'fundsOrigin',
    'fundsOriginOthersReason',
    'accountPurpose',
    'depositEstimation',
    'addresses',
    'pepDeclaration',
  ]) {
    if (profile[field] !== undefined) out[field] = profile[field];
  }
  const document = sentDocument(profile);
  if (document !== undefined) out.document = { ...document, ...(document.id ? { id: maskNumber(document.id) } : {}) };
  const taxId = profile.taxId as { number?: string; country?: string } | undefined;
  if (taxId !== undefined) out.taxId = { ...taxId, ...(taxId.number ? { number: maskNumber(taxId.number) } : {}) };
  return out;
}

const organisationView = (o: NonNullable<TypedDocument['organisation']>) => ({
  ...(o.legalName ? { legalName: o.legalName } : {}),
  ...(o.registrationNumber ? { registrationNumber: o.registrationNumber } : {}),
});

const seconds = (ms: bigint | null) => (ms === null ? undefined : Math.floor(Number(ms) / 1000));

/**
 * One verification as GET /admin/v1/verifications answers it. `withDocument`: what the customer typed and the
 * comparison, for the roles that may decide (compliance, admin), as the console shows the captured document.
 */
export function verificationView(row: VerificationRow, options: { readonly withDocument: boolean }) {
  const profile = row.profile ?? {};
  const typed = typedDocument(row.submission);
  const sector = sectorOf(profile, typed);
  const submittedAt = seconds(row.submitted_at_ms);
  return {
    workspaceId: row.workspace_id,
    email: row.email,
    accountId: row.account_email ?? row.account_id,
    verificationType: row.account_kind === 'organisation' ? ('KYB' as const) : ('KYC' as const),
    status: row.status,
    since: seconds(row.since_ms) as number,
    ...(submittedAt === undefined ? {} : { submittedAt }),
    profile: profileView(profile),
    ...(sector === undefined ? {} : { activitySector: sector }),
    ...(options.withDocument && typed !== undefined
      ? {
          document: {
            ...(typed.type ? { type: typed.type } : {}),
            ...(typed.number ? { number: maskNumber(typed.number) } : {}),
            ...(typed.issuingCountry ? { issuingCountry: typed.issuingCountry } : {}),
            ...(typed.expiryDate ? { expiryDate: typed.expiryDate } : {}),
            ...(typed.organisation ? { organisation: organisationView(typed.organisation) } : {}),
            ...(row.document_type === null ? {} : { fileType: row.document_type }),
          },
          mismatches: compare(profile, typed)
            .filter((c) => c.result === 'differs')
            .map((c) => c.field),
        }
      : {}),
  };
}

export type VerificationView = ReturnType<typeof verificationView>;
