// The partner's client: every operation of the partner API's document (openapi/openapi.json), grouped by resource,
// over one transport whose token cache mints with the workspace's password grant (spec, Authentication).

import { buildGroups } from './groups.js';
import { partnerOperationIds } from './operations.js';
import { type TokenAnswer, TokenCache } from './token-cache.js';
import { Transport, type TransportOptions } from './transport.js';
import type { Groups, PartnerOperationId } from './types.js';

export interface BrokerageClientOptions extends TransportOptions {
  /** The workspace's credentials (spec, Authentication 1: `<CLIENT_ID>`, `<API_USERNAME>`, `<API_PASSWORD>`). */
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
}

type PartnerGroups = Groups<PartnerOperationId, ''>;

// The groups are built at run time from the operation table; this interface gives them their types.
export interface BrokerageClient extends PartnerGroups {}

/**
 * `new BrokerageClient({ baseUrl, clientId, username, password })`: `client.quotes.create(body)`,
 * `client.orders.get(orderId)`, `client.orders.iterate({ status: ['Success'] })`, ...
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the groups the constructor adds
export class BrokerageClient {
  constructor(options: BrokerageClientOptions) {
    const transport = new Transport(options);
    const grant = {
      grant_type: 'password',
      client_id: options.clientId,
      username: options.username,
      password: options.password,
    } as const;
    const mint = () =>
      transport.call({
        id: 'oauth.token',
        path: [],
        body: grant,
        query: undefined,
        options: undefined,
      }) as Promise<TokenAnswer>;
    const cache = new TokenCache(mint, transport.now);
    transport.credentials = {
      token: () => cache.token(),
      refused: (token) => {
        cache.invalidate(token);
        return true;
      },
    };
    Object.assign(this, buildGroups(transport, partnerOperationIds, ''));
  }
}
