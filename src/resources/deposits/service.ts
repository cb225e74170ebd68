import type { Static } from 'typebox';
import { workspaceAccountId } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { identityIntakeFor } from '../../catalogue/identity-intake.js';
import { currencyOf } from '../../catalogue/index.js';
import { networks } from '../../catalogue/networks.js';
import type { CurrencyEntry } from '../../catalogue/types.js';
import { authorization, existence, stateError, validation } from '../../domain/errors.js';
import { checkPayer, entityTypeOf } from '../../domain/identity/party-intake.js';
import { resourceId } from '../../domain/ids.js';
import { amountFromJson, amountToDecimal } from '../../domain/money/currency-amount.js';
import { resolveOriginNetwork } from '../../domain/origin-network.js';
import { deletable } from '../../domain/states/deposit-status.js';
import type { Clock } from '../../platform/clock.js';
import { claimIdentity, KeyTaken, type StatementClaim } from '../../platform/idempotency.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import { requireCollection } from '../../providers/capabilities.js';
import { enforceCorridorLimits } from '../../providers/corridors/enforce-limits.js';
import type { DepositInfo } from '../../providers/rails/deposit-info.js';
import type { InstructionRequest } from '../../providers/rails/rail-provider.js';
import type { Queryable } from '../../storage/db.js';
import { joinsGroup } from '../../storage/group-commit.js';
import { requireStatusApproved } from '../../verification/verification.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { refuseConfirmedMatch } from '../aml-screenings/gate.js';
import {
  cancelDeposit,
  type DepositRow,
  type DepositToPlace,
  depositExists,
  depositGroup,
  findDeposit,
  newDepositRow,
  placeDeposit,
} from './repo.js';
import type { CreateDepositRequest } from './schema.js';
import { depositView } from './view.js';

type Request = Static<typeof CreateDepositRequest>;

/**
 * The stateless checks, run before an idempotency key is reserved: currency, rail, network, amount, identity intake.
 * Corridor limits and the verification gate depend on state outside the request: they run after.
 */
export function checkDepositRequest(body: Request): CheckedDeposit {
  const currency = currencyOf(body.currency);
  if (!currency?.holdable) {
    const why = currency?.originAllowed ? ': it is collected only as the origin of an order, which converts it' : '';
    throw validation(`currency ${body.currency} cannot be collected by a deposit${why}`, 'notSupportedCurrency');
  }
  const rail = depositRail(currency, body.rail);
  const network = resolveOriginNetwork(rail, body.originNetworkId, networks);
  if (!network.ok) throw validation(network.reason, 'invalidParameters');
  let expectedAmount: bigint | undefined;
  if (body.amount === undefined) {
    if (currency.code !== 'EUR')
      throw validation(`amount is required for ${currency.code} (only EUR collects an open amount)`);
  } else {
    const parsed = amountFromJson(body.amount, currency.code);
    if (!parsed.ok) throw validation(`amount ${parsed.reason} (${currency.code})`);
    expectedAmount = parsed.minor;
  }
  const intake = identityIntakeFor(currency.code, 'payin', entityTypeOf(body.userData));
  const problem = intake && checkPayer(intake, body.userData);
  if (problem) throw validation(problem.message);
  return { currency, rail, expectedAmount };
}

function depositRail(currency: CurrencyEntry, sent: string | undefined): string {
  const accepted = currency.acceptedOriginRails;
  if (sent === undefined) {
    if (currency.kind === 'crypto') {
      throw validation(`rail is required for ${currency.code}: one of ${accepted.join(', ')}`, 'invalidParameters');
    }
    return accepted[0] as string;
  }
  if (!accepted.includes(sent)) {
    throw validation(
      `${currency.code} is not collected on ${sent}; accepted collection methods: ${accepted.join(', ')}`,
      'invalidParameters',
    );
  }
  return sent;
}

export interface CheckedDeposit {
  readonly currency: CurrencyEntry;
  readonly rail: string;
  readonly expectedAmount: bigint | undefined;
}

/** What placing a deposit reads of the server. */
export type DepositPlacing = Pick<
  AppContext,
  'db' | 'clock' | 'config' | 'secretsKeyring' | 'capabilities' | 'corridors' | 'rails'
>;

