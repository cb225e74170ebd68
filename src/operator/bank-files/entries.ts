import type { AppContext } from '../../app-context.js';
import { existence, stateError, validation } from '../../domain/errors.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { openForUse } from '../../platform/secrets/sensitive.js';
import { collectionByDepositId, collectionByOrderId, creditCollection } from '../../resources/collections/credit.js';
import type { Queryable } from '../../storage/db.js';
import { type BankEntryRow, type BankEntryStatus, findBankEntry, listBankEntries, settleBankEntry } from './repo.js';

/**
 * A bank statement line as operators see it. The counterparty's account is sealed as the row holds it: the answer
 * opens it at the edge (platform/secrets/open-at-edge.ts).
 */
export const bankEntryView = (row: BankEntryRow) => ({
  entryId: row.id,
  account: row.account,
  bankReference: row.bank_reference,
  direction: row.direction,
  currency: row.currency,
  amount: amountToJson(row.amount_minor, row.currency),
  bookingDate: row.booking_date,
  reference: row.reference,
  counterparty: row.counterparty,
  status: row.status,
  reversesEntryId: row.reverses_entry_id ?? null,
  matched: row.matched_kind === null || row.matched_id === null ? null : { kind: row.matched_kind, id: row.matched_id },
  note: row.note,
  fileId: row.file_id,
  createdAt: Math.floor(Number(row.created_at_ms) / 1000),
});

export async function listEntries(
  db: Queryable,
  filter: {
    status?: BankEntryStatus | undefined;
    currency?: string | undefined;
    fileId?: string | undefined;
    limit?: number | undefined;
  },
) {
  const rows = await listBankEntries(db, {
    status: filter.status,
    currency: filter.currency,
    fileId: filter.fileId,
    limit: filter.limit ?? 100,
  });
  return rows.map(bankEntryView);
}

/**
 * The audit log's record of an operator's decision on an entry: the entry as operators read it, before and after,
 * the counterparty opened so that the log masks its account to the last four as it always has (a sealed field
 * would be replaced whole: platform/audit/redaction.ts).
 */
const entryChange = (keyring: SecretsKeyring, before: BankEntryRow, after: ReturnType<typeof bankEntryView>) => ({
  target: { type: 'bank-entry', id: before.id },
  before: openForUse(keyring, bankEntryView(before)),
  after: openForUse(keyring, after),
});

async function unmatchedEntry(tx: Queryable, entryId: string) {
  const entry = await findBankEntry(tx, entryId, true);
  if (entry === undefined) throw existence(`Bank entry ${entryId} does not exist`);
  if (entry.status !== 'unmatched') {
    throw stateError(`Bank entry ${entryId} is ${entry.status}; only an unmatched credit can be assigned or returned`);
  }
  return entry;
}

/** What an operator's decision on an unmatched credit (assign it, mark it for return) reads of the server. */
export type BankEntryDeciding = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

/**
 * An operator assigns an unmatched credit to the deposit or order the payer meant (a mistyped reference): it is
 * credited through the same job as a matched one, in the same transaction as the entry's change.
 */
export async function assignEntry(
  ctx: BankEntryDeciding,
  entryId: string,
  to: { depositId?: string | undefined; orderId?: string | undefined },
) {
  if ((to.depositId === undefined) === (to.orderId === undefined)) {
    throw validation('Send exactly one of depositId and orderId');
  }
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const entry = await unmatchedEntry(tx, entryId);
    const target =
      to.depositId !== undefined
        ? await collectionByDepositId(tx, to.depositId)
        : await collectionByOrderId(tx, to.orderId ?? '');
    if (target === undefined) throw existence(`No rail-funded deposit or order ${to.depositId ?? to.orderId}`);
    if (target.currency !== entry.currency) {
      throw validation(`The credit is ${entry.currency}; ${target.kind} ${target.id} collects ${target.currency}`);
    }
    // The counterparty goes on sealed as the entry holds it (the order it reaches keeps it so).
    await creditCollection(tx, target, { amountMinor: entry.amount_minor, counterparty: entry.counterparty }, nowMs);
    await settleBankEntry(tx, entry.id, { status: 'credited', match: { kind: target.kind, id: target.id } }, nowMs);
    const after = bankEntryView((await findBankEntry(tx, entry.id)) as BankEntryRow);
    auditChange(tx, { workspaceId: target.workspaceId, ...entryChange(ctx.secretsKeyring, entry, after) });
    return after;
  });
}

/** An operator marks an unmatched credit to be sent back to the payer (done at the bank; recorded here). */
export async function markEntryForReturn(ctx: BankEntryDeciding, entryId: string, note: string | undefined) {
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const entry = await unmatchedEntry(tx, entryId);
    await settleBankEntry(tx, entry.id, { status: 'to_return', note: note ?? 'marked for return' }, nowMs);
    const after = bankEntryView((await findBankEntry(tx, entry.id)) as BankEntryRow);
    auditChange(tx, entryChange(ctx.secretsKeyring, entry, after));
    return after;
  });
}
