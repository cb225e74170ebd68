import type { SupportTicketEntityType } from '../../catalogue/support-ticket-categories.js';
import { validation } from '../../domain/errors.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { ownedDeposit } from '../deposits/service.js';
import { ownedOrder } from '../orders/service.js';
import { ownedWithdrawal } from '../withdrawals/service.js';

/** The payment a ticket is about, checked like every id a partner names: 404 unknown, 401 another workspace's. */
const owners: Readonly<
  Record<SupportTicketEntityType, (db: Queryable, workspace: WorkspaceContext, id: string) => Promise<unknown>>
> = {
  order: (db, workspace, id) => ownedOrder(db, workspace, id),
  deposit: (db, workspace, id) => ownedDeposit(db, workspace, id),
  withdrawal: (db, workspace, id) => ownedWithdrawal(db, workspace, id),
};

export type TicketEntity = { readonly type: SupportTicketEntityType; readonly id: string } | undefined;

/** entityType and entityId name one payment together, or the ticket is about none: one without the other is 400. */
export async function ticketEntity(
  db: Queryable,
  workspace: WorkspaceContext,
  body: { entityType?: SupportTicketEntityType | undefined; entityId?: string | undefined },
): Promise<TicketEntity> {
  const { entityType, entityId } = body;
  if (entityType === undefined && entityId === undefined) return undefined;
  if (entityType === undefined || entityId === undefined) {
    throw validation('entityType and entityId go together: send both to name the payment, or neither');
  }
  await owners[entityType](db, workspace, entityId);
  return { type: entityType, id: entityId };
}
