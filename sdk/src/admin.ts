// The operator's client: every operation of the operator API's document (openapi/operator-api.json, /admin/v1, ids
// `admin.*`), authenticated with the fixed ADMIN_TOKEN.

import { buildGroups } from './groups.js';
import { adminOperationIds } from './operations.js';
import { Transport, type TransportOptions } from './transport.js';
import type { AdminOperationId, Groups } from './types.js';

export interface BrokerageAdminOptions extends TransportOptions {
  /** The server's ADMIN_TOKEN. */
  readonly adminToken: string;
}

type AdminGroups = Groups<AdminOperationId, 'admin.'>;

export interface BrokerageAdmin extends AdminGroups {}

/** `new BrokerageAdmin({ baseUrl, adminToken })`: `admin.workspaces.create(body)`, `admin.ledger.verify()`, ... */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the groups the constructor adds
export class BrokerageAdmin {
  constructor(options: BrokerageAdminOptions) {
    const transport = new Transport(options);
    // A fixed token: a 401 is final, there is nothing fresher to replay with.
    transport.credentials = { token: async () => options.adminToken, refused: () => false };
    Object.assign(this, buildGroups(transport, adminOperationIds, 'admin.'));
  }
}
