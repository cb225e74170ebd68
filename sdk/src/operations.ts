// Every operation the SDK can call, as one table: the partner API's (generated from openapi/openapi.json) and the
// operator API's (generated from openapi/operator-api.json). The server publishes them as two documents; the
// transport, the groups and the iterators read one table, keyed by operationId, which no two operations share.

import { adminOperationTable } from './generated/admin-operations.js';
import { operationTable as partnerOperationTable } from './generated/operations.js';

export const operationTable = { ...partnerOperationTable, ...adminOperationTable } as const;

/** An operation of the partner API (BrokerageClient). */
export type PartnerOperationId = keyof typeof partnerOperationTable;
/** An operation of the operator API (BrokerageAdmin), `admin.` first. */
export type AdminOperationId = keyof typeof adminOperationTable;
export type OperationId = PartnerOperationId | AdminOperationId;

/** The partner API's operations and the operator API's, each from its own document. */
export const partnerOperationIds = Object.keys(partnerOperationTable) as PartnerOperationId[];
export const adminOperationIds = Object.keys(adminOperationTable) as AdminOperationId[];
