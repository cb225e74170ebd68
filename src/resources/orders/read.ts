import { authorization, existence } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import { listedColumnsSql } from '../../storage/table-columns.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { type OrderRow, orderColumns } from './repo.js';

// GET /v1/orders/{id}: the columns the public order shows, and its workspace, instead of the whole row: the nine
// columns no view reads (account, payer email, spread, counterparty, references, idempotency) cost their transfer
// and decoding on every read, as they did for the list page (repo.ts, `listed`).

const shownOrderSql = `select ${listedColumnsSql(orderColumns)}, workspace_id from orders where id = $1`;

/**
 * The order to show, as ownedOrder finds it: 404 when no order has the id, 403 when another workspace's does. Only
 * the listed columns and workspace_id are read; orderJson reads no others.
 */
export async function orderToShow(db: Queryable, workspace: WorkspaceContext, id: string): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(shownOrderSql, [id]);
  if (!row) throw existence(`Order ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Order ${id} is outside this workspace`);
  return row;
}
