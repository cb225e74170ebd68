import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { workspaceAccountId } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { networkGasFees } from '../../catalogue/network-gas-fees.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { CurrencyEntry, PayoutRailEntry } from '../../catalogue/types.js';
import { authorization, existence, validation } from '../../domain/errors.js';
import { movements } from '../../domain/ledger/entry.js';
import { amountFromJson, amountToDecimal } from '../../domain/money/currency-amount.js';
import { applyDefaults, validateDestination } from '../../domain/payout-fields/validate-destination.js';
import { gasMinorOf } from '../../domain/pricing/quote-pricing.js';
import { fundsErrorOf, insufficientFunds, type NewEntry } from '../../ledger/ledger.js';
import { KeyTaken, type StatementClaim } from '../../platform/idempotency.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import { requirePayout } from '../../providers/capabilities.js';
import { enforceCorridorLimits } from '../../providers/corridors/enforce-limits.js';
import { type PriceSource, rateIn } from '../../providers/prices/price-source.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { requireLinkedFits, resolveLinkedDestination } from '../banking-accounts/linked-destination.js';
import { withdrawalPayoutJob } from './payout.js';
import { findWithdrawal, pendingWithdrawalRow, placeWithdrawal, type WithdrawalRow } from './repo.js';
import type { CreateWithdrawalRequest } from './schema.js';
import { withdrawalView } from './view.js';

type Request = Static<typeof CreateWithdrawalRequest>;

export interface CheckedWithdrawal {
  readonly currency: CurrencyEntry;
  readonly rail: PayoutRailEntry;
  readonly amount: bigint;
  readonly destination: Record<string, unknown>;
  /** The banking account the request named (LINKED_BANK_ACCOUNT); destination is then its stored instrument. */
  readonly bankingAccountId?: string | undefined;
}

/** Stateless checks before an idempotency key is reserved: currency, rail, payout field set, amount. */
export function checkWithdrawalRequest(body: Request): CheckedWithdrawal {
  const currency = currencyOf(body.currency);
  if (!currency?.holdable) {
    throw validation(
      `currency ${body.currency} is not a held currency: a withdrawal pays out of a balance`,
      'notSupportedCurrency',
    );
  }
  const type = body.destinationTransferData.type;
  const rail = currency.payoutRails.includes(type) ? payoutRailByRail(type) : undefined;
  if (!rail) {
    throw validation(
      `destinationTransferData.type ${type} is not a payout rail of ${currency.code}; accepted: ${currency.payoutRails.join(', ') || 'none'}`,
      'invalidParameters',
    );
  }
  const [problem] = validateDestination(rail, body.destinationTransferData);
  if (problem) throw validation(problem.message, 'invalidParameters');
  const amount = amountFromJson(body.amount, currency.code);
  if (!amount.ok) throw validation(`amount ${amount.reason} (${currency.code})`);
  return { currency, rail, amount: amount.minor, destination: applyDefaults(rail, body.destinationTransferData) };
}

/** The network fee of a crypto payout, in the withdrawn currency, rounded up; fiat rails charge none here. */
async function payoutFee(prices: PriceSource, checked: CheckedWithdrawal): Promise<bigint> {
  const gasUsd =
    checked.rail.kind === 'crypto' ? networkGasFees.find((g) => g.rail === checked.rail.rail)?.usd : undefined;
  if (gasUsd === undefined) return 0n;
  // The currency's rate and USD's from one document of the source, so the fee crosses exactly; 503 if it has none.
  const code = checked.currency.code;
  const rates = await prices.referenceRates(code === 'USD' ? [code] : [code, 'USD']);
  return gasMinorOf(
    { usd: gasUsd, usdRate: rateIn(rates, 'USD').rate },
    { precision: checked.currency.precision, rate: rateIn(rates, code).rate },
  );
}

/**
 * A withdrawal request as the write runs it, before its key is claimed: a stored destination (LINKED_BANK_ACCOUNT)
 * becomes its instrument before the checks of any other, and must be in the withdrawal's currency.
 */
