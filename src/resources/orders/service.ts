import type { Static } from 'typebox';
import {
  type AccountRow,
  ensureWorkspaceAccount,
  findCustomerAccountById,
  findHolderAccount,
  workspaceAccountId,
} from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import { payinConfirmationRails } from '../../catalogue/rail-values.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import { allowance, authorization, duplicity, existence, stateError, validation } from '../../domain/errors.js';
import type { Party } from '../../domain/identity/party-intake.js';
import { resourceId } from '../../domain/ids.js';
import { minorOfDecimal } from '../../domain/money/amount.js';
import { amountToDecimal, scaleOf } from '../../domain/money/currency-amount.js';
import { applyDefaults, validateDestination } from '../../domain/payout-fields/validate-destination.js';
import { conversionSplit, midRate, RATE_DECIMALS } from '../../domain/pricing/quote-pricing.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../platform/clock.js';
import { type Commit, claimIdentity, type KeyRef, KeyTaken, type StatementClaim } from '../../platform/idempotency.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import { type Capabilities, requireCollection, requirePayout } from '../../providers/capabilities.js';
import { type PriceSource, rateIn } from '../../providers/prices/price-source.js';
import type { DepositInfo } from '../../providers/rails/deposit-info.js';
import type { InstructionRequest } from '../../providers/rails/rail-provider.js';
import type { Db, Queryable } from '../../storage/db.js';
import { joinsGroup } from '../../storage/group-commit.js';
import { requireStatusApproved } from '../../verification/verification.js';
import { clockOffsetMs } from '../../workspaces/clock.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { confirmedMatchOfAccount, refuseConfirmedMatch } from '../aml-screenings/gate.js';
import { claimQuote, findQuote, type QuoteRow } from '../quotes/repo.js';
import { takeFromBalance } from './ledger-moves.js';
import { executeTrade, orderJobs } from './legs.js';
import { checkAgainstQuote, requireLive } from './quote-checks.js';
import { findOrder, insertOrder, type NewOrder, newOrderRow, type OrderRow, setPayinReference } from './repo.js';
import { placeRailOrder, type RailOrderToPlace, railOrderGroup } from './repo-place.js';
import type { CreateOrderRequest } from './schema.js';
import { storedBeneficiary, storedParty } from './sealed-parties.js';
import { moveOrder } from './transitions.js';
import { orderView } from './view.js';

type Request = Static<typeof CreateOrderRequest>;

export interface CheckedOrder {
  /** undefined for a BALANCE destination. */
  readonly rail: PayoutRailEntry | undefined;
  readonly destination: Record<string, unknown>;
  /** The banking account the request named (LINKED_BANK_ACCOUNT); destination is then its stored instrument. */
  readonly bankingAccountId?: string | undefined;
}

/** Stateless checks before an idempotency key is reserved: the payout instrument's field set. */
export function checkOrderRequest(
  body: Pick<Request, 'destinationTransferData' | 'destinationUserData'>,
): CheckedOrder {
  const transfer = body.destinationTransferData as Record<string, unknown>;
  if (transfer.type === 'BALANCE') {
    const extra = Object.keys(transfer).find((key) => key !== 'type');
    if (extra)
      throw validation(`destinationTransferData.${extra} is not a field of BALANCE (type only)`, 'invalidParameters');
    return { rail: undefined, destination: { type: 'BALANCE' } };
  }
  const rail = payoutRailByRail(String(transfer.type));
  if (!rail) {
    throw validation(`destinationTransferData.type ${String(transfer.type)} is not a payout rail`, 'invalidParameters');
  }
  const [problem] = validateDestination(rail, transfer, body.destinationUserData as Party | undefined);
  if (problem) throw validation(problem.message, 'invalidParameters');
  return { rail, destination: applyDefaults(rail, transfer) };
}

/** The on-behalf customer of a quote, who must be APPROVED and not a confirmed sanctions match; undefined when the quote is for the workspace itself. */
export async function customerOf(db: Queryable, workspaceId: string, quote: QuoteRow): Promise<AccountRow | undefined> {
  const named = quote.customer_email ?? quote.customer_id;
  if (named === null) return undefined;
  // customerId is the public account id: an individual's email or an organisation's id.
  const account =
    (await findCustomerAccountById(db, workspaceId, named)) ?? (await findHolderAccount(db, workspaceId, named));
  const status = account?.verification_status ?? 'NOT_AVAILABLE';
  if (!account || status !== 'APPROVED') {
    throw allowance(`The customer ${named} has verification status ${status}; APPROVED is required`);
  }
  refuseConfirmedMatch(await confirmedMatchOfAccount(db, workspaceId, account), 'customer', named);
  return account;
}

