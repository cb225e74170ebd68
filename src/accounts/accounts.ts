import { randomUUID } from 'node:crypto';
import type { Queryable } from '../storage/db.js';

export type VerificationStatus = 'NOT_AVAILABLE' | 'PENDING' | 'IN_PROGRESS' | 'REVIEWING' | 'APPROVED' | 'REJECTED';

export interface AccountRow {
  id: string;
  workspace_id: string;
  kind: 'workspace' | 'customer';
  email: string | null;
  verification_status: VerificationStatus;
  [column: string]: unknown;
}

/** The workspace's own account: deterministic, created on first use. */
export const workspaceAccountId = (workspaceId: string): string => `acct:ws:${workspaceId}`;

export async function ensureWorkspaceAccount(tx: Queryable, workspaceId: string, nowMs: number): Promise<string> {
  const id = workspaceAccountId(workspaceId);
  await tx.query(
    `insert into accounts (id, workspace_id, kind, created_at_ms) values ($1, $2, 'workspace', $3)
     on conflict do nothing`,
    [id, workspaceId, nowMs],
  );
  return id;
}

/** A customer's account, keyed by email within the workspace (emails compare case-insensitively); created on first use. */
export async function ensureCustomerAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
  nowMs: number,
): Promise<AccountRow> {
  const normalized = email.trim().toLowerCase();
  await tx.query(
    `insert into accounts (id, workspace_id, kind, email, created_at_ms) values ($1, $2, 'customer', $3, $4)
     on conflict do nothing`,
    [`acct:${randomUUID()}`, workspaceId, normalized, nowMs],
  );
  const row = await findCustomerAccount(tx, workspaceId, normalized);
  if (!row) throw new Error('customer account upsert returned no row');
  return row;
}

export async function findCustomerAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
): Promise<AccountRow | undefined> {
  const rows = await tx.query<AccountRow>(
    `select * from accounts where workspace_id = $1 and kind = 'customer' and email = $2`,
    [workspaceId, email.trim().toLowerCase()],
  );
  return rows[0];
}
