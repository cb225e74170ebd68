import { holderIdOfSql } from '../../accounts/accounts.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

// The AML gate's queries (gate.ts): a CONFIRMED_MATCH screening of an account or an email.

/**
 * The id of a CONFIRMED_MATCH screening of the account holding `email` (or of that email), as an SQL expression;
 * null when there is none.
 */
export function confirmedMatchSql(p: SqlParams, workspaceId: string, email: string): string {
  const workspace = p.add(workspaceId);
  const holder = holderIdOfSql(p, workspaceId, email);
  return `(select s.id from aml_screenings s where s.workspace_id = ${workspace} and s.status = 'CONFIRMED_MATCH'
    and (s.account_id = ${holder} or s.user_email = ${p.add(email.trim().toLowerCase())})
    order by s.created_at_ms, s.id limit 1)`;
}

/** As confirmedMatchSql, for an account already read (an on-behalf customer). */
export async function confirmedMatchOfAccount(
  db: Queryable,
  workspaceId: string,
  account: { id: string; email: string | null },
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `select id from aml_screenings where workspace_id = $1 and status = 'CONFIRMED_MATCH'
       and (account_id = $2 or user_email = $3)
     order by created_at_ms, id limit 1`,
    [workspaceId, account.id, account.email],
  );
  return rows[0]?.id;
}

/** As confirmedMatchSql, as a query of its own. */
export async function confirmedMatchOfEmail(db: Queryable, workspaceId: string, email: string) {
  const p = new SqlParams();
  const [row] = await db.query<{ id: string | null }>(
    `select ${confirmedMatchSql(p, workspaceId, email)} as id`,
    p.values,
  );
  return row?.id ?? undefined;
}
