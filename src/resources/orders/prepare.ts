import type { Static } from 'typebox';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import {
  requireLinkedFits,
  resolveLinkedDestination,
  withLinkedDestination,
  withLinkedRail,
} from '../banking-accounts/linked-destination.js';
import type { QuoteRow } from '../quotes/repo.js';
import { quoteFor } from './quote-checks.js';
import type { CreateOrderRequest } from './schema.js';
import { type CheckedOrder, checkOrderRequest } from './service.js';

type Request = Static<typeof CreateOrderRequest>;

export interface PreparedOrder {
  /** The request as the write runs it: a stored destination replaced by its instrument. */
  readonly body: Request;
  readonly checked: CheckedOrder;
  /** The quote, with the banking account's rail when it was quoted to LINKED_BANK_ACCOUNT. */
  readonly quote: QuoteRow;
}

/**
 * What an order request needs before its key is claimed (the key's account scope comes from the quote): a stored
 * destination (LINKED_BANK_ACCOUNT) becomes its instrument before the checks of any other, the instrument's field
 * set is checked, the quote is read (404, or 401 for another workspace's), and the banking account must fit the
 * quote's currency and rail.
 */
export async function prepareOrder(
  db: Queryable,
  keyring: SecretsKeyring,
  workspace: WorkspaceContext,
  request: Request,
): Promise<PreparedOrder> {
  const { destinationTransferData: transfer, destinationUserData: userData } = request;
  const linked = await resolveLinkedDestination(db, keyring, workspace, transfer, userData);
  const body = linked ? withLinkedDestination(request, linked) : request;
  const checked = { ...checkOrderRequest(body), bankingAccountId: linked?.bankingAccountId };
  const quoted = await quoteFor(db, workspace, request.quoteId);
  if (linked) requireLinkedFits(linked, quoted.destination_currency, quoted.destination_rail);
  return { body, checked, quote: withLinkedRail(quoted, linked) };
}
