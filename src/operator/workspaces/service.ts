import { randomBytes, randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { findHolderAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { isSupportedPair } from '../../catalogue/index.js';
import { existence, stateError, validation } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { auditChange } from '../../platform/audit/scope.js';
import { type Clock, secondsOf } from '../../platform/clock.js';
import type { Db, Queryable } from '../../storage/db.js';
import { moveAccountVerification, publicAccountId } from '../../verification/verification.js';
import { livePreviousPasswordUntilMs } from '../../workspaces/credentials.js';
import { hashPassword, newSecret } from '../../workspaces/password.js';
import {
  findWorkspace,
  insertWorkspace,
  listWorkspaces,
  updateWorkspaceSettings,
  type WorkspaceRow,
} from '../../workspaces/repo.js';
import {
  type CredentialsRotating,
  revokePreviousCredentialsOf,
  rotateCredentialsOf,
} from '../../workspaces/rotation.js';
import { defaultFeeSchedule } from '../../workspaces/workspace.js';
import type {
  CreateWorkspaceBody,
  Credentials,
  RotatedCredentials,
  UpdateWorkspaceBody,
  Workspace,
} from '../api/schema.js';

type CredentialsOut = Static<typeof Credentials>;
type RotatedCredentialsOut = Static<typeof RotatedCredentials>;
type WorkspaceOut = Static<typeof Workspace>;

const clientIdAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
function randomText(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => clientIdAlphabet[b % clientIdAlphabet.length]).join('');
}

/** What creating a workspace reads of the server: the store, the clock, the environment (stage or production). */
export type WorkspaceCreating = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function createWorkspace(
  ctx: WorkspaceCreating,
  body: Static<typeof CreateWorkspaceBody>,
): Promise<CredentialsOut> {
  const production = ctx.config.brokerageEnv === 'production';
  if (production && body.simulation === true) {
    throw validation('simulation exists only in stage; production workspaces move real money');
  }
  const password = newSecret(limits.passwordLengthBytes);
  const passwordHash = await hashPassword(password);
  const nowMs = ctx.clock.nowMs();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertWorkspace(tx, {
      id: randomUUID(),
      name: body.name,
      clientId: `cl_${randomText(20)}`,
      username: `api_${randomText(12)}`,
      passwordHash,
      simulation: body.simulation ?? !production,
      feeSchedule: defaultFeeSchedule,
      nowMs,
    });
    // The operator read's shape: never the password, nor its hash.
    auditChange(tx, { ...workspaceTarget(created.id), before: null, after: settingsState(created, nowMs) });
    return created;
  });
  return { workspaceId: row.id, clientId: row.client_id, username: row.username, password };
}

/** Rotation lives below every home (workspaces/rotation.ts): the dashboard's admins rotate too. */
export async function rotateWorkspaceCredentials(
  ctx: CredentialsRotating,
  workspaceId: string,
  overlapSeconds?: number,
): Promise<RotatedCredentialsOut> {
  return rotateCredentialsOf(ctx, workspaceId, overlapSeconds);
}

export async function revokePreviousCredentials(ctx: CredentialsRotating, workspaceId: string): Promise<WorkspaceOut> {
  const row = await revokePreviousCredentialsOf(ctx, workspaceId);
  return workspaceOut(row, ctx.clock.nowMs());
}

export async function readWorkspace(db: Queryable, workspaceId: string, nowMs: number): Promise<WorkspaceOut> {
  const row = await findWorkspace(db, workspaceId);
  if (!row) throw existence(`Workspace ${workspaceId} does not exist`);
  return workspaceOut(row, nowMs);
}

export async function listAllWorkspaces(
  db: Queryable,
  limit: number,
  page: number,
  nowMs: number,
): Promise<WorkspaceOut[]> {
  return (await listWorkspaces(db, limit, limit * page)).map((row) => workspaceOut(row, nowMs));
}

/** What changing a workspace's settings reads of the server: a creation's, and the cache it clears. */
export type WorkspaceUpdating = Pick<AppContext, 'db' | 'clock' | 'config' | 'workspaces'>;

export async function updateWorkspace(
  ctx: WorkspaceUpdating,
  workspaceId: string,
  body: Static<typeof UpdateWorkspaceBody>,
): Promise<WorkspaceOut> {
  const unknownPair = [...(body.enabledPairs ?? []), ...Object.keys(body.feeSchedule?.pairs ?? {})].find(
    (p) => !isSupportedPair(p),
  );
  if (unknownPair !== undefined) throw validation(`Pair ${unknownPair} is not supported by the catalogue`);
  if (body.simulation === true && ctx.config.brokerageEnv === 'production') {
    throw validation('simulation exists only in stage; production workspaces move real money');
  }
  const nowMs = ctx.clock.nowMs();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspace(tx, workspaceId, true);
    if (!before) throw existence(`Workspace ${workspaceId} does not exist`);
    const updated = (await updateWorkspaceSettings(tx, workspaceId, body, nowMs)) as WorkspaceRow;
    auditChange(tx, {
      ...workspaceTarget(workspaceId),
      before: settingsState(before, nowMs),
      after: settingsState(updated, nowMs),
    });
    return updated;
  });
  ctx.workspaces.forget(workspaceId);
  return workspaceOut(row, nowMs);
}

/** An operator's decision on a verification that is REVIEWING: it becomes APPROVED or REJECTED, with its events. */
export async function decideVerification(
  db: Db,
  clock: Clock,
  workspaceId: string,
  email: string,
  decision: 'approve' | 'reject',
): Promise<{ accountId: string; status: string }> {
  return db.transaction(async (tx) => {
    const holder = await findHolderAccount(tx, workspaceId, email);
    if (!holder) throw existence(`No verification for ${email} in workspace ${workspaceId}`);
    if (holder.verification_status !== 'REVIEWING') {
      throw stateError(`The verification is ${holder.verification_status}; only a REVIEWING one can be decided`);
    }
    const target = decision === 'approve' ? 'APPROVED' : 'REJECTED';
    const { account } = await moveAccountVerification(tx, holder.id, target, clock.nowMs());
    const decided = { accountId: publicAccountId(account), status: account.verification_status };
    auditChange(tx, {
      workspaceId,
      target: { type: 'verification', id: decided.accountId },
      before: { email, status: holder.verification_status },
      after: { email, status: decided.status },
    });
    return decided;
  });
}

const workspaceTarget = (workspaceId: string) => ({ workspaceId, target: { type: 'workspace', id: workspaceId } });

/**
 * What the audit log records of a creation or a settings change: the operator read's shape without
 * previousPasswordExpiresAt, which these never change and the log's redaction would replace (a name like a password's).
 */
function settingsState(row: WorkspaceRow, nowMs: number): Omit<WorkspaceOut, 'previousPasswordExpiresAt'> {
  const { previousPasswordExpiresAt: _credentials, ...settings } = workspaceOut(row, nowMs);
  return settings;
}

function workspaceOut(row: WorkspaceRow, nowMs: number): WorkspaceOut {
  const previousUntilMs = livePreviousPasswordUntilMs(row, nowMs);
  return {
    workspaceId: row.id,
    name: row.name,
    clientId: row.client_id,
    username: row.username,
    enabled: row.enabled,
    simulation: row.simulation,
    enabledPairs: row.enabled_pairs,
    feeSchedule: row.fee_schedule,
    writeLimitPerMinute: row.write_limit_per_minute,
    readThrottleLifted: row.read_throttle_lifted,
    verificationProfile: row.verification_profile,
    credentialVersion: row.credential_version,
    previousPasswordExpiresAt: previousUntilMs === null ? null : secondsOf(previousUntilMs),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}