/**
 * Creates a deposit: the corridor limits and the payment instructions in memory, then one statement that checks the
 * payer's verification and stores the deposit with the idempotency key and its answer (placeDeposit).
 *
 * Instructions that take a wallet's derivation index (production's xpub wallets) write the deposit themselves, in
 * the transaction that takes the index (`writeDeposit`): the index is consumed only when the deposit and its key
 * commit, and an idempotent replay, a refused payer or a key's 409 roll it back (issue #27; docs/decisions/,
 * "Wallet indexes: consumed only by a deposit that exists"). Other instructions take nothing: the deposit is then
 * the one statement on its own, with no transaction and no round trip more (the keyed fiat deposit's hot path).
 */
export async function createDeposit(
  ctx: DepositPlacing,
  workspace: WorkspaceContext,
  body: Request,
  checked: CheckedDeposit,
  claim: StatementClaim,
) {
  const { currency, rail, expectedAmount } = checked;
  requireCollection(ctx.capabilities, currency.code, rail);
  if (expectedAmount !== undefined) {
    await enforceCorridorLimits(ctx.corridors, {
      currency,
      direction: 'payin',
      minor: expectedAmount,
      field: 'amount',
      rail,
    });
  }
  const id = resourceId(ctx.config.brokerageEnv === 'production');
  const amountMajor = expectedAmount === undefined ? undefined : amountToDecimal(expectedAmount, currency.code);
  const createdAtMs = BigInt(ctx.clock.nowMs());
  /** Writes the deposit with its key and answer; throws, writing nothing, when the gates or the key refuse it. */
  const place = async (db: Queryable, depositInfo: DepositInfo) => {
    const row = newDepositRow({
      id,
      workspace_id: workspace.id,
      account_id: workspaceAccountId(workspace.id),
      payer_email: body.userData.userEmail.toLowerCase(),
      // Sealed field by field before the answer is built from the row (platform/secrets/sensitive.ts): the row, the
      // answer stored with the key and every event carry the payer's tax id and birth date sealed, opened at the edge.
      user_data: sealSensitive(ctx.secretsKeyring, body.userData as Record<string, string>),
      currency: currency.code,
      rail,
      expected_amount: expectedAmount ?? null,
      amount_major: amountMajor ?? null,
      deposit_info: depositInfo as unknown as Record<string, unknown>,
      reference_code: 'referenceCode' in depositInfo ? String(depositInfo.referenceCode) : id,
      created_at_ms: createdAtMs,
    });
    const view = depositView(row);
    const deposit: DepositToPlace = {
      row,
      claim: (p, when) => claim.cte(p, view, when),
      key: claim.key && claimIdentity(workspace.id, claim.key),
    };
    // A keyed deposit with the keyed deposits that come at the same time, in one statement (on the store itself:
    // joinsGroup holds db to be it); otherwise alone.
    const keyed = claim.key !== undefined;
    const placed = joinsGroup({ db, store: ctx.db, groupCommitEnabled: ctx.config.groupCommitEnabled, keyed })
      ? await depositGroup(ctx.db).submit(deposit)
      : await placeDeposit(db, deposit);
    requireStatusApproved(placed.payerStatus, body.userData.userEmail, 'payer');
    refuseConfirmedMatch(placed.amlHold, 'payer', body.userData.userEmail);
    if (!placed.claimed) throw new KeyTaken();
    return view;
  };
  let written: ReturnType<typeof depositView> | undefined;
  const request: InstructionRequest = {
    depositId: id,
    currency: currency.code,
    rail,
    amount: amountMajor,
    writeDeposit: async (tx, depositInfo) => {
      written = await place(tx, depositInfo);
    },
  };
  const depositInfo = await ctx.rails.depositInstructions(request);
  return written ?? place(ctx.db, depositInfo);
}

/** A deposit of the caller's workspace: 404 when no such deposit exists, 401 when it belongs to another workspace. */
export async function ownedDeposit(db: Queryable, workspace: WorkspaceContext, id: string): Promise<DepositRow> {
  const mine = await findDeposit(db, workspace.id, id);
  if (mine) return mine;
  if (await depositExists(db, id)) throw authorization(`Deposit ${id} is outside this workspace`);
  throw existence(`Deposit ${id} does not exist`);
}

export async function deleteDeposit(db: Queryable, clock: Clock, workspace: WorkspaceContext, id: string) {
  await ownedDeposit(db, workspace, id);
  if (!(await cancelDeposit(db, workspace.id, id, deletable, clock.nowMs()))) {
    throw stateError(`Deposit ${id} can be deleted only while Pending, before any funds arrive`);
  }
  return { success: true, message: `Deposit ${id} cancelled` };
}
