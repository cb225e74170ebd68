import { currencyOf } from '../../catalogue/index.js';
import { linkedBankAccountRail, samePayoutRailAs } from '../../catalogue/payout-identifiers.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import { authorization, existence, validation } from '../../domain/errors.js';
import { validateDestination } from '../../domain/payout-fields/validate-destination.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { confirmedMatchOfAccount, refuseConfirmedMatch } from '../aml-screenings/gate.js';
import { openInstrument } from './instrument.js';
import { findBankingAccountInstrument, isBankingAccountId } from './repo.js';

// Orders and withdrawals name a banking account as destinationTransferData { type: LINKED_BANK_ACCOUNT,
// bankingAccountId }. This turns that into the stored instrument before their own checks run, so everything after
// (the field set, the quote's rail, the corridor's beneficiary intake, the payout) is what it is for any instrument.

type Fields = Record<string, unknown>;

export interface LinkedDestination {
  readonly bankingAccountId: string;
  readonly currency: string;
  readonly rail: string;
  /** The stored instrument, carrying the beneficiary's identity fields the rail accepts in either object. */
  readonly destinationTransferData: { type: string } & Fields;
  /** The request's beneficiary when it sent one, else the stored one. */
  readonly destinationUserData: Fields | undefined;
}

const field = (key: string) => `destinationTransferData.${key}`;

/** The id a LINKED_BANK_ACCOUNT instrument names; 400 1008 when it carries anything else or no id. */
function bankingAccountIdOf(transfer: Fields): string {
  const extra = Object.keys(transfer).find((key) => key !== 'type' && key !== 'bankingAccountId');
  if (extra !== undefined) {
    throw validation(
      `${field(extra)} is not a field of ${linkedBankAccountRail} (type and bankingAccountId only)`,
      'invalidParameters',
    );
  }
  const id = transfer.bankingAccountId;
  if (typeof id !== 'string' || id.trim() === '') {
    throw validation(`${field('bankingAccountId')} is required for ${linkedBankAccountRail}`, 'invalidParameters');
  }
  if (!isBankingAccountId(id)) {
    throw validation(`${field('bankingAccountId')} must be a bankingAccountId (a UUID)`, 'invalidParameters');
  }
  return id;
}

/**
 * A copy of the stored instrument with each field the rail accepts in either object (SEPA, ACH_US and GBP city and
 * postalCode) taken from the stored beneficiary when the instrument lacks it: the payout then carries it, and a
 * withdrawal, which has no destinationUserData, finds it where it looks.
 */
function completedInstrument(entry: PayoutRailEntry, transfer: Fields, identity: Fields | undefined): Fields {
  const completed = { ...transfer };
  for (const rule of entry.fields) {
    const value = identity?.[rule.key];
    const either =
      rule.acceptedIn?.includes('destinationUserData') && rule.acceptedIn.includes('destinationTransferData');
    if (either && (completed[rule.key] ?? '') === '' && typeof value === 'string' && value !== '') {
      completed[rule.key] = value;
    }
  }
  return completed;
}

/**
 * The destination a request names, when it names a banking account; undefined for any other instrument. The
 * account must be the workspace's (404, else 401), and is checked again against today's field set of its rail: one
 * stored before a rule existed (the spec's ACH_US recipient without `state`) is 400 1008 naming the field, never a
 * 5xx, and still reads unchanged (reads show what was stored).
 */
export async function resolveLinkedDestination(
  db: Queryable,
  keyring: SecretsKeyring,
  workspace: WorkspaceContext,
  transfer: Fields,
  destinationUserData?: Fields,
): Promise<LinkedDestination | undefined> {
  if (transfer.type !== linkedBankAccountRail) return undefined;
  const id = bankingAccountIdOf(transfer);
  const row = await findBankingAccountInstrument(db, id);
  if (!row) throw existence(`Banking account ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Banking account ${id} is outside this workspace`);
  // The owner of a stored destination is the payout's beneficiary: while that account has a confirmed sanctions
  // match, nothing is paid to it (issue: AML screenings; spec, Errors: 403 AllowanceError).
  const match = await confirmedMatchOfAccount(db, workspace.id, { id: row.account_id, email: null });
  refuseConfirmedMatch(match, 'beneficiary of banking account', id);
  const entry = payoutRailByRail(row.rail);
  if (entry === undefined || !currencyOf(row.currency)?.payoutRails.includes(row.rail)) {
    throw validation(
      `Banking account ${id} pays out by ${row.rail}, which is no longer a payout rail of ${row.currency}; store the destination again`,
      'invalidParameters',
    );
  }
  const stored = openInstrument(keyring, row.instrument_sealed);
  const identity = destinationUserData ?? stored.destinationUserData;
  const instrument = completedInstrument(entry, stored.destinationTransferData, stored.destinationUserData);
  const [problem] = validateDestination(entry, instrument, identity);
  if (problem) {
    throw validation(
      `Banking account ${id} was stored under an earlier ${row.rail} field set and no longer meets it: ${problem.message}; store the destination again`,
      'invalidParameters',
    );
  }
  return {
    bankingAccountId: row.id,
    currency: row.currency,
    rail: row.rail,
    destinationTransferData: { ...instrument, type: row.rail },
    destinationUserData: identity,
  };
}

/**
 * Refuses a banking account in another currency than the payment's (400 1008), and on another rail than the one
 * `rail` names: an order's quote names its destinationRail (or the currency's default), unless it was quoted to
 * LINKED_BANK_ACCOUNT, which leaves the rail to the banking account.
 */
export function requireLinkedFits(linked: LinkedDestination, currency: string, rail?: string): void {
  const id = linked.bankingAccountId;
  if (linked.currency !== currency) {
    throw validation(
      `Banking account ${id} holds a ${linked.currency} destination; this payment pays out ${currency}`,
      'invalidParameters',
    );
  }
  const one = (name: string) => samePayoutRailAs[name] ?? name;
  if (rail !== undefined && rail !== linkedBankAccountRail && one(rail) !== one(linked.rail)) {
    throw validation(
      `Banking account ${id} pays out by ${linked.rail}, but the quote's destination rail is ${rail}; quote with destinationRail ${linked.rail}`,
      'invalidParameters',
    );
  }
}

/**
 * The quote an order is checked against: one quoted to LINKED_BANK_ACCOUNT pays out by the banking account's rail,
 * so the order's checks (the rail, the beneficiary the corridor needs) see that rail. Any other quote as it is.
 */
export function withLinkedRail<Q extends { destination_rail: string }>(
  quote: Q,
  linked: LinkedDestination | undefined,
): Q {
  return linked !== undefined && quote.destination_rail === linkedBankAccountRail
    ? { ...quote, destination_rail: linked.rail }
    : quote;
}

/** The request with the banking account's instrument and beneficiary in place of the LINKED_BANK_ACCOUNT one. */
export function withLinkedDestination<B extends { destinationTransferData: { type: string } & Fields }>(
  body: B,
  linked: LinkedDestination,
): B {
  const { destinationUserData: _sent, ...rest } = body as B & { destinationUserData?: unknown };
  return {
    ...rest,
    destinationTransferData: linked.destinationTransferData,
    ...(linked.destinationUserData === undefined ? {} : { destinationUserData: linked.destinationUserData }),
  } as unknown as B;
}
