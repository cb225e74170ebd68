import { accountEmailsSql } from '../../accounts/accounts.js';
import type { Queryable } from '../../storage/db.js';

/** A receiving method with its account holder's email (null for the workspace's own). */
export interface MethodRow {
  id: string;
  workspace_id: string;
  method_type: string;
  currency: string;
  rail: string;
  status: 'PENDING' | 'ACTIVE';
  deposit_info: Record<string, unknown>;
  created_at_ms: bigint;
  email: string | null;
  [column: string]: unknown;
}

const selectMethod = `select m.*, a.email from deposit_methods m join ${accountEmailsSql} a on a.id = m.account_id`;

/** A new method, PENDING until its account is provisioned (the activation job fills in deposit_info). */
export async function insertPendingMethod(
  tx: Queryable,
  m: { id: string; workspaceId: string; accountId: string; methodType: string; currency: string; rail: string },
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into deposit_methods (id, workspace_id, account_id, method_type, currency, rail, status, deposit_info, created_at_ms)
       values ($1, $2, $3, $4, $5, $6, 'PENDING', '{"depositType":"PENDING"}', $7)`,
    [m.id, m.workspaceId, m.accountId, m.methodType, m.currency, m.rail, nowMs],
  );
}

/** A method by id (any workspace); `forUpdate` locks it (not its account) for activation. */
export async function findMethod(db: Queryable, id: string, forUpdate = false): Promise<MethodRow | undefined> {
  const [row] = forUpdate
    ? await db.query<MethodRow>(`${selectMethod} where m.id = $1 for update of m`, [id])
    : await db.query<MethodRow>(`${selectMethod} where m.id = $1`, [id]);
  return row;
}

/** The workspace's methods, newest first. */
export const listMethods = (db: Queryable, workspaceId: string): Promise<MethodRow[]> =>
  db.query<MethodRow>(`${selectMethod} where m.workspace_id = $1 order by m.created_at_ms desc, m.id desc`, [
    workspaceId,
  ]);

export async function activateMethod(
  tx: Queryable,
  id: string,
  depositInfo: Record<string, unknown>,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `update deposit_methods set status = 'ACTIVE', deposit_info = $2::text::jsonb, activated_at_ms = $3 where id = $1`,
    [id, JSON.stringify(depositInfo), nowMs],
  );
}

/** What a transfer arriving on a method needs of it: whose it is, its currency, whether it is active yet. */
export async function findMethodForTransfer(
  db: Queryable,
  id: string,
): Promise<{ workspace_id: string; account_id: string; currency: string; status: string } | undefined> {
  const [method] = await db.query<{ workspace_id: string; account_id: string; currency: string; status: string }>(
    'select workspace_id, account_id, currency, status from deposit_methods where id = $1',
    [id],
  );
  return method;
}