/**
 * The spread the conversion earns, posted to the brokerage when the trade runs: measured against the exact mid rate
 * the quote was priced on (so binding a quote never needs the price feed again), or, for a quote written before
 * quotes kept it (migration 0023), against the source's mid rate now.
 */
async function spreadOf(prices: PriceSource, quote: QuoteRow): Promise<bigint> {
  const originPrecision = scaleOf(quote.origin_currency);
  const destinationPrecision = scaleOf(quote.destination_currency);
  return conversionSplit({
    netOriginMinor: quote.origin_amount - quote.fee - quote.gas_fee,
    destinationMinor: quote.destination_amount,
    midScaled: await quotedMidRate(prices, quote, originPrecision, destinationPrecision),
    originPrecision,
    destinationPrecision,
  }).spreadMinor;
}

async function quotedMidRate(
  prices: PriceSource,
  quote: QuoteRow,
  originPrecision: number,
  destinationPrecision: number,
): Promise<bigint> {
  const stored = quote.mid_rate === null ? undefined : minorOfDecimal(quote.mid_rate, RATE_DECIMALS);
  if (stored?.ok) return stored.minor;
  const rates = await prices.referenceRates([quote.origin_currency, quote.destination_currency]);
  const origin = rateIn(rates, quote.origin_currency);
  const destination = rateIn(rates, quote.destination_currency);
  return midRate(
    { precision: originPrecision, rate: origin.rate, spreadBps: origin.spreadBps },
    { precision: destinationPrecision, rate: destination.rate, spreadBps: destination.spreadBps },
  );
}

export interface Binding {
  readonly quote: QuoteRow;
  readonly body: Omit<Request, 'quoteId'>;
  readonly checked: CheckedOrder;
  readonly customer: AccountRow | undefined;
  /** The Idempotency-Key of the request, kept on the order so that a failed payout can consume it. */
  readonly key?: KeyRef | undefined;
}

/** A new order before its origin leg's instructions are known (createOrder asks the rail for them last). */
type UninstructedOrder = Omit<NewOrder, 'deposit_info' | 'reference_code'>;

/** What drafting an order's row reads of the server: the keyring sealing its parties, prices, the payment window. */
export type OrderDrafting = Pick<AppContext, 'secretsKeyring' | 'prices' | 'config'>;

/** The order row a bound quote makes; the origin leg's instructions come from the rail provider. */
export async function newOrder(
  ctx: OrderDrafting,
  workspaceId: string,
  accountId: string,
  b: Binding,
  depositInfo: Record<string, unknown>,
  ids: { id: string; depositId: string },
  nowMs: number,
  /** The workspace's now (its stage test clock), from which the payment window runs: a deadline. */
  deadlineNowMs: number = nowMs,
): Promise<NewOrder> {
  return instructed(await uninstructedOrder(ctx, workspaceId, accountId, b, ids, nowMs, deadlineNowMs), depositInfo);
}

/** The order's columns but its instructions; the spread may read the price source, so this runs before any index. */
async function uninstructedOrder(
  ctx: OrderDrafting,
  workspaceId: string,
  accountId: string,
  b: Binding,
  ids: { id: string; depositId: string },
  nowMs: number,
  deadlineNowMs: number,
): Promise<UninstructedOrder> {
  const { quote, body } = b;
  return {
    id: ids.id,
    workspace_id: workspaceId,
    account_id: accountId,
    quote_id: quote.id,
    payer_email: (body.userData?.userEmail ?? b.customer?.email)?.toLowerCase() ?? null,
    customer_email: b.customer?.email ?? null,
    // Sealed field by field before anything is built from them (sealed-parties.ts): the row, the answer stored with
    // the key and every event carry only sealed account numbers, tax ids and birth dates, opened at the edge.
    user_data: storedParty(ctx.secretsKeyring, body.userData as Record<string, string> | undefined),
    destination_user_data: storedBeneficiary(
      ctx.secretsKeyring,
      body.destinationUserData as Record<string, string> | undefined,
      b.checked.bankingAccountId !== undefined,
    ),
    destination: sealSensitive(ctx.secretsKeyring, b.checked.destination as Record<string, string>),
    external_reference: body.externalReference ?? null,
    origin_currency: quote.origin_currency,
    origin_rail: quote.origin_rail,
    destination_currency: quote.destination_currency,
    destination_rail: body.destinationTransferData.type,
    origin_amount: quote.origin_amount,
    destination_amount: quote.destination_amount,
    fee: quote.fee,
    gas_fee: quote.gas_fee,
    spread: await spreadOf(ctx.prices, quote),
    conversion_rate: quote.conversion_rate,
    amount_major: amountToDecimal(quote.origin_amount, quote.origin_currency),
    deposit_id: ids.depositId,
    created_at_ms: BigInt(nowMs),
    pay_by_ms: BigInt(deadlineNowMs + ctx.config.orderPaymentWindowSeconds * 1000),
    banking_account_id: b.checked.bankingAccountId ?? null,
    key: b.key,
  };
}

