import { randomUUID } from 'node:crypto';
import { applyPayoutReport, type PayoutReportResult, type PayoutSubjects } from '../../payouts/outcomes.js';
import { findPayout, payoutsOfBatch } from '../../payouts/register.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { ParsedBankFile } from '../../providers/bank-files/bank-file.js';
import { collectionByReference, creditCollection } from '../../resources/collections/credit.js';
import type { Queryable } from '../../storage/db.js';
import type { StatementLine } from './lines.js';
import { linesOf } from './lines-of.js';
import { rfReferencesIn } from './match-reference.js';
import {
  appendStatement,
  type BankEntryStatus,
  creditReversedBy,
  recordBankEntry,
  recordClosingBalance,
  setBankFileSummary,
  settleBankEntry,
} from './repo.js';
import type { PendingLink } from './statement-chain.js';

// A verified file acting (import.ts verifies first, held-files.ts applies a held file an operator accepted): each
// statement line recorded once under the bank's reference and acted on, closing balances kept for reconciliation,
// the statements appended to their accounts' chains, a status report's verdicts applied to their payouts.

/** What one import did; importing the same file again answers zeros but for `alreadyImported`. */
export interface ImportSummary {
  fileId: string;
  format: string;
  /** imported: verified and applied; held: verified, but a statement breaks its account's chain (reasons). */
  status: 'imported' | 'held';
  /** Why a held file waits for an operator; empty when it was applied. */
  reasons: string[];
  /** Statement lines credited to a deposit or an order. */
  credited: number;
  /** Credits that match nothing: they wait in the operator's queue (GET /admin/v1/bank-entries?status=unmatched). */
  unmatched: number;
  /** Payout outcomes applied (pain.002, camt.054 debits and returns, NACHA returns). */
  payoutOutcomes: number;
  /** Lines about payouts whose outcome was already applied, or that we do not know. */
  payoutReportsIgnored: number;
  /** Lines that are neither (bank fees, interest, transfers between the brokerage's own accounts). */
  other: number;
  /** Booked reversals of earlier lines (RvslInd, MT940 RC/RD): GET /admin/v1/bank-entries?status=reversal. */
  reversals: number;
  /** Lines recorded by an earlier import: nothing changed for them. */
  alreadyImported: number;
  closingBalances: number;
  /** Entries that move no money: pending, information only, forward-dated. */
  skipped: number;
}

export const emptySummary = (fileId: string, format: string, status: ImportSummary['status']): ImportSummary => ({
  fileId,
  format,
  status,
  reasons: [],
  credited: 0,
  unmatched: 0,
  payoutOutcomes: 0,
  payoutReportsIgnored: 0,
  other: 0,
  reversals: 0,
  alreadyImported: 0,
  closingBalances: 0,
  skipped: 0,
});

/** Applies a verified file: every line acts once, balances and chain links are recorded, the summary is kept. */
export async function applyFile(
  keyring: SecretsKeyring,
  payoutSubjects: PayoutSubjects,
  tx: Queryable,
  file: { fileId: string; parsed: ParsedBankFile; links: readonly PendingLink[]; nowMs: number },
): Promise<ImportSummary> {
  const { fileId, nowMs } = file;
  const lines = linesOf(file.parsed);
  const summary: ImportSummary = { ...emptySummary(fileId, lines.format, 'imported'), skipped: lines.skipped };
  const countReport = (result: PayoutReportResult) => {
    if (result === 'applied' || result === 'unresolved') summary.payoutOutcomes += 1;
    else summary.payoutReportsIgnored += 1;
  };
  for (const line of lines.statementLines) {
    const status = await importStatementLine(keyring, payoutSubjects, tx, fileId, line, nowMs);
    if (status === undefined) summary.alreadyImported += 1;
    else if (status === 'credited') summary.credited += 1;
    else if (status === 'unmatched') summary.unmatched += 1;
    else if (status === 'other') summary.other += 1;
    else if (status === 'reversal' || status === 'reversed') summary.reversals += 1;
    else countReport(status.report);
  }
  for (const balance of lines.balances) {
    await recordClosingBalance(tx, balance, fileId);
    summary.closingBalances += 1;
  }
  for (const link of file.links) await appendStatement(tx, { ...link, fileId }, nowMs);
  for (const verdict of lines.payoutStatuses) {
    countReport(await applyPayoutReport(tx, payoutSubjects, verdict, nowMs));
  }
  for (const rejected of lines.rejectedBatches) {
    for (const payoutId of await payoutsOfBatch(tx, rejected.batchId)) {
      const report = { payoutId, outcome: 'rejected' as const, reason: rejected.reason ?? 'file rejected' };
      countReport(await applyPayoutReport(tx, payoutSubjects, report, nowMs));
    }
  }
  await setBankFileSummary(tx, fileId, summary);
  return summary;
}

