import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { ensureWorkspaceAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { networkGasFees } from '../../catalogue/network-gas-fees.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { CurrencyEntry, PayoutRailEntry } from '../../catalogue/types.js';
import { authorization, existence, validation } from '../../domain/errors.js';
import { movements } from '../../domain/ledger/entry.js';
import { decimalOfMinor, minorOfDecimal, minorOfNumber, mulDiv } from '../../domain/money/amount.js';
import { applyDefaults, validateDestination } from '../../domain/payout-fields/validate-destination.js';
import { enqueueJob } from '../../jobs/queue.js';
import { recordBalanceUpdated } from '../../ledger/balance-updated.js';
import { postEntry } from '../../ledger/ledger.js';
import { enforceCorridorLimits } from '../../providers/corridors/enforce-limits.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { withdrawalPayoutJob } from './payout.js';
import { findWithdrawal, insertWithdrawal, type WithdrawalRow } from './repo.js';
import type { CreateWithdrawalRequest } from './schema.js';
import { withdrawalView } from './view.js';

type Request = Static<typeof CreateWithdrawalRequest>;

export interface CheckedWithdrawal {
  readonly currency: CurrencyEntry;
  readonly rail: PayoutRailEntry;
  readonly amount: bigint;
  readonly destination: Record<string, unknown>;
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
  const amount = minorOfNumber(body.amount, currency.precision);
  if (!amount.ok) throw validation(`amount ${amount.reason} (${currency.code})`);
  return { currency, rail, amount: amount.minor, destination: applyDefaults(rail, body.destinationTransferData) };
}

/** The network fee of a crypto payout, in the withdrawn currency, rounded up; fiat rails charge none here. */
async function payoutFee(ctx: AppContext, checked: CheckedWithdrawal): Promise<bigint> {
  const gasUsd =
    checked.rail.kind === 'crypto' ? networkGasFees.find((g) => g.rail === checked.rail.rail)?.usd : undefined;
  if (gasUsd === undefined) return 0n;
  const rate = await ctx.prices.referenceRate(checked.currency.code);
  const scaled = (decimal: string) => {
    const parsed = minorOfDecimal(decimal, 18);
    if (!parsed.ok) throw new Error(`catalogue decimal ${decimal} ${parsed.reason}`);
    return parsed.minor;
  };
  return mulDiv(scaled(gasUsd), 10n ** BigInt(checked.currency.precision), scaled(rate.usdPerUnit), 'up');
}

export async function createWithdrawal(
  ctx: AppContext,
  workspace: WorkspaceContext,
  body: Request,
  checked: CheckedWithdrawal,
  commit: (tx: Queryable, body: unknown) => Promise<void>,
) {
  const { currency, rail, amount } = checked;
  await enforceCorridorLimits(ctx.corridors, {
    currency,
    direction: 'payout',
    minor: amount,
    field: 'amount',
    rail: rail.rail,
  });
  const fee = await payoutFee(ctx, checked);
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const accountId = await ensureWorkspaceAccount(tx, workspace.id, nowMs);
    const row = await insertWithdrawal(tx, {
      id: randomUUID(),
      workspaceId: workspace.id,
      accountId,
      currency: currency.code,
      rail: rail.rail,
      amount,
      fee,
      amountMajor: decimalOfMinor(amount, currency.precision),
      destination: checked.destination,
      beneficiary: body.beneficiary,
      nowMs,
    });
    // Amount and fee are held together: if the balance is short, nothing at all happens (402, rolled back).
    await postEntry(tx, {
      workspaceId: workspace.id,
      kind: 'withdrawal_hold',
      reference: row.id,
      postings: movements.hold(accountId, currency.code, amount + fee),
      nowMs,
    });
    await recordBalanceUpdated(tx, workspace.id, accountId, currency.code, nowMs);
    await enqueueJob(
      tx,
      {
        kind: withdrawalPayoutJob,
        payload: { withdrawalId: row.id },
        runAtMs: nowMs + ctx.config.sandboxSettleDelayMs,
      },
      nowMs,
    );
    const view = withdrawalView(row);
    await commit(tx, view);
    return view;
  });
}

export async function ownedWithdrawal(
  ctx: AppContext,
  workspace: WorkspaceContext,
  id: string,
): Promise<WithdrawalRow> {
  const row = await findWithdrawal(ctx.db, id);
  if (!row) throw existence(`Withdrawal ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Withdrawal ${id} is outside this workspace`);
  return row;
}
