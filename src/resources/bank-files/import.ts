import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { applyPayoutReport, type PayoutReportResult } from '../../payouts/outcomes.js';
import { findPayout, payoutsOfBatch } from '../../payouts/register.js';
import { auditChange } from '../../platform/audit/scope.js';
import { open, seal } from '../../platform/sealing.js';
import { BankFileError, type ParsedBankFile } from '../../providers/bank-files/bank-file.js';
import { parseBankFile } from '../../providers/bank-files/parse-bank-file.js';
import type { Queryable } from '../../storage/db.js';
import { collectionByReference, creditCollection } from '../collections/credit.js';
import type { StatementLine } from './lines.js';
import { linesOf } from './lines-of.js';
import { rfReferencesIn } from './match-reference.js';
import {
  appendStatement,
  type BankEntryStatus,
  type BankFileRow,
  creditReversedBy,
  decideBankFile,
  findBankFile,
  heldFileWithDigest,
  insertBankFile,
  recordBankEntry,
  recordClosingBalance,
  setBankFileSummary,
  settleBankEntry,
} from './repo.js';
import type { PendingLink } from './statement-chain.js';
import { verifyBankFile } from './verify-file.js';

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

export type ImportOutcome =
  | { readonly status: 'imported' | 'held'; readonly summary: ImportSummary }
  | { readonly status: 'refused'; readonly fileId: string; readonly format: string; readonly reasons: string[] };

/** At most this many reasons are kept for a file: enough to see the case; a file that breaks more is refused anyway. */
const reasonsKeptMax = 200;

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

const emptySummary = (fileId: string, format: string, status: ImportSummary['status']): ImportSummary => ({
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

/** A held file's answer, again: importing it twice holds it once. */
const heldSummary = (row: BankFileRow): ImportSummary => ({
  ...emptySummary(row.id, row.format, 'held'),
  reasons: row.reasons,
});

/**
 * Imports one bank file in one transaction, all or nothing (issue #27): the file is verified whole first
 * (verify-file.ts); a file that fails is recorded as refused with its digest and every reason and moves nothing; a
 * statement that breaks its account's chain holds the file, sealed, for an operator; a sound file is applied: each
 * statement line recorded once under the bank's reference and acted on, closing balances kept for reconciliation,
 * a status report's verdicts applied to their payouts, its statements appended to their chains.
 */
export async function importBankFile(ctx: AppContext, text: string): Promise<ImportOutcome> {
  const nowMs = ctx.clock.nowMs();
  const fileId = randomUUID();
  const sha256 = digestOf(text);
  let parsed: ParsedBankFile;
  try {
    parsed = parseBankFile(text);
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error;
    return ctx.db.transaction((tx) => refuse(tx, { fileId, format: 'unknown', sha256, nowMs }, [error.message], []));
  }
  return ctx.db.transaction(async (tx): Promise<ImportOutcome> => {
    const held = await heldFileWithDigest(tx, sha256);
    if (held !== undefined) return { status: 'held', summary: heldSummary(held) };
    const file = { fileId, format: parsed.format, sha256, nowMs };
    const verdict = await verifyBankFile(tx, ctx.ownBankAccounts, parsed, { chain: true });
    if (verdict.problems.length > 0) return refuse(tx, file, verdict.problems, verdict.accounts);
    if (verdict.breaks.length > 0) {
      const reasons = verdict.breaks.slice(0, reasonsKeptMax);
      const recorded = await insertBankFile(tx, {
        id: fileId,
        format: parsed.format,
        sha256,
        nowMs,
        status: 'held',
        reasons,
        accounts: verdict.accounts,
        contentSealed: seal(ctx.secretsKeyring, text),
      });
      // The same file, imported at the same moment by another request, is held already: answer that hold.
      const heldMeanwhile = recorded ? undefined : await heldFileWithDigest(tx, sha256);
      if (heldMeanwhile !== undefined) return { status: 'held', summary: heldSummary(heldMeanwhile) };
      const summary = { ...emptySummary(fileId, parsed.format, 'held'), reasons };
      auditChange(tx, { target: { type: 'bank-file', id: fileId }, before: null, after: { sha256, ...summary } });
      return { status: 'held', summary };
    }
    await insertBankFile(tx, {
      id: fileId,
      format: parsed.format,
      sha256,
      nowMs,
      status: 'imported',
      reasons: [],
      accounts: verdict.accounts,
    });
    const summary = await applyFile(ctx, tx, { fileId, parsed, links: verdict.links, nowMs });
    // The file is known by its digest: its content (statement lines, account numbers) stays out of the log.
    auditChange(tx, { target: { type: 'bank-file', id: fileId }, before: null, after: { sha256, ...summary } });
    return { status: 'imported', summary };
  });
}

async function refuse(
  tx: Queryable,
  file: { fileId: string; format: string; sha256: string; nowMs: number },
  problems: readonly string[],
  accounts: readonly string[],
): Promise<ImportOutcome> {
  const reasons = problems.slice(0, reasonsKeptMax);
  await insertBankFile(tx, {
    id: file.fileId,
    format: file.format,
    sha256: file.sha256,
    nowMs: file.nowMs,
    status: 'refused',
    reasons,
    accounts,
  });
  auditChange(tx, {
    target: { type: 'bank-file', id: file.fileId },
    before: null,
    after: { sha256: file.sha256, format: file.format, status: 'refused', reasons },
  });
  return { status: 'refused', fileId: file.fileId, format: file.format, reasons };
}

/** A held file as operators read it, before their decision. */
const heldView = (row: BankFileRow) => ({ fileId: row.id, status: row.status, reasons: row.reasons });

async function heldFile(tx: Queryable, fileId: string): Promise<BankFileRow> {
  const row = await findBankFile(tx, fileId, true);
  if (row === undefined) throw existence(`Bank file ${fileId} does not exist`);
  if (row.status !== 'held' || row.content_sealed === null) {
    throw stateError(`Bank file ${fileId} is ${row.status}; only a held file can be accepted or rejected`);
  }
  return row;
}

/**
 * An operator accepts a held file: the statement that broke its account's chain is taken as the chain's new last
 * link, and the file is applied as a sound one is. Everything but the chain is verified again (the configuration
 * may have changed since): a file that now fails stays held, and the answer names why.
 */
export async function acceptHeldFile(ctx: AppContext, fileId: string, note: string): Promise<ImportSummary> {
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const row = await heldFile(tx, fileId);
    const parsed = parseBankFile(open(ctx.secretsKeyring, row.content_sealed as string));
    const verdict = await verifyBankFile(tx, ctx.ownBankAccounts, parsed, { chain: false });
    if (verdict.problems.length > 0) {
      throw stateError(`Bank file ${fileId} cannot be applied: ${verdict.problems.slice(0, 20).join('; ')}`);
    }
    const summary = await applyFile(ctx, tx, { fileId, parsed, links: verdict.links, nowMs });
    await decideBankFile(tx, fileId, { status: 'imported', note, nowMs });
    auditChange(tx, {
      target: { type: 'bank-file', id: fileId },
      before: heldView(row),
      after: { ...summary, note, reasons: row.reasons },
    });
    return { ...summary, reasons: row.reasons };
  });
}