/** The order with its origin leg's instructions and the reference the payer quotes (the rail's, or the deposit id). */
const instructed = (order: UninstructedOrder, depositInfo: Record<string, unknown>): NewOrder => ({
  ...order,
  deposit_info: depositInfo,
  reference_code: typeof depositInfo.referenceCode === 'string' ? depositInfo.referenceCode : order.deposit_id,
});

/**
 * The quote's rails are still connected (production: the providers file; a linked banking account may have changed
 * the payout rail since the quote). Refused before anything is stored.
 */
export function requireQuotedRails(capabilities: Capabilities, quote: QuoteRow): void {
  if (quote.origin_rail !== 'BALANCE') requireCollection(capabilities, quote.origin_currency, quote.origin_rail);
  if (quote.destination_rail !== 'BALANCE') {
    requirePayout(capabilities, quote.destination_currency, quote.destination_rail);
  }
}

export async function bindQuote(tx: Queryable, quote: QuoteRow, orderId: string, nowMs: number): Promise<void> {
  if (await claimQuote(tx, quote.id, orderId, nowMs)) return;
  await refuseUnbound(tx, quote, nowMs);
}

/** Why a quote the order read as live could not be bound: it was used or expired since (read again to say which). */
async function refuseUnbound(db: Queryable, quote: QuoteRow, nowMs: number): Promise<never> {
  const fresh = await findQuote(db, quote.id);
  requireLive(fresh ?? quote, nowMs);
  throw duplicity(`Quote ${quote.id} was already used; request a new quote`);
}

/** What placing an order reads of the server. */
export type OrderPlacing = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'capabilities' | 'prices' | 'rails' | 'secretsKeyring'
>;

/**
 * Creates an order from a live, unused quote. A rail origin waits for its funds (Pending, with the payment
 * window's expiry queued) and is written in one statement (placeRailOrder); a BALANCE origin takes them from the
 * account at once (402 and nothing created when short), and an exchange (BALANCE to BALANCE) settles in the same
 * transaction.
 *
 * A rail origin's instructions that take a wallet's derivation index (production's xpub wallets) write the order
 * themselves, in the transaction that takes the index (`writeDeposit`): the index is consumed only when the order and
 * its key commit, and an idempotent replay, a refused payer, a quote used meanwhile or a key's 409 roll it back
 * (issue #27; docs/decisions/deposits-and-collections.md, "Wallet indexes: consumed only by a deposit that exists"). Other instructions take
 * nothing: the order is then the one statement on its own, with no transaction and no round trip more (the keyed
 * order's hot path, docs/performance.md).
 */
