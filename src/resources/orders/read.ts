import { authorization, existence } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { findShownOrder, type OrderRow } from './repo.js';

// GET /v1/orders/{id}: the columns the public order shows, and its workspace, instead of the whole row
// (repo.ts, findShownOrder).

/**
 * The order to show, as ownedOrder finds it: 404 when no order has the id, 403 when another workspace's does. Only
 * the listed columns and workspace_id are read; orderJson reads no others.
 */
export async function orderToShow(db: Queryable, workspace: WorkspaceContext, id: string): Promise<OrderRow> {
  const row = await findShownOrder(db, id);
  if (!row) throw existence(`Order ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Order ${id} is outside this workspace`);
  return row;
}
