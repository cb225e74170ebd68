import type { Static } from 'typebox';
import { identityIntakeFor } from '../../catalogue/identity-intake.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import { authorization, duplicity, existence, stateError, validation } from '../../domain/errors.js';
import { checkBeneficiary, checkPayer, entityTypeOf, type Party } from '../../domain/identity/party-intake.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { findQuote, type QuoteRow } from '../quotes/repo.js';
import type { CreateOrderRequest } from './schema.js';

// An order against its quote: which quote it names, whether that quote can still be used, and whether the request
// agrees with it (the payout rail, the payer and the beneficiary its corridors need).

type Request = Static<typeof CreateOrderRequest>;

/** Payout rails that are one rail under two names (spec: BANK_DEPOSIT_COL is the same payout rail as ACH_COP). */
const railNames: Readonly<Record<string, readonly string[]>> = {
  ACH_COP: ['ACH_COP', 'BANK_DEPOSIT_COL'],
  BANK_DEPOSIT_COL: ['ACH_COP', 'BANK_DEPOSIT_COL'],
};

/** The quote an order names: 404 when it does not exist, 401 when it belongs to another workspace. */
export async function quoteFor(db: Queryable, workspace: WorkspaceContext, quoteId: string): Promise<QuoteRow> {
  const quote = await findQuote(db, quoteId);
  if (!quote) throw existence(`Quote ${quoteId} does not exist`);
  if (quote.workspace_id !== workspace.id) throw authorization(`Quote ${quoteId} is outside this workspace`);
  return quote;
}

/** Idempotency keys of on-behalf orders are scoped to the customer's account (spec: workspace, account, endpoint). */
export const accountScopeOf = (quote: QuoteRow): string =>
  (quote.customer_email ?? quote.customer_id ?? '').trim().toLowerCase();

export function requireLive(quote: QuoteRow, nowMs: number): void {
  if (quote.used_by_order_id !== null) {
    throw duplicity(`Quote ${quote.id} was already used by order ${quote.used_by_order_id}; request a new quote`);
  }
  if (Number(quote.expire_at_ms) <= nowMs) {
    throw stateError(
      `Quote ${quote.id} expired at ${Math.floor(Number(quote.expire_at_ms) / 1000)}; request a new quote`,
    );
  }
}

/** Checks the request against its quote: the payout rail, the payer and the beneficiary the corridors need. */
export function checkAgainstQuote(quote: QuoteRow, body: Omit<Request, 'quoteId'>, payerRequired: boolean): void {
  const type = body.destinationTransferData.type;
  if (!(railNames[quote.destination_rail] ?? [quote.destination_rail]).includes(type)) {
    throw validation(
      `destinationTransferData.type ${type} does not match the quote's destination rail ${quote.destination_rail}`,
      'invalidParameters',
    );
  }
  if (quote.origin_rail !== 'BALANCE') {
    if (!body.userData) {
      if (payerRequired) {
        throw validation(`userData is required: the origin ${quote.origin_rail} is a rail`, 'invalidParameters');
      }
    } else {
      const intake = identityIntakeFor(quote.origin_currency, 'payin', entityTypeOf(body.userData));
      const problem = intake && checkPayer(intake, body.userData);
      if (problem) throw validation(problem.message, 'invalidParameters');
    }
  }
  if (type === 'BALANCE') return;
  // The beneficiary's facts may be stated by the instrument itself (domain/identity/party-intake.ts); the party
  // object is required only for a fact it cannot carry.
  const rail = payoutRailByRail(type);
  if (rail === undefined) throw new Error(`checkOrderRequest let through the payout rail ${type}`);
  const beneficiary = body.destinationUserData as Party | undefined;
  const intake = identityIntakeFor(quote.destination_currency, 'payout', entityTypeOf(beneficiary));
  const problem = intake && checkBeneficiary(intake, rail, body.destinationTransferData as Party, beneficiary);
  if (problem) throw validation(problem.message, 'invalidParameters');
}
