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
import { hashPassword, newSecret } from '../../workspaces/password.js';
import {
  findWorkspace,
  insertWorkspace,
  listWorkspaces,
  rotateCredentials,
  updateWorkspaceSettings,
  type WorkspaceRow,
} from '../../workspaces/repo.js';
import { defaultFeeSchedule } from '../../workspaces/workspace.js';
import type { CreateWorkspaceBody, Credentials, UpdateWorkspaceBody, Workspace } from '../api/schema.js';

type CredentialsOut = Static<typeof Credentials>;
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
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertWorkspace(tx, {
      id: randomUUID(),
      name: body.name,
      clientId: `cl_${randomText(20)}`,
      username: `api_${randomText(12)}`,
      passwordHash,
      simulation: body.simulation ?? !production,
      feeSchedule: defaultFeeSchedule,
      nowMs: ctx.clock.nowMs(),
    });
    // The operator read's shape: never the password, nor its hash.
    auditChange(tx, { ...workspaceTarget(created.id), before: null, after: workspaceOut(created) });
    return created;
  });
  return { workspaceId: row.id, clientId: row.client_id, username: row.username, password };
}

/** What rotating a workspace's credentials reads of the server: the store, the clock, the cache it clears. */
export type CredentialsRotating = Pick<AppContext, 'db' | 'clock' | 'workspaces'>;

export async function rotateWorkspaceCredentials(
  ctx: CredentialsRotating,
  workspaceId: string,
): Promise<CredentialsOut> {
  const password = newSecret(limits.passwordLengthBytes);
  const passwordHash = await hashPassword(password);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspace(tx, workspaceId, true);
    if (!before) throw existence(`Workspace ${workspaceId} does not exist`);
    const rotated = (await rotateCredentials(tx, workspaceId, passwordHash, ctx.clock.nowMs())) as WorkspaceRow;
    // Which credentials are valid changed; the password itself is shown once, to the caller, and nowhere else.
    const version = (w: WorkspaceRow) => ({ credentialVersion: w.credential_version });
    auditChange(tx, { ...workspaceTarget(workspaceId), before: version(before), after: version(rotated) });
    return rotated;
  });
  ctx.workspaces.forget(workspaceId);
  return { workspaceId: row.id, clientId: row.client_id, username: row.username, password };
}

export async function readWorkspace(db: Queryable, workspaceId: string): Promise<WorkspaceOut> {
  const row = await findWorkspace(db, workspaceId);
  if (!row) throw existence(`Workspace ${workspaceId} does not exist`);
  return workspaceOut(row);
}

export async function listAllWorkspaces(db: Queryable, limit: number, page: number): Promise<WorkspaceOut[]> {
  return (await listWorkspaces(db, limit, limit * page)).map(workspaceOut);
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
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspace(tx, workspaceId, true);
    if (!before) throw existence(`Workspace ${workspaceId} does not exist`);
    const updated = (await updateWorkspaceSettings(tx, workspaceId, body, ctx.clock.nowMs())) as WorkspaceRow;
    auditChange(tx, { ...workspaceTarget(workspaceId), before: workspaceOut(before), after: workspaceOut(updated) });
    return updated;
  });
  ctx.workspaces.forget(workspaceId);
  return workspaceOut(row);
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

function workspaceOut(row: WorkspaceRow): WorkspaceOut {
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
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}
