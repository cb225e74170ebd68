import type { AppContext } from '../../app-context.js';
import type { SupportTicketEntityType } from '../../catalogue/support-ticket-categories.js';
import { validation } from '../../domain/errors.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { ownedDeposit } from '../deposits/service.js';
import { ownedOrder } from '../orders/service.js';
import { ownedWithdrawal } from '../withdrawals/service.js';

/** The payment a ticket is about, checked like every id a partner names: 404 unknown, 401 another workspace's. */
const owners: Readonly<
  Record<SupportTicketEntityType, (ctx: AppContext, workspace: WorkspaceContext, id: string) => Promise<unknown>>
> = {
  order: (ctx, workspace, id) => ownedOrder(ctx.db, workspace, id),
  deposit: (ctx, workspace, id) => ownedDeposit(ctx.db, workspace, id),
  withdrawal: (ctx, workspace, id) => ownedWithdrawal(ctx.db, workspace, id),
};

export type TicketEntity = { readonly type: SupportTicketEntityType; readonly id: string } | undefined;

/** entityType and entityId name one payment together, or the ticket is about none: one without the other is 400. */
export async function ticketEntity(
  ctx: AppContext,
  workspace: WorkspaceContext,
  body: { entityType?: SupportTicketEntityType | undefined; entityId?: string | undefined },
): Promise<TicketEntity> {
  const { entityType, entityId } = body;
  if (entityType === undefined && entityId === undefined) return undefined;
  if (entityType === undefined || entityId === undefined) {
    throw validation('entityType and entityId go together: send both to name the payment, or neither');
  }
  await owners[entityType](ctx, workspace, entityId);
  return { type: entityType, id: entityId };
}
