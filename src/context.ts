import type { AppContext } from './app-context.js';
import { checkCatalogue } from './catalogue/index.js';
import type { Config } from './config.js';
import { type Clock, systemClock } from './platform/clock.js';
import { catalogueCorridors } from './providers/corridors/catalogue-corridors.js';
import type { CorridorProvider } from './providers/corridors/corridor-provider.js';
import type { PriceSource } from './providers/prices/price-source.js';
import { referenceTablePrices } from './providers/prices/reference-table.js';
import { TokenService } from './resources/oauth/tokens.js';
import type { Db } from './storage/db.js';
import { sharedKey } from './storage/server-keys.js';
import { WorkspaceCache } from './workspaces/cache.js';

export interface ContextOptions {
  readonly adminToken: string;
  readonly secretsKey: Buffer;
  readonly clock?: Clock;
  readonly prices?: PriceSource;
  readonly corridors?: CorridorProvider;
}

/** Wires the context every route receives; the sandbox providers are the defaults. */
export async function createContext(config: Config, db: Db, options: ContextOptions): Promise<AppContext> {
  checkCatalogue();
  const clock = options.clock ?? systemClock;
  const signingKey = await sharedKey(db, 'token_signing_key', 32);
  return {
    config,
    db,
    clock,
    tokens: new TokenService(signingKey),
    workspaces: new WorkspaceCache(db, () => clock.nowMs()),
    adminToken: options.adminToken,
    secretsKey: options.secretsKey,
    prices: options.prices ?? referenceTablePrices,
    corridors: options.corridors ?? catalogueCorridors,
  };
}
