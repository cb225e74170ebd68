import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { ensureHolderAccount, ensureWorkspaceAccount, findHolderAccount } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { linkedBankAccountRail, samePayoutRailAs, storablePayoutRailsOf } from '../../catalogue/payout-identifiers.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import { authorization, duplicity, existence, validation } from '../../domain/errors.js';
import {
  accountIdentifierOf,
  fingerprintOf,
  maskedIdentity,
  maskedTransferData,
  visibleTailOf,
} from '../../domain/payout-fields/stored-instrument.js';
import { applyDefaults, validateDestination } from '../../domain/payout-fields/validate-destination.js';
import { type Capabilities, requirePayout } from '../../providers/capabilities.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { type StoredInstrument, sealInstrument } from './instrument.js';
import {
  type BankingAccountReadRow,
  type BankingAccountRow,
  deleteBankingAccountRow,
  findBankingAccount,
  findSameAccount,
  insertBankingAccount,
  listBankingAccounts,
} from './repo.js';
import type { BankingAccountListQuery, CreateBankingAccountRequest } from './schema.js';
import { bankingAccountView } from './view.js';

type Request = Static<typeof CreateBankingAccountRequest>;

/**
 * The stateless checks of a new banking account, with the payout field-set engine orders and withdrawals use:
 * the currency, a fiat rail it pays out by, and the rail's fields. Answers the instrument as it will be stored.
 */
export function checkBankingAccountRequest(body: Request): { entry: PayoutRailEntry; instrument: StoredInstrument } {
  const currency = currencyOf(body.currency);
  const rails = currency === undefined ? [] : storablePayoutRailsOf(currency);
  if (currency === undefined || rails.length === 0) {
    throw validation(
      `currency ${body.currency} has no bank payout rail: a banking account holds a fiat payout destination`,
      'notSupportedCurrency',
    );
  }
  const type = body.destinationTransferData.type;
  const entry = rails.find((r) => r.rail === type);
  if (entry === undefined) {
    const linked = type === linkedBankAccountRail ? ' (a banking account cannot name another one)' : '';
    throw validation(
      `destinationTransferData.type ${type} is not a rail a ${currency.code} banking account can hold${linked}; accepted: ${rails.map((r) => r.rail).join(', ')}`,
      'invalidParameters',
    );
  }
  const userData = body.destinationUserData as Record<string, string> | undefined;
  const [problem] = validateDestination(entry, body.destinationTransferData, userData);
  if (problem) throw validation(problem.message, 'invalidParameters');
  const transfer = applyDefaults(entry, body.destinationTransferData) as Record<string, string>;
  return {
    entry,
    instrument: {
      destinationTransferData: transfer,
      ...(userData === undefined ? {} : { destinationUserData: userData }),
    },
  };
}

/** A rail and the other names of the same payout rail (BANK_DEPOSIT_COL and ACH_COP). */
const namesOfRail = (rail: string): string[] => [
  rail,
  ...Object.entries(samePayoutRailAs).flatMap(([name, same]) => (name === rail ? [same] : same === rail ? [name] : [])),
];

/**
 * A banking account exists only to be paid out to, so production stores one only for a currency and rail it pays
 * out (issue #27): otherwise the partner would hold a destination every order and withdrawal to it refuses. Refused
 * with the 503 ExternalServiceError those payouts give, before anything is stored (spec: Environments; docs/
 * operating.md: a section left out is a capability not offered). Stage pays out everything, so it stores as before.
 */
function requirePayableRail(capabilities: Capabilities, currency: string, rail: string): void {
  if (!namesOfRail(rail).some((name) => capabilities.paysOut(currency, name))) {
    requirePayout(capabilities, currency, rail);
  }
}

/** What storing a banking account reads of the server. */
export type BankingAccountCreating = Pick<
  AppContext,
  'db' | 'clock' | 'capabilities' | 'secretsKeyring' | 'bankingFingerprintKey'
>;

/**
 * Stores a checked destination for the workspace, or for the account holding `customerEmail` (created on first use,
 * as every account is). The same account stored again for the same owner is 409 DuplicityError naming the first,
 * so a retried request that lost its answer creates nothing twice.
 */
export async function createBankingAccount(ctx: BankingAccountCreating, workspace: WorkspaceContext, body: Request) {
  const { entry, instrument } = checkBankingAccountRequest(body);
  // Before the owner's account is created or the fingerprint key stored: a refusal stores nothing.
  requirePayableRail(ctx.capabilities, body.currency, entry.rail);
  const transfer = instrument.destinationTransferData;
  const identifier = accountIdentifierOf(entry, transfer);
  if (identifier === undefined) throw new Error(`storable rail ${entry.rail} has no account identifier`);
  const nowMs = ctx.clock.nowMs();
  const customerEmail = body.customerEmail?.trim().toLowerCase();
  const accountId =
    customerEmail === undefined
      ? await ensureWorkspaceAccount(ctx.db, workspace.id, nowMs)
      : (await ensureHolderAccount(ctx.db, workspace.id, customerEmail, nowMs)).id;
  const row: BankingAccountRow = {
    id: randomUUID(),
    workspace_id: workspace.id,
    account_id: accountId,
    customer_email: customerEmail ?? null,
    currency: body.currency,
    rail: entry.rail,
    label: body.label ?? null,
    last4: visibleTailOf(identifier.value),
    fingerprint: fingerprintOf(await ctx.bankingFingerprintKey(), workspace.id, entry, transfer),
    instrument_sealed: sealInstrument(ctx.secretsKeyring, instrument),
    transfer_data_masked: maskedTransferData(transfer),
    user_data_masked: instrument.destinationUserData ? maskedIdentity(instrument.destinationUserData) : null,
    created_at_ms: BigInt(nowMs),
  };
  if (!(await insertBankingAccount(ctx.db, row))) {
    const first = await findSameAccount(ctx.db, row);
    throw duplicity(
      `This account is already stored as banking account ${first?.id ?? '(just deleted)'} for the same owner; reuse it`,
    );
  }
  return bankingAccountView(row);
}

/** A banking account of the caller's workspace: 404 when none exists, 401 when it belongs to another workspace. */
export async function ownedBankingAccount(
  db: Queryable,
  workspace: WorkspaceContext,
  id: string,
): Promise<BankingAccountReadRow> {
  const row = await findBankingAccount(db, id);
  if (!row) throw existence(`Banking account ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Banking account ${id} is outside this workspace`);
  return row;
}

/** The workspace's banking accounts; `customerEmail` narrows them to the account holding that email (none: empty). */
export async function listWorkspaceBankingAccounts(
  db: Queryable,
  workspace: WorkspaceContext,
  query: Static<typeof BankingAccountListQuery>,
) {
  const { customerEmail, ...filters } = query;
  const owner = customerEmail === undefined ? undefined : await findHolderAccount(db, workspace.id, customerEmail);
  if (customerEmail !== undefined && owner === undefined) return [];
  const rows = await listBankingAccounts(db, workspace.id, { ...filters, accountId: owner?.id });
  return rows.map(bankingAccountView);
}

/**
 * Deletes a banking account: it can no longer be named by a new order or withdrawal. Those already made keep the
 * instrument they resolved to at creation, so a payout in flight is not affected.
 */
export async function deleteBankingAccount(db: Queryable, workspace: WorkspaceContext, id: string) {
  await ownedBankingAccount(db, workspace, id);
  if (!(await deleteBankingAccountRow(db, workspace.id, id))) throw existence(`Banking account ${id} does not exist`);
  return { bankingAccountId: id, deleted: true as const };
}