export async function createOrder(
  ctx: OrderPlacing,
  workspace: WorkspaceContext,
  quote: QuoteRow,
  body: Request,
  checked: CheckedOrder,
  commit: Commit,
  claim: StatementClaim,
) {
  const nowMs = ctx.clock.nowMs();
  // The quote's validity and the payment window are deadlines: they run on the workspace's clock (a stage test
  // clock; production's offset is 0), while createdAt and the jobs stay on the system's (docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock").
  const deadlineNowMs = nowMs + (await clockOffsetMs(ctx, workspace.id));
  requireLive(quote, deadlineNowMs);
  checkAgainstQuote(quote, body, true);
  requireQuotedRails(ctx.capabilities, quote);
  const customer = await customerOf(ctx.db, workspace.id, quote);
  const production = ctx.config.brokerageEnv === 'production';
  const ids = { id: resourceId(production), depositId: resourceId(production) };
  const accountId = customer?.id ?? workspaceAccountId(workspace.id);
  const binding = { quote, body, checked, customer, key: claim.key };
  const order = await uninstructedOrder(ctx, workspace.id, accountId, binding, ids, nowMs, deadlineNowMs);
  if (quote.origin_rail !== 'BALANCE') {
    const payerEmail = body.userData?.userEmail;
    // The job runs on the system clock: payBy less the workspace's offset. A later advance of the test clock expires
    // the order at once (simulate/clock.ts); the job then finds it Expired and does nothing.
    const runAtMs = nowMs + ctx.config.orderPaymentWindowSeconds * 1000;
    const expiry = { kind: orderJobs.expire, payload: { orderId: ids.id }, runAtMs };
    const checks = { payerEmail, workspaceAccount: !customer, quoteNowMs: deadlineNowMs };
    /** Writes the order with its key and answer; throws, writing nothing, when a gate, the quote or the key refuses. */
    const place = async (db: Queryable, depositInfo: DepositInfo) => {
      const row = newOrderRow(instructed(order, depositInfo as unknown as Record<string, unknown>));
      const view = orderView(row);
      const toPlace: RailOrderToPlace = {
        row,
        checks,
        expiry,
        claim: (p, when) => claim.cte(p, view, when),
        key: claim.key && claimIdentity(workspace.id, claim.key),
      };
      // A keyed order with the keyed orders that come at the same time, in one statement (on the store itself:
      // joinsGroup holds db to be it); otherwise alone.
      const keyed = claim.key !== undefined;
      const placed = joinsGroup({ db, store: ctx.db, groupCommitEnabled: ctx.config.groupCommitEnabled, keyed })
        ? await railOrderGroup(ctx.db).submit(toPlace)
        : await placeRailOrder(db, toPlace);
      if (payerEmail !== undefined) {
        requireStatusApproved(placed.payerStatus, payerEmail, 'payer');
        refuseConfirmedMatch(placed.amlHold, 'payer', payerEmail);
      }
      if (!placed.live) await refuseUnbound(db, quote, deadlineNowMs);
      if (!placed.claimed) throw new KeyTaken();
      return view;
    };
    let written: ReturnType<typeof orderView> | undefined;
    const request: InstructionRequest = {
      depositId: ids.depositId,
      currency: quote.origin_currency,
      rail: quote.origin_rail,
      amount: order.amount_major,
      writeDeposit: async (tx, depositInfo) => {
        written = await place(tx, depositInfo);
      },
    };
    const depositInfo = await ctx.rails.depositInstructions(request);
    return written ?? place(ctx.db, depositInfo);
  }
  const fromBalance = instructed(order, { depositType: 'BALANCE' });
  return ctx.db.transaction(async (tx) => {
    await bindQuote(tx, quote, ids.id, deadlineNowMs);
    if (!customer) await ensureWorkspaceAccount(tx, workspace.id, nowMs);
    const view = orderView(await receiveFromBalance(tx, await insertOrder(tx, fromBalance), nowMs));
    await commit(tx, view);
    return view;
  });
}

async function receiveFromBalance(tx: Queryable, order: OrderRow, nowMs: number) {
  await takeFromBalance(tx, order, nowMs);
  const received = await moveOrder(
    tx,
    order,
    { status: 'Received', receivedAmount: order.origin_amount, stamps: ['received_at_ms'] },
    nowMs,
  );
  if (order.destination_rail === 'BALANCE') return executeTrade(tx, received, nowMs);
  await enqueueJob(tx, { kind: orderJobs.trade, payload: { orderId: order.id }, runAtMs: nowMs }, nowMs);
  return received;
}

/** An order of the caller's workspace: 404 when none exists, 401 when it belongs to another workspace. */
export async function ownedOrder(
  db: Queryable,
  workspace: WorkspaceContext,
  id: string,
  forUpdate = false,
): Promise<OrderRow> {
  const row = await findOrder(db, id, forUpdate);
  if (!row) throw existence(`Order ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Order ${id} is outside this workspace`);
  return row;
}

export async function deleteOrder(db: Db, clock: Clock, workspace: WorkspaceContext, id: string) {
  await db.transaction(async (tx) => {
    const order = await ownedOrder(tx, workspace, id, true);
    if (order.status !== 'Pending') {
      throw stateError(`Order ${id} is ${order.status}; only a Pending order can be deleted`);
    }
    await moveOrder(tx, order, { status: 'Cancelled', failureReason: 'Deleted by the partner' }, clock.nowMs());
  });
  return { success: true, message: `Order ${id} deleted` };
}

/** Records the payer's payment reference on an order whose origin rail needs it (IMPS, UPI); 409 for any other. */
export async function confirmPayin(
  db: Db,
  clock: Clock,
  workspace: WorkspaceContext,
  id: string,
  body: { orderId: string; referenceId: string },
) {
  if (body.orderId !== id) throw validation(`orderId ${body.orderId} does not match the order in the path (${id})`);
  await db.transaction(async (tx) => {
    const order = await ownedOrder(tx, workspace, id, true);
    if (!payinConfirmationRails.has(order.origin_rail)) {
      throw stateError(`Order ${id} collects on ${order.origin_rail}, which takes no payin confirmation`);
    }
    if (order.status !== 'Pending' && order.status !== 'PartiallyPaid') {
      throw stateError(`Order ${id} is ${order.status}; a payin can be confirmed only while funds are awaited`);
    }
    await setPayinReference(tx, id, body.referenceId, clock.nowMs());
  });
  return {};
}
