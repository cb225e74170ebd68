// @brokerage/partner-sdk: the typed client of the brokerage partner API.

export { BrokerageAdmin, type BrokerageAdminOptions } from './admin.js';
export { BrokerageClient, type BrokerageClientOptions } from './client.js';
export * from './errors.js';
export type {
  components as adminComponents,
  operations as adminOperations,
  paths as adminPaths,
} from './generated/admin-openapi.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
export { type AdminOperationId, type OperationId, operationTable, type PartnerOperationId } from './operations.js';
export { defaultRetryPolicy, type RetryPolicy } from './retry.js';
export type { Fetch } from './transport.js';
export type {
  Args,
  BinaryBody,
  CallOptions,
  Item,
  QueryParams,
  RequestBody,
  Result,
  UnknownWebhookEvent,
  WebhookEvent,
  Widened,
} from './types.js';
export {
  type RawBody,
  standardKeyOf,
  type VerifyOptions,
  verifyServiceSignature,
  verifyStandardSignature,
  verifyWebhook,
  type WebhookFailure,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.js';
