import { findCustomerAccount } from '../../accounts/accounts.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { Queryable } from '../../storage/db.js';

// The KYC data partners send (POST /v1/kyc/data), one JSON profile per person's customer account, its sensitive
// fields sealed where they sit (platform/secrets/sensitive.ts).

export type Profile = Record<string, unknown>;

/** The person's recorded profile as stored (its sensitive fields sealed); `forUpdate` locks it for a merge. */
export async function findProfile(db: Queryable, accountId: string, forUpdate = false): Promise<Profile | undefined> {
  const [row] = await db.query<{ profile: Profile }>(
    `select profile from kyc_profiles where account_id = $1${forUpdate ? ' for update' : ''}`,
    [accountId],
  );
  return row?.profile;
}

/** Writes the whole profile, created on first use, its sensitive fields sealed. */
export async function saveProfile(
  tx: Queryable,
  keyring: SecretsKeyring,
  accountId: string,
  workspaceId: string,
  profile: Profile,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into kyc_profiles (account_id, workspace_id, profile, updated_at_ms) values ($1, $2, $3::text::jsonb, $4)
       on conflict (account_id) do update set profile = excluded.profile, updated_at_ms = excluded.updated_at_ms`,
    [accountId, workspaceId, JSON.stringify(sealSensitive(keyring, profile)), nowMs],
  );
}

/** Sets the profession code of the person with this email, keeping the rest of the profile (created on first use). */
export async function recordProfession(
  tx: Queryable,
  workspaceId: string,
  email: string,
  code: string,
  nowMs: number,
): Promise<void> {
  const person = await findCustomerAccount(tx, workspaceId, email);
  if (!person) return;
  await tx.query(
    `insert into kyc_profiles (account_id, workspace_id, profile, updated_at_ms)
     values ($1, $2, jsonb_build_object('profession', $3::text), $4)
     on conflict (account_id) do update
       set profile = kyc_profiles.profile || jsonb_build_object('profession', $3::text), updated_at_ms = $4`,
    [person.id, person.workspace_id, code, nowMs],
  );
}
