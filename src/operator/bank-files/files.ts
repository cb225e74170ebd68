import { existence, validation } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import { type BankFileImporting, type ImportSummary, importBankFile } from './import.js';
import { type BankFileRow, type BankFileStatus, findBankFile, listBankFiles } from './repo.js';

/** A bank file as operators read it: what became of it and why; never its content. */
export const bankFileView = (row: BankFileRow) => ({
  fileId: row.id,
  format: row.format,
  sha256: row.sha256,
  status: row.status,
  reasons: row.reasons,
  accounts: row.accounts,
  importedAt: Math.floor(Number(row.imported_at_ms) / 1000),
  decidedAt: row.decided_at_ms === null ? null : Math.floor(Number(row.decided_at_ms) / 1000),
  decisionNote: row.decision_note,
  summary: row.status === 'imported' && Object.keys(row.summary).length > 0 ? row.summary : null,
});

/**
 * The import as the operator API answers it: the summary of an applied or held file, or a 400 ValidationError that
 * names every reason a refused file failed (the file is recorded, so the message names its id too).
 */
export async function importOrRefuse(ctx: BankFileImporting, text: string): Promise<ImportSummary> {
  const outcome = await importBankFile(ctx, text);
  if (outcome.status !== 'refused') return outcome.summary;
  const { reasons, fileId } = outcome;
  const listed = reasons.slice(0, limits.bankFileReasonsInMessageMax).map((reason, i) => `(${i + 1}) ${reason}`);
  const more =
    reasons.length > limits.bankFileReasonsInMessageMax
      ? `; and ${reasons.length - limits.bankFileReasonsInMessageMax} more`
      : '';
  throw validation(
    `The bank file was refused and nothing of it acted (recorded as bank file ${fileId}): ${listed.join('; ')}${more}`,
  );
}

export async function getBankFileRow(db: Queryable, fileId: string): Promise<BankFileRow> {
  const row = await findBankFile(db, fileId);
  if (row === undefined) throw existence(`Bank file ${fileId} does not exist`);
  return row;
}

export async function getBankFile(db: Queryable, fileId: string) {
  return bankFileView(await getBankFileRow(db, fileId));
}

export async function listFiles(db: Queryable, filter: { status?: BankFileStatus | undefined; limit?: number }) {
  const rows = await listBankFiles(db, { status: filter.status, limit: filter.limit ?? 100 });
  return rows.map(bankFileView);
}
