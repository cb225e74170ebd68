/**
 * Every documented operation's `operationId`, `resource.action` (spec: none shown; docs/decisions/sdk-and-docs.md, "Operation
 * ids"). The SDK's client groups its methods by these very names (`client.quotes.create`), so a partner reads the
 * same word in the reference, the SDK and the logs. Kept in one table, not spread over the route files, so that the
 * naming stays one scheme; `operationIdOf` throws on a documented route missing here, so none is published without.
 */
export const operationIds: Readonly<Record<string, string>> = {
  'GET /health': 'health.check',
  'POST /oauth/token': 'oauth.token',

  'GET /v1/pairs': 'pairs.list',
  'GET /v1/currencies': 'currencies.list',
  'GET /v1/currencies/{currency}/payin-schema': 'currencies.payinSchema',
  'GET /v1/currencies/{currency}/destination-schema': 'currencies.destinationSchema',
  'GET /v1/currencies/{currency}/networks': 'currencies.networks',
  'GET /v1/currencies/{currency}/limits': 'currencies.limits',
  'GET /v1/currencies/{currency}/identity-schema': 'currencies.identitySchema',

  'POST /v1/quotes': 'quotes.create',
  'GET /v1/balances': 'balances.list',

  'POST /v1/deposits': 'deposits.create',
  'GET /v1/deposits': 'deposits.list',
  'GET /v1/deposits/count': 'deposits.count',
  'GET /v1/deposits/{depositId}': 'deposits.get',
  'DELETE /v1/deposits/{depositId}': 'deposits.cancel',
  'POST /v1/deposits/methods': 'depositMethods.create',
  'GET /v1/deposits/methods': 'depositMethods.list',
  'GET /v1/deposits/methods/{methodId}': 'depositMethods.get',

  'POST /v1/orders': 'orders.create',
  'GET /v1/orders': 'orders.list',
  'GET /v1/orders/count': 'orders.count',
  'GET /v1/orders/{orderId}': 'orders.get',
  'DELETE /v1/orders/{orderId}': 'orders.cancel',
  'POST /v1/orders/{orderId}/confirm-payin': 'orders.confirmPayin',

  'POST /v1/withdrawals': 'withdrawals.create',
  'GET /v1/withdrawals': 'withdrawals.list',
  'GET /v1/withdrawals/{withdrawalId}': 'withdrawals.get',

  'GET /v1/pending-payments': 'pendingPayments.list',
  'GET /v1/pending-payments/count': 'pendingPayments.count',
  'GET /v1/pending-payments/{transferId}': 'pendingPayments.get',
  'POST /v1/pending-payments/{transferId}/create-order': 'pendingPayments.createOrder',

  'POST /v1/banking-accounts': 'bankingAccounts.create',
  'GET /v1/banking-accounts': 'bankingAccounts.list',
  'GET /v1/banking-accounts/{bankingAccountId}': 'bankingAccounts.get',
  'DELETE /v1/banking-accounts/{bankingAccountId}': 'bankingAccounts.delete',

  'POST /v1/webhooks': 'webhooks.create',
  'GET /v1/webhooks': 'webhooks.list',
  'POST /v1/webhooks/resend': 'webhooks.resend',
  'GET /v1/webhooks/{webhookId}': 'webhooks.get',
  'PUT /v1/webhooks/{webhookId}': 'webhooks.update',
  'DELETE /v1/webhooks/{webhookId}': 'webhooks.delete',
  'GET /v1/webhooks/{webhookId}/deliveries': 'webhooks.deliveries',
  'POST /v1/webhooks/{webhookId}/test': 'webhooks.test',
  'GET /v1/webhook': 'webhook.get',
  'PUT /v1/webhook': 'webhook.set',

  'GET /v1/events': 'events.list',
  'GET /v1/events/{eventId}': 'events.get',
  'POST /v1/events/{eventId}/resend': 'events.resend',

  'POST /v1/kyc/data': 'kyc.submitData',
  'POST /v1/kyc': 'kyc.createLink',
  'GET /v1/kyc/{accountEmail}': 'kyc.get',

  'POST /v1/openbanking/{id}/web-form': 'openbanking.webForm',
  'GET /v1/openbanking/{id}/status': 'openbanking.status',

  'POST /v1/conversations': 'conversations.create',
  'GET /v1/conversations': 'conversations.list',
  'GET /v1/conversations/{conversationId}': 'conversations.get',
  'POST /v1/conversations/{conversationId}/messages': 'conversations.addMessage',
  'POST /v1/conversations/{conversationId}/close': 'conversations.close',
  'GET /v1/conversations/{conversationId}/messages/{messageId}/attachments/{number}': 'conversations.attachment',

  'POST /v1/support-tickets': 'supportTickets.create',
  'GET /v1/support-tickets': 'supportTickets.list',
  'GET /v1/support-tickets/{ticketId}': 'supportTickets.get',
  'POST /v1/support-tickets/{ticketId}/messages': 'supportTickets.addMessage',
  'POST /v1/support-tickets/{ticketId}/close': 'supportTickets.close',

  'POST /v1/aml-screenings': 'amlScreenings.create',
  'GET /v1/aml-screenings': 'amlScreenings.list',
  'GET /v1/aml-screenings/{screeningId}': 'amlScreenings.get',

  'POST /v1/simulate/kyc': 'simulate.kyc',
  'GET /v1/simulate/mailbox': 'simulate.mailbox',
  'POST /v1/simulate/incoming-transfer/deposit': 'simulate.depositTransfer',
  'POST /v1/simulate/incoming-transfer/order': 'simulate.orderTransfer',
  'POST /v1/simulate/incoming-transfer/method': 'simulate.methodTransfer',
  'POST /v1/simulate/conversations/{conversationId}/reply': 'simulate.conversationReply',
  'POST /v1/simulate/support-tickets/{ticketId}/reply': 'simulate.supportTicketReply',
  'POST /v1/simulate/withdrawals/{withdrawalId}/complete': 'simulate.completeWithdrawal',
  'POST /v1/simulate/withdrawals/{withdrawalId}/fail': 'simulate.failWithdrawal',
  'POST /v1/simulate/withdrawals/{withdrawalId}/return': 'simulate.returnWithdrawal',
  'POST /v1/simulate/orders/{orderId}/payout/complete': 'simulate.completeOrderPayout',
  'POST /v1/simulate/orders/{orderId}/payout/fail': 'simulate.failOrderPayout',
  'POST /v1/simulate/orders/{orderId}/payout/return': 'simulate.returnOrderPayout',
  'POST /v1/simulate/orders/{orderId}/expire': 'simulate.expireOrder',
  'POST /v1/simulate/deposits/{depositId}/expire': 'simulate.expireDeposit',
  'POST /v1/simulate/deposit-methods/{methodId}/activate': 'simulate.activateDepositMethod',
  'GET /v1/simulate/clock': 'simulate.clock',
  'POST /v1/simulate/clock/advance': 'simulate.advanceClock',
  'GET /v1/simulate/settings': 'simulate.settings',
  'PUT /v1/simulate/settings': 'simulate.updateSettings',

  'POST /admin/v1/workspaces': 'admin.workspaces.create',
  'GET /admin/v1/workspaces': 'admin.workspaces.list',
  'GET /admin/v1/workspaces/{workspaceId}': 'admin.workspaces.get',
  'PATCH /admin/v1/workspaces/{workspaceId}': 'admin.workspaces.update',
  'POST /admin/v1/workspaces/{workspaceId}/rotate-credentials': 'admin.workspaces.rotateCredentials',
  'POST /admin/v1/workspaces/{workspaceId}/verifications/{email}/{decision}': 'admin.verifications.decide',
  'GET /admin/v1/verifications': 'admin.verifications.list',
  'GET /admin/v1/ledger/verification': 'admin.ledger.verify',
  'GET /admin/v1/capabilities': 'admin.capabilities.get',
  'POST /admin/v1/bank-files': 'admin.bankFiles.import',
  'GET /admin/v1/bank-files': 'admin.bankFiles.list',
  'GET /admin/v1/bank-files/{fileId}': 'admin.bankFiles.get',
  'POST /admin/v1/bank-files/{fileId}/accept': 'admin.bankFiles.accept',
  'POST /admin/v1/bank-files/{fileId}/reject': 'admin.bankFiles.reject',
  'GET /admin/v1/bank-entries': 'admin.bankEntries.list',
  'POST /admin/v1/bank-entries/{entryId}/assign': 'admin.bankEntries.assign',
  'POST /admin/v1/bank-entries/{entryId}/return': 'admin.bankEntries.return',
  'GET /admin/v1/reconciliation': 'admin.reconciliation.get',
  'POST /admin/v1/payout-batches': 'admin.payoutBatches.cut',
  'GET /admin/v1/payout-batches': 'admin.payoutBatches.list',
  'GET /admin/v1/payout-batches/{batchId}/file': 'admin.payoutBatches.file',
  'POST /admin/v1/idempotency-keys/release': 'admin.idempotencyKeys.release',
  'POST /admin/v1/deposits/{depositId}/compliance/{decision}': 'admin.compliance.decideDeposit',
  'POST /admin/v1/orders/{orderId}/compliance/{decision}': 'admin.compliance.decideOrder',
  'POST /admin/v1/pending-payments/{transferId}/refund/{action}': 'admin.refunds.act',
  'POST /admin/v1/conversations': 'admin.conversations.create',
  'GET /admin/v1/conversations': 'admin.conversations.list',
  'GET /admin/v1/conversations/{conversationId}': 'admin.conversations.get',
  'POST /admin/v1/conversations/{conversationId}/messages': 'admin.conversations.addMessage',
  'POST /admin/v1/conversations/{conversationId}/close': 'admin.conversations.close',
  'GET /admin/v1/conversations/{conversationId}/messages/{messageId}/attachments/{number}':
    'admin.conversations.attachment',
  'GET /admin/v1/support-tickets': 'admin.supportTickets.list',
  'GET /admin/v1/support-tickets/{ticketId}': 'admin.supportTickets.get',
  'POST /admin/v1/support-tickets/{ticketId}/messages': 'admin.supportTickets.addMessage',
  'POST /admin/v1/support-tickets/{ticketId}/status': 'admin.supportTickets.setStatus',
  'POST /admin/v1/sanctions-lists/ofac-sdn': 'admin.sanctionsLists.importOfacSdn',
  'GET /admin/v1/sanctions-lists': 'admin.sanctionsLists.list',
  'GET /admin/v1/aml-screenings': 'admin.amlScreenings.list',
  'POST /admin/v1/aml-screenings/{screeningId}/resolution': 'admin.amlScreenings.resolve',
  'GET /admin/v1/housekeeping': 'admin.housekeeping.get',
  'POST /admin/v1/housekeeping/run': 'admin.housekeeping.run',
  'POST /admin/v1/operators': 'admin.operators.create',
  'GET /admin/v1/operators': 'admin.operators.list',
  'POST /admin/v1/operators/{operatorId}/disable': 'admin.operators.disable',
  'POST /admin/v1/operators/{operatorId}/revoke-sessions': 'admin.operators.revokeSessions',
  'POST /admin/v1/operators/{operatorId}/enrolment': 'admin.operators.reissueEnrolment',
  'GET /admin/v1/audit-log': 'admin.auditLog.list',
  'GET /admin/v1/overview': 'admin.overview.get',
  'GET /admin/v1/stats/daily': 'admin.stats.daily',
};

/** Fastify writes path parameters `:name`; the document, `{name}`. */
const documentPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function operationIdOf(method: string, url: string): string {
  const key = `${method.toUpperCase()} ${documentPath(url)}`;
  const id = operationIds[key];
  if (id === undefined) throw new Error(`no operationId for ${key}: add it to platform/operation-ids.ts`);
  return id;
}
