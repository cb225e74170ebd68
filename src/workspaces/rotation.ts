import type { AppContext } from '../app-context.js';
import { existence, validation } from '../domain/errors.js';
import { limits } from '../limits.js';
import { auditChange } from '../platform/audit/scope.js';
import { secondsOf } from '../platform/clock.js';
import { livePreviousPasswordUntilMs } from './credentials.js';
import { hashPassword, newSecret } from './password.js';
import { findWorkspace, revokePreviousPassword, rotateCredentials, type WorkspaceRow } from './repo.js';

// Rotating a workspace's password with an overlap (issue 30, item 1; docs/decisions/security-and-secrets.md,
// "Rotating a workspace's password with an overlap"), for every home that offers it: the operator API and console,
// and the partner dashboard's admins. Each change describes itself for the audit log (auditChange).

/** A new password, shown once, and until when the one it replaced keeps working (Unix seconds; null: it stopped). */
export interface RotatedCredentials {
  readonly workspaceId: string;
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
  readonly previousPasswordExpiresAt: number | null;
}

const workspaceTarget = (workspaceId: string) => ({ workspaceId, target: { type: 'workspace', id: workspaceId } });

/**
 * What the audit log records of a change of credentials: which version works, and until when the previous one does
 * (Unix seconds, null: none). Not named `previousPasswordExpiresAt` as the read has it: the log's redaction replaces
 * every field named like a password (platform/audit/redaction.ts).
 */
export function credentialsState(row: WorkspaceRow, nowMs: number) {
  const until = livePreviousPasswordUntilMs(row, nowMs);
  return {
    credentialVersion: row.credential_version,
    previousVersionExpiresAt: until === null ? null : secondsOf(until),
  };
}

/** What rotating a workspace's credentials reads of the server: the store, the clock, the cache it clears. */
export type CredentialsRotating = Pick<AppContext, 'db' | 'clock' | 'workspaces'>;

/**
 * A new password, shown once. The one it replaces keeps working, with its tokens, for `overlapSeconds` (0: it stops
 * now, and its tokens within seconds); a password already previous stops now: one previous password at a time
 * (docs/decisions/security-and-secrets.md, "Rotating a workspace's password with an overlap").
 */
export async function rotateCredentialsOf(
  ctx: CredentialsRotating,
  workspaceId: string,
  overlapSeconds: number = limits.credentialOverlapDefaultSeconds,
): Promise<RotatedCredentials> {
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > limits.credentialOverlapMaxSeconds) {
    throw validation(
      `overlapSeconds must be a whole number of seconds from 0 to ${limits.credentialOverlapMaxSeconds}`,
    );
  }
  const password = newSecret(limits.passwordLengthBytes);
  const passwordHash = await hashPassword(password);
  const nowMs = ctx.clock.nowMs();
  const previousExpiresAtMs = overlapSeconds === 0 ? null : nowMs + overlapSeconds * 1000;
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findWorkspace(tx, workspaceId, true);
    if (!before) throw existence(`Workspace ${workspaceId} does not exist`);
    const rotated = (await rotateCredentials(
      tx,
      workspaceId,
      passwordHash,
      previousExpiresAtMs,
      nowMs,
    )) as WorkspaceRow;
    // Which credentials are valid changed; the password itself is shown once, to the caller, and nowhere else.
    auditChange(tx, {
      ...workspaceTarget(workspaceId),
      before: credentialsState(before, nowMs),
      after: credentialsState(rotated, nowMs),
    });
    return rotated;
  });
  ctx.workspaces.forget(workspaceId);
  return {
    workspaceId: row.id,
    clientId: row.client_id,
    username: row.username,
    password,
    previousPasswordExpiresAt: previousExpiresAtMs === null ? null : secondsOf(previousExpiresAtMs),
  };
}

/**
 * Ends a rotation's overlap now: the previous password stops working, and its tokens within seconds (the workspace
 * cache's window in other processes). With no overlap running it changes nothing and records nothing, and answers
 * the workspace all the same.
 */
export async function revokePreviousCredentialsOf(
  ctx: CredentialsRotating,
  workspaceId: string,
): Promise<WorkspaceRow> {
  const nowMs = ctx.clock.nowMs();
  const row = await ctx.db.transaction(async (tx) => {
    const revoked = await revokePreviousPassword(tx, workspaceId, nowMs);
    if (revoked === undefined) {
      // Nothing ran: nothing was locked or written, and there is no change to record.
      const current = await findWorkspace(tx, workspaceId);
      if (!current) throw existence(`Workspace ${workspaceId} does not exist`);
      return current;
    }
    // Before: the same version, with the end the overlap had.
    const until = secondsOf(Number(revoked.revoked_until_ms));
    auditChange(tx, {
      ...workspaceTarget(workspaceId),
      before: { credentialVersion: revoked.credential_version, previousVersionExpiresAt: until },
      after: credentialsState(revoked, nowMs),
    });
    return revoked;
  });
  ctx.workspaces.forget(workspaceId);
  return row;
}
