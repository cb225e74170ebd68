import type { VerificationProfile } from '../catalogue/verification-profiles.js';
import type { Queryable } from '../storage/db.js';
import type { FeeSchedule } from './workspace.js';

export interface WorkspaceRow {
  id: string;
  name: string;
  client_id: string;
  username: string;
  password_hash: string;
  credential_version: number;
  /** The password a rotation replaced, working until previous_password_expires_at_ms (migration 0043); else null. */
  previous_password_hash: string | null;
  previous_password_expires_at_ms: bigint | string | number | null;
  enabled: boolean;
  simulation: boolean;
  enabled_pairs: string[] | null;
  fee_schedule: FeeSchedule;
  write_limit_per_minute: number | null;
  read_throttle_lifted: boolean;
  verification_profile: VerificationProfile;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  [column: string]: unknown;
}

export interface NewWorkspace {
  id: string;
  name: string;
  clientId: string;
  username: string;
  passwordHash: string;
  simulation: boolean;
  feeSchedule: FeeSchedule;
  nowMs: number;
}

export async function insertWorkspace(db: Queryable, w: NewWorkspace): Promise<WorkspaceRow> {
  const rows = await db.query<WorkspaceRow>(
    `insert into workspaces (id, name, client_id, username, password_hash, simulation, fee_schedule, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8, $8) returning *`,
    [w.id, w.name, w.clientId, w.username, w.passwordHash, w.simulation, JSON.stringify(w.feeSchedule), w.nowMs],
  );
  return rows[0] as WorkspaceRow;
}

/** The workspace; `lock`: FOR UPDATE, for a change that reads it first (its audit row's before). */
export async function findWorkspace(db: Queryable, id: string, lock = false): Promise<WorkspaceRow | undefined> {
  const sql = `select * from workspaces where id = $1${lock ? ' for update' : ''}`;
  return (await db.query<WorkspaceRow>(sql, [id]))[0];
}

export async function findWorkspaceByClientId(db: Queryable, clientId: string): Promise<WorkspaceRow | undefined> {
  return (await db.query<WorkspaceRow>('select * from workspaces where client_id = $1', [clientId]))[0];
}

export async function listWorkspaces(db: Queryable, limit: number, offset: number): Promise<WorkspaceRow[]> {
  return db.query<WorkspaceRow>('select * from workspaces order by created_at_ms, id limit $1 offset $2', [
    limit,
    offset,
  ]);
}

/**
 * A new password (credential_version + 1). With `previousExpiresAtMs`, the password it replaces becomes the previous
 * one, working until then (and one already previous is dropped: one at a time); with null, it stops now.
 */
export async function rotateCredentials(
  db: Queryable,
  id: string,
  passwordHash: string,
  previousExpiresAtMs: number | null,
  nowMs: number,
): Promise<WorkspaceRow | undefined> {
  const rows = await db.query<WorkspaceRow>(
    `update workspaces set
       previous_password_hash = case when $3::bigint is null then null else password_hash end,
       previous_password_expires_at_ms = $3::bigint,
       password_hash = $2, credential_version = credential_version + 1, updated_at_ms = $4
     where id = $1 returning *`,
    [id, passwordHash, previousExpiresAtMs, nowMs],
  );
  return rows[0];
}

/**
 * Ends a running overlap now: only the current password, and its tokens, work. Undefined when none runs at nowMs (or
 * there is no such workspace): then nothing is locked or written. `revoked_until_ms` is when the overlap would have
 * ended.
 */
export async function revokePreviousPassword(
  db: Queryable,
  id: string,
  nowMs: number,
): Promise<(WorkspaceRow & { revoked_until_ms: bigint | string | number }) | undefined> {
  const rows = await db.query<WorkspaceRow & { revoked_until_ms: bigint | string | number }>(
    `with live as (
       select id, previous_password_expires_at_ms as until_ms from workspaces
       where id = $1 and previous_password_hash is not null and previous_password_expires_at_ms > $2 for update
     )
     update workspaces w set previous_password_hash = null, previous_password_expires_at_ms = null, updated_at_ms = $2
     from live where w.id = live.id
     returning w.*, live.until_ms as revoked_until_ms`,
    [id, nowMs],
  );
  return rows[0];
}

export interface WorkspaceSettingsPatch {
  enabled?: boolean;
  simulation?: boolean;
  enabledPairs?: string[] | null;
  feeSchedule?: FeeSchedule;
  writeLimitPerMinute?: number | null;
  readThrottleLifted?: boolean;
  verificationProfile?: VerificationProfile;
}

/** Applies only the settings present in the patch; absent keys keep their value, explicit null resets to default. */
export async function updateWorkspaceSettings(
  db: Queryable,
  id: string,
  patch: WorkspaceSettingsPatch,
  nowMs: number,
): Promise<WorkspaceRow | undefined> {
  const rows = await db.query<WorkspaceRow>(
    `update workspaces set
       enabled = case when $2::boolean then $3::boolean else enabled end,
       simulation = case when $4::boolean then $5::boolean else simulation end,
       enabled_pairs = case when $6::boolean then $7::text[] else enabled_pairs end,
       fee_schedule = case when $8::boolean then $9::text::jsonb else fee_schedule end,
       write_limit_per_minute = case when $10::boolean then $11::integer else write_limit_per_minute end,
       read_throttle_lifted = case when $12::boolean then $13::boolean else read_throttle_lifted end,
       verification_profile = coalesce($15, verification_profile),
       updated_at_ms = $14
     where id = $1 returning *`,
    [
      id,
      patch.enabled !== undefined,
      patch.enabled ?? null,
      patch.simulation !== undefined,
      patch.simulation ?? null,
      patch.enabledPairs !== undefined,
      patch.enabledPairs ?? null,
      patch.feeSchedule !== undefined,
      patch.feeSchedule === undefined ? null : JSON.stringify(patch.feeSchedule),
      patch.writeLimitPerMinute !== undefined,
      patch.writeLimitPerMinute ?? null,
      patch.readThrottleLifted !== undefined,
      patch.readThrottleLifted ?? null,
      nowMs,
      patch.verificationProfile ?? null,
    ],
  );
  return rows[0];
}