export async function prepareWithdrawal(
  db: Queryable,
  keyring: SecretsKeyring,
  workspace: WorkspaceContext,
  request: Request,
): Promise<{ body: Request; checked: CheckedWithdrawal }> {
  const linked = await resolveLinkedDestination(db, keyring, workspace, request.destinationTransferData);
  if (linked) requireLinkedFits(linked, request.currency);
  const body = linked ? { ...request, destinationTransferData: linked.destinationTransferData } : request;
  return { body, checked: { ...checkWithdrawalRequest(body), bankingAccountId: linked?.bankingAccountId } };
}

/** What placing a withdrawal reads of the server. */
export type WithdrawalPlacing = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'secretsKeyring' | 'capabilities' | 'corridors' | 'prices'
>;

export async function createWithdrawal(
  ctx: WithdrawalPlacing,
  workspace: WorkspaceContext,
  body: Request,
  checked: CheckedWithdrawal,
  claim: StatementClaim,
) {
  const { currency, rail, amount } = checked;
  requirePayout(ctx.capabilities, currency.code, rail.rail);
  await enforceCorridorLimits(ctx.corridors, {
    currency,
    direction: 'payout',
    minor: amount,
    field: 'amount',
    rail: rail.rail,
  });
  const fee = await payoutFee(ctx.prices, checked);
  const nowMs = ctx.clock.nowMs();
  const accountId = workspaceAccountId(workspace.id);
  const row = pendingWithdrawalRow({
    id: randomUUID(),
    workspace_id: workspace.id,
    account_id: accountId,
    currency: currency.code,
    rail: rail.rail,
    amount,
    fee,
    amount_major: amountToDecimal(amount, currency.code),
    // Sealed field by field before anything is built from them (platform/secrets/sensitive.ts): the row, the answer
    // stored with the key and every event carry only sealed account numbers, tax ids and birth dates; answers open
    // them at the edge (platform/secrets/open-at-edge.ts). CPU only: no round trip is added to the one statement.
    destination: sealSensitive(ctx.secretsKeyring, checked.destination as Record<string, string>),
    beneficiary: sealSensitive(ctx.secretsKeyring, (body.beneficiary as Record<string, string> | undefined) ?? null),
    created_at_ms: BigInt(nowMs),
    banking_account_id: checked.bankingAccountId ?? null,
    // Kept so that a payout the rail rejects or returns can consume the key (spec rule 5; withdrawals/transitions.ts).
    idempotency_key: claim.key?.key ?? null,
    idempotency_scope: claim.key?.accountScope ?? null,
  });
  const view = withdrawalView(row);
  // Amount and fee are held together, with the balance_updated of the hold.
  const hold: NewEntry = {
    workspaceId: workspace.id,
    kind: 'withdrawal_hold',
    reference: row.id,
    postings: movements.hold(accountId, currency.code, amount + fee),
    nowMs,
    balanceUpdated: { accountId, currency: currency.code },
  };
  const payout = {
    kind: withdrawalPayoutJob,
    payload: { withdrawalId: row.id },
    runAtMs: nowMs + ctx.config.sandboxSettleDelayMs,
  };
  const placed = await placeWithdrawal(ctx.db, row, payout, hold, (p, when) => claim.cte(p, view, when)).catch(
    (error: unknown) => {
      throw fundsErrorOf(hold, error);
    },
  );
  if (!placed.funded) throw insufficientFunds(hold);
  if (!placed.claimed) throw new KeyTaken();
  // Cannot happen (a balance row that exists in the statement's snapshot is found by its update), and could not be
  // undone: the statement has committed. Said loudly rather than answered as a success.
  if (placed.taken !== 1) throw new Error(`withdrawal ${row.id} committed without its hold`);
  return view;
}

export async function ownedWithdrawal(db: Queryable, workspace: WorkspaceContext, id: string): Promise<WithdrawalRow> {
  const row = await findWithdrawal(db, id);
  if (!row) throw existence(`Withdrawal ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Withdrawal ${id} is outside this workspace`);
  return row;
}
