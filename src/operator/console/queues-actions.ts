import type { AppContext } from '../../app-context.js';
import type { AmlResolution } from '../../domain/states/aml-screening-status.js';
import type { SupportTicketStatus } from '../../domain/states/support-ticket-status.js';
import { resolveAmlScreening } from '../../resources/aml-screenings/service.js';
import { addMessage, closeConversation } from '../../resources/conversations/service.js';
import { decideComplianceHold } from '../../resources/deposits/compliance.js';
import { decideOrderCompliance } from '../../resources/orders/compliance.js';
import { operatorRefund } from '../../resources/pending-payments/service.js';
import { addTicketMessage, changeTicketStatus } from '../../resources/support-tickets/service.js';
import { type KeyRelease, releaseIdempotencyKey } from '../workspaces/key-release.js';
import { decideVerification } from '../workspaces/service.js';

// The console's queue actions, one small function each (operator console issue, item 3): every one calls the SAME
// service function as the operator API's route for it (named beside it), never a second implementation, so that a
// decision made in the browser is the decision made through /admin/v1, with the same checks, events and ledger
// entries. Each is one call so that the audit log's scope can wrap it (docs/decisions/operators-console-and-audit.md, "The console's queues").

export type HoldDecision = 'clear' | 'reject';

/** POST /admin/v1/deposits/{depositId}/compliance/{decision} */
export const decideDepositHold = (ctx: AppContext, depositId: string, decision: HoldDecision) =>
  decideComplianceHold(ctx.db, ctx.clock, depositId, decision);

/** POST /admin/v1/orders/{orderId}/compliance/{decision} */
export const decideOrderHold = (ctx: AppContext, orderId: string, decision: HoldDecision) =>
  decideOrderCompliance(ctx, orderId, decision);

/** POST /admin/v1/workspaces/{workspaceId}/verifications/{email}/{decision} */
export const decideKycReview = (ctx: AppContext, workspaceId: string, email: string, decision: 'approve' | 'reject') =>
  decideVerification(ctx.db, ctx.clock, workspaceId, email, decision);

/** POST /admin/v1/aml-screenings/{screeningId}/resolution */
export const resolveAmlMatch = (ctx: AppContext, screeningId: string, status: AmlResolution, note?: string) =>
  resolveAmlScreening(ctx.db, ctx.clock, screeningId, { status, note });

/** POST /admin/v1/pending-payments/{transferId}/refund/approve */
export const approveRefund = (ctx: AppContext, transferId: string) => operatorRefund(ctx, transferId, 'approve');

/** POST /admin/v1/idempotency-keys/release */
export const releaseKey = (ctx: AppContext, release: KeyRelease) => releaseIdempotencyKey(ctx.db, release);

/** POST /admin/v1/support-tickets/{ticketId}/messages */
export const replyToTicket = (ctx: AppContext, ticketId: string, message: string, status?: SupportTicketStatus) =>
  addTicketMessage(ctx.db, ctx.clock, ticketId, { author: 'brokerage', message, status });

/** POST /admin/v1/support-tickets/{ticketId}/status */
export const setTicketStatus = (ctx: AppContext, ticketId: string, to: SupportTicketStatus) =>
  changeTicketStatus(ctx.db, ctx.clock, ticketId, { by: 'brokerage', action: 'set', to });

/** POST /admin/v1/conversations/{conversationId}/messages (text only: the console's forms carry no files) */
export const replyToConversation = (ctx: AppContext, conversationId: string, message: string) =>
  addMessage(ctx.db, ctx.clock, conversationId, { author: 'brokerage', message, attachments: [] });

/** POST /admin/v1/conversations/{conversationId}/close */
export const closeConversationAsBrokerage = (ctx: AppContext, conversationId: string) =>
  closeConversation(ctx.db, ctx.clock, conversationId, 'brokerage');
