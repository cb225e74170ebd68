import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { auditChange } from '../../platform/audit/scope.js';
import { seal } from '../../platform/sealing.js';
import { BankFileError, type ParsedBankFile } from '../../providers/bank-files/bank-file.js';
import { parseBankFile } from '../../providers/bank-files/parse-bank-file.js';
import type { Queryable } from '../../storage/db.js';
import { applyFile, emptySummary, type ImportSummary } from './apply.js';
import { type BankFileRow, heldFileWithDigest, insertBankFile } from './repo.js';
import { verifyBankFile } from './verify-file.js';

export type { ImportSummary } from './apply.js';

export type ImportOutcome =
  | { readonly status: 'imported' | 'held'; readonly summary: ImportSummary }
  | { readonly status: 'refused'; readonly fileId: string; readonly format: string; readonly reasons: string[] };

/** What importing a bank file (or accepting a held one, held-files.ts) reads of the server. */
export type BankFileImporting = Pick<
  AppContext,
  'db' | 'clock' | 'secretsKeyring' | 'ownBankAccounts' | 'payoutSubjects'
>;

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

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
export async function importBankFile(ctx: BankFileImporting, text: string): Promise<ImportOutcome> {
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
      const reasons = verdict.breaks.slice(0, limits.bankFileReasonsKeptMax);
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
    const summary = await applyFile(ctx.secretsKeyring, ctx.payoutSubjects, tx, {
      fileId,
      parsed,
      links: verdict.links,
      nowMs,
    });
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
  const reasons = problems.slice(0, limits.bankFileReasonsKeptMax);
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
