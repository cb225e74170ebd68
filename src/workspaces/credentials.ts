import { verifyPassword } from './password.js';
import type { WorkspaceRow } from './repo.js';
import type { WorkspaceContext } from './workspace.js';

// Which credentials of a workspace work (docs/decisions/security-and-secrets.md, "Rotating a workspace's password
// with an overlap"): the current password, version credential_version; and, while a rotation's overlap runs, the
// password it replaced, version credential_version - 1, until previous_password_expires_at_ms (migration 0043). A
// token carries the version of the password it was minted with (platform/tokens.ts `cv`), so the tokens of the
// previous password work exactly as long as the password itself.

/** When the previous password stops working, as stored (whether or not that is past); null when there is none. */
export function previousPasswordUntilMs(row: WorkspaceRow): number | null {
  const until = row.previous_password_expires_at_ms;
  return row.previous_password_hash === null || until === null ? null : Number(until);
}

/** When the previous password stops working, if it still works at nowMs; null when only the current one works. */
export function livePreviousPasswordUntilMs(row: WorkspaceRow, nowMs: number): number | null {
  const until = previousPasswordUntilMs(row);
  return until !== null && nowMs < until ? until : null;
}

/**
 * The credential version a password opens: the current one's, or the previous one's while its overlap runs;
 * undefined for any other password. The current password is hashed first; the previous one only when the current
 * one does not match and an overlap runs.
 */
export async function credentialVersionOpenedBy(
  row: WorkspaceRow,
  password: string,
  nowMs: number,
): Promise<number | undefined> {
  if (await verifyPassword(password, row.password_hash)) return row.credential_version;
  const previous = row.previous_password_hash;
  if (previous === null || livePreviousPasswordUntilMs(row, nowMs) === null) return undefined;
  return (await verifyPassword(password, previous)) ? row.credential_version - 1 : undefined;
}

/** Whether a token of credential version `cv` still works: the current version, or the previous one in its overlap. */
export function acceptsCredentialVersion(workspace: WorkspaceContext, cv: number, nowMs: number): boolean {
  if (cv === workspace.credentialVersion) return true;
  const until = workspace.previousCredentialUntilMs;
  return cv === workspace.credentialVersion - 1 && until !== null && nowMs < until;
}
