import type { Static } from 'typebox';
import { ensureCustomerAccount, findCustomerAccount, findHolderAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { kycProfileFields, missingKycFields } from '../../catalogue/verification-profiles.js';
import { validation } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import { publicAccountId } from '../../verification/verification.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { findProfile, type Profile, saveProfile } from './repo-profiles.js';
import type { KycDataRequest } from './schema.js';

type Request = Static<typeof KycDataRequest>;

/** A sector code: digits only. Free text is not a code and counts as not declared. */
const professionCode = /^[0-9]{1,6}$/;

/** The fields of a request as they are recorded: pep dropped, profession only when it is a code. */
function recordable(body: Request): { set: Profile; unset: string[] } {
  const { userEmail: _email, pep: _pep, profession, ...rest } = body;
  const set: Profile = { ...rest };
  const unset: string[] = [];
  if (profession !== undefined) {
    if (professionCode.test(profession.trim())) set.profession = profession.trim();
    else unset.push('profession');
  }
  return { set, unset };
}

/**
 * The merged profile's rules. The birth date is checked as sent (a date in the past stays so), so the merge never
 * opens what was recorded before: its sensitive fields stay sealed as they were (platform/secrets/sensitive.ts).
 */
function checkProfile(profile: Profile, sent: Profile, today: string): void {
  const estimation = profile.depositEstimation as { minimum: number; maximum: number } | undefined;
  if (estimation && estimation.minimum > estimation.maximum) {
    throw validation('depositEstimation.minimum must not exceed depositEstimation.maximum', 'invalidParameters');
  }
  if (typeof sent.birthdate === 'string' && sent.birthdate >= today) {
    throw validation('birthdate must be in the past', 'invalidParameters');
  }
  if (profile.fundsOrigin === 'others' && profile.fundsOriginOthersReason === undefined) {
    throw validation('fundsOriginOthersReason is required when fundsOrigin is others', 'invalidParameters');
  }
}

const providedFields = (profile: Profile) => kycProfileFields.filter((field) => profile[field] !== undefined);

/** What recording a partner's KYC data reads of the server. */
export type KycDataSubmitting = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

/**
 * Merges a partner's KYC data into the customer's profile (created on first use): a re-sent field overwrites,
 * nested objects are replaced whole. Safe to re-call; the answer says what is given and what is still missing.
 */
export async function submitKycData(ctx: KycDataSubmitting, workspace: WorkspaceContext, body: Request) {
  const { set, unset } = recordable(body);
  const nowMs = ctx.clock.nowMs();
  const merged = await ctx.db.transaction(async (tx) => {
    const account = await ensureCustomerAccount(tx, workspace.id, body.userEmail, nowMs);
    // As stored: the fields recorded before keep their sealed values, and the merge seals those sent now.
    const existing = await findProfile(tx, account.id, true);
    const profile: Profile = { ...(existing ?? {}), ...set };
    for (const field of unset) delete profile[field];
    checkProfile(profile, set, new Date(nowMs).toISOString().slice(0, 10));
    await saveProfile(tx, ctx.secretsKeyring, account.id, workspace.id, profile, nowMs);
    return profile;
  });
  return {
    success: true as const,
    providedFields: providedFields(merged),
    missingFields: missingKycFields(workspace.verificationProfile, merged),
  };
}

/**
 * The customer's profile as recorded (its sensitive fields sealed: platform/secrets/sensitive.ts), or an empty one when none was
 * sent: what tells which fields were sent, never their values.
 */
export async function profileOf(db: Queryable, accountId: string): Promise<Profile> {
  return (await findProfile(db, accountId)) ?? {};
}

/** The authoritative read before enabling operations: status, what is missing, and the account id once it exists. */
export async function kycStatusOf(db: Queryable, workspace: WorkspaceContext, email: string) {
  // The status and account id are the holder's (an organisation's for its representatives); the fields the person's.
  const [person, account] = await Promise.all([
    findCustomerAccount(db, workspace.id, email),
    findHolderAccount(db, workspace.id, email),
  ]);
  if (!account || !person) {
    return {
      ok: true as const,
      value: { status: 'NOT_AVAILABLE' as const, missingFields: missingKycFields(workspace.verificationProfile, {}) },
    };
  }
  const profile = await profileOf(db, person.id);
  return {
    ok: true as const,
    value: {
      status: account.verification_status,
      missingFields: missingKycFields(workspace.verificationProfile, profile),
      accountId: publicAccountId(account),
    },
  };
}