/** An operator rejects a held file: it is refused, nothing of it ever acts, and its sealed text is dropped. */
export async function rejectHeldFile(ctx: AppContext, fileId: string, note: string) {
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const row = await heldFile(tx, fileId);
    await decideBankFile(tx, fileId, { status: 'refused', note, nowMs });
    const after = { fileId, status: 'refused' as const, reasons: row.reasons, note };
    auditChange(tx, { target: { type: 'bank-file', id: fileId }, before: heldView(row), after });
    return after;
  });
}

/** Applies a verified file: every line acts once, balances and chain links are recorded, the summary is kept. */
async function applyFile(
  ctx: AppContext,
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
    const status = await importStatementLine(ctx, tx, fileId, line, nowMs);
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
    countReport(await applyPayoutReport(tx, ctx.payoutSubjects, verdict, nowMs));
  }
  for (const rejected of lines.rejectedBatches) {
    for (const payoutId of await payoutsOfBatch(tx, rejected.batchId)) {
      const report = { payoutId, outcome: 'rejected' as const, reason: rejected.reason ?? 'file rejected' };
      countReport(await applyPayoutReport(tx, ctx.payoutSubjects, report, nowMs));
    }
  }
  await setBankFileSummary(tx, fileId, summary);
  return summary;
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
  // One of our payouts: its debit says it left (settled); a credit with a return reason, or the bank's reversal of
  // its debit, says it came back.
  const payout = line.endToEndId === undefined ? undefined : await findPayout(tx, line.endToEndId);
  const aboutPayout = line.direction === 'debit' ? !line.reversal : line.returnReason !== undefined || line.reversal;
  if (payout !== undefined && aboutPayout) {
    if (!(await recordBankEntry(tx, { ...entry, status: 'payout' }))) return undefined;
    const outcome = line.direction === 'debit' ? 'settled' : 'returned';
    const reason = line.returnReason ?? (line.reversal ? 'reversed by the bank' : undefined);
    const report = await applyPayoutReport(
      tx,
      ctx.payoutSubjects,
      { payoutId: payout.payout_id, outcome, reason },
      nowMs,
    );
    return { report };
  }
  if (line.reversal) return importReversal(tx, entry);
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

/**
 * A booked reversal takes back an earlier line (issue #27: "a reversal of a credit already applied is handled, not
 * ignored"). The reversal of an unmatched credit settles both: they net to nothing at the bank and nothing reached
 * the ledger. The reversal of a credit already applied to a deposit or an order cannot be undone by the server (the
 * customer's balance may be spent): it waits for an operator as 'reversal', naming what it reverses, and
 * reconciliation lists it until resolved. So does a reversal whose original line is not found.
 */
async function importReversal(
  tx: Queryable,
  entry: { id: string; fileId: string; line: StatementLine; nowMs: number },
): Promise<LineResult> {
  const { line, nowMs } = entry;
  const original = line.direction === 'debit' ? await creditReversedBy(tx, line) : undefined;
  if (original?.status === 'unmatched') {
    const recorded = await recordBankEntry(tx, {
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
    { ...entry, status: 'reversal', reversesEntryId: original?.id, note },
    match,
  );
  return recorded ? 'reversal' : undefined;
}
