import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { applyPayoutReport, type PayoutReportResult } from '../../payouts/outcomes.js';
import { findPayout, payoutsOfBatch } from '../../payouts/register.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Queryable } from '../../storage/db.js';
import { collectionByReference, creditCollection } from '../collections/credit.js';
import type { BankFileLines, StatementLine } from './lines.js';
import { rfReferencesIn } from './match-reference.js';
import {
  type BankEntryStatus,
  insertBankFile,
  recordBankEntry,
  recordClosingBalance,
  setBankFileSummary,
} from './repo.js';

/** What one import did; importing the same file again answers zeros but for `alreadyImported`. */
export interface ImportSummary {
  fileId: string;
  format: string;
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
  /** Lines recorded by an earlier import: nothing changed for them. */
  alreadyImported: number;
  closingBalances: number;
  /** Lines that move no money here: pending or reversed entries, currencies this server does not hold. */
  skipped: number;
}

/**
 * Imports one bank file in one transaction: every statement line is recorded once under the bank's reference and
 * then acted on (a credit matched by its RF reference is credited through the simulator's own job; a debit or a
 * return of one of our payouts applies that payout's outcome), closing balances are kept for reconciliation, and a
 * status report's verdicts apply to their payouts. Running it twice changes nothing the second time.
 */
export async function importBankFile(ctx: AppContext, text: string, lines: BankFileLines): Promise<ImportSummary> {
  const nowMs = ctx.clock.nowMs();
  const fileId = randomUUID();
  const sha256 = createHash('sha256').update(text).digest('hex');
  return ctx.db.transaction(async (tx) => {
    await insertBankFile(tx, { id: fileId, format: lines.format, sha256, nowMs });
    const summary: ImportSummary = {
      fileId,
      format: lines.format,
      credited: 0,
      unmatched: 0,
      payoutOutcomes: 0,
      payoutReportsIgnored: 0,
      other: 0,
      alreadyImported: 0,
      closingBalances: 0,
      skipped: lines.skipped,
    };
    const countReport = (result: PayoutReportResult) => {
      if (result === 'applied' || result === 'unresolved') summary.payoutOutcomes += 1;
      else summary.payoutReportsIgnored += 1;
    };
    for (const line of lines.statementLines) {
      const status = await importStatementLine(ctx, tx, fileId, line, nowMs);
      if (status === undefined) summary.alreadyImported += 1;
      else if (status === 'credited') summary.credited += 1;
      else if (status === 'unmatched') summary.unmatched += 1;
      else if (status === 'other') summary.other += 1;
      else countReport(status.report);
    }
    for (const balance of lines.balances) {
      await recordClosingBalance(tx, balance, fileId);
      summary.closingBalances += 1;
    }
    for (const verdict of lines.payoutStatuses) {
      countReport(await applyPayoutReport(tx, ctx.payoutSubjects, verdict, nowMs));
    }
    for (const rejected of lines.rejectedBatches) {
      for (const payoutId of await payoutsOfBatch(tx, rejected.batchId)) {
        const report = { payoutId, outcome: 'rejected' as const, reason: rejected.reason ?? 'file rejected' };
        countReport(await applyPayoutReport(tx, ctx.payoutSubjects, report, nowMs));
      }
    }
    await setBankFileSummary(tx, fileId, summary);
    // The file is known by its digest: its content (statement lines, account numbers) stays out of the log.
    auditChange(tx, { target: { type: 'bank-file', id: fileId }, before: null, after: { sha256, ...summary } });
    return summary;
  });
}

type LineResult = Exclude<BankEntryStatus, 'payout' | 'to_return'> | { report: PayoutReportResult } | undefined;

/** Records one statement line and acts on it; undefined when an earlier import recorded it. */
async function importStatementLine(
  ctx: AppContext,
  tx: Queryable,
  fileId: string,
  line: StatementLine,
  nowMs: number,
): Promise<LineResult> {
  const entry = { id: randomUUID(), fileId, line, nowMs };
  // One of our payouts: its debit says it left (settled); a credit with a return reason says it came back.
  const payout = line.endToEndId === undefined ? undefined : await findPayout(tx, line.endToEndId);
  if (payout !== undefined && (line.direction === 'debit' || line.returnReason !== undefined)) {
    if (!(await recordBankEntry(tx, { ...entry, status: 'payout' }))) return undefined;
    const outcome = line.direction === 'debit' ? 'settled' : 'returned';
    const report = await applyPayoutReport(
      tx,
      ctx.payoutSubjects,
      { payoutId: payout.payout_id, outcome, reason: line.returnReason },
      nowMs,
    );
    return { report };
  }
  if (line.direction === 'debit') {
    return (await recordBankEntry(tx, { ...entry, status: 'other' })) ? 'other' : undefined;
  }
  for (const reference of rfReferencesIn(line.references)) {
    const target = await collectionByReference(tx, reference);
    if (target === undefined || target.currency !== line.currency) continue;
    const match = { kind: target.kind, id: target.id };
    if (!(await recordBankEntry(tx, { ...entry, status: 'credited' }, match))) return undefined;
    await creditCollection(tx, target, { amountMinor: line.amountMinor, counterparty: line.counterparty }, nowMs);
    return 'credited';
  }
  return (await recordBankEntry(tx, { ...entry, status: 'unmatched' })) ? 'unmatched' : undefined;
}