type LineResult = Exclude<BankEntryStatus, 'payout' | 'to_return'> | { report: PayoutReportResult } | undefined;

/**
 * Records one statement line and acts on it; undefined when an earlier import recorded it. The counterparty's
 * account is sealed before anything is made of the line (platform/secrets/sensitive.ts): the entry and the credit's
 * job hold it sealed, and the order it may reach keeps it so.
 */
async function importStatementLine(
  keyring: SecretsKeyring,
  payoutSubjects: PayoutSubjects,
  tx: Queryable,
  fileId: string,
  read: StatementLine,
  nowMs: number,
): Promise<LineResult> {
  const line: StatementLine = { ...read, counterparty: sealSensitive(keyring, read.counterparty) };
  const entry = { id: randomUUID(), fileId, line, nowMs };
  // One of our payouts: its debit says it left (settled); a credit with a return reason, or the bank's reversal of
  // its debit, says it came back.
  const payout = line.endToEndId === undefined ? undefined : await findPayout(tx, line.endToEndId);
  const aboutPayout = line.direction === 'debit' ? !line.reversal : line.returnReason !== undefined || line.reversal;
  if (payout !== undefined && aboutPayout) {
    if (!(await recordBankEntry(tx, keyring, { ...entry, status: 'payout' }))) return undefined;
    const outcome = line.direction === 'debit' ? 'settled' : 'returned';
    const reason = line.returnReason ?? (line.reversal ? 'reversed by the bank' : undefined);
    const report = await applyPayoutReport(tx, payoutSubjects, { payoutId: payout.payout_id, outcome, reason }, nowMs);
    return { report };
  }
  if (line.reversal) return importReversal(tx, keyring, entry);
  if (line.direction === 'debit') {
    return (await recordBankEntry(tx, keyring, { ...entry, status: 'other' })) ? 'other' : undefined;
  }
  for (const reference of rfReferencesIn(line.references)) {
    const target = await collectionByReference(tx, reference);
    if (target === undefined || target.currency !== line.currency) continue;
    const match = { kind: target.kind, id: target.id };
    if (!(await recordBankEntry(tx, keyring, { ...entry, status: 'credited' }, match))) return undefined;
    await creditCollection(tx, target, { amountMinor: line.amountMinor, counterparty: line.counterparty }, nowMs);
    return 'credited';
  }
  return (await recordBankEntry(tx, keyring, { ...entry, status: 'unmatched' })) ? 'unmatched' : undefined;
}

/**
 * A booked reversal takes back an earlier line (issue #27: "a reversal of a credit already applied is handled, not
 * ignored"). The reversal of an unmatched credit settles both: they net to nothing at the bank and nothing reached
 * the ledger. The reversal of a credit already applied to a deposit or an order cannot be undone by the server (the
 * customer's balance may be spent): it waits for an operator as 'reversal', naming what it reverses, and
 * reconciliation lists it until resolved. So does a reversal whose original line is not found.
 */
async function importReversal(
  tx: Queryable,
  keyring: SecretsKeyring,
  entry: { id: string; fileId: string; line: StatementLine; nowMs: number },
): Promise<LineResult> {
  const { line, nowMs } = entry;
  const original = line.direction === 'debit' ? await creditReversedBy(tx, line) : undefined;
  if (original?.status === 'unmatched') {
    const recorded = await recordBankEntry(tx, keyring, {
      ...entry,
      status: 'reversed',
      reversesEntryId: original.id,
      note: `reverses the unmatched credit ${original.bank_reference}`,
    });
    if (!recorded) return undefined;
    await settleBankEntry(tx, original.id, { status: 'reversed', note: `reversed by ${line.bankReference}` }, nowMs);
    return 'reversed';
  }
  const note =
    original === undefined
      ? `a reversal by the bank of a ${line.direction === 'debit' ? 'credit' : 'debit'} that was not found`
      : `reverses the credit ${original.bank_reference}, already ${original.status === 'credited' ? `applied to ${original.matched_kind} ${original.matched_id}` : 'marked for return'}: the money is no longer at the bank`;
  const match =
    original?.matched_kind && original.matched_id
      ? { kind: original.matched_kind, id: original.matched_id }
      : undefined;
  const recorded = await recordBankEntry(
    tx,
    keyring,
    { ...entry, status: 'reversal', reversesEntryId: original?.id, note },
    match,
  );
  return recorded ? 'reversal' : undefined;
}
