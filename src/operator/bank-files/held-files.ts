import { existence, stateError } from '../../domain/errors.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import { open } from '../../platform/sealing.js';
import { parseBankFile } from '../../providers/bank-files/parse-bank-file.js';
import type { Db, Queryable } from '../../storage/db.js';
import { applyFile, type ImportSummary } from './apply.js';
import type { BankFileImporting } from './import.js';
import { type BankFileRow, decideBankFile, findBankFile } from './repo.js';
import { verifyBankFile } from './verify-file.js';

// An operator's decision on a held file (issue #27): a statement that broke its account's chain moves nothing until
// an admin accepts it (it is applied, and becomes the chain's last link) or rejects it (it is refused for good).
// Both carry a note and are audited.

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
export async function acceptHeldFile(ctx: BankFileImporting, fileId: string, note: string): Promise<ImportSummary> {
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const row = await heldFile(tx, fileId);
    const parsed = parseBankFile(open(ctx.secretsKeyring, row.content_sealed as string));
    const verdict = await verifyBankFile(tx, ctx.ownBankAccounts, parsed, { chain: false });
    if (verdict.problems.length > 0) {
      throw stateError(`Bank file ${fileId} cannot be applied: ${verdict.problems.slice(0, 20).join('; ')}`);
    }
    const summary = await applyFile(ctx.secretsKeyring, ctx.payoutSubjects, tx, {
      fileId,
      parsed,
      links: verdict.links,
      nowMs,
    });
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
export async function rejectHeldFile(db: Db, clock: Clock, fileId: string, note: string) {
  const nowMs = clock.nowMs();
  return db.transaction(async (tx) => {
    const row = await heldFile(tx, fileId);
    await decideBankFile(tx, fileId, { status: 'refused', note, nowMs });
    const after = { fileId, status: 'refused' as const, reasons: row.reasons, note };
    auditChange(tx, { target: { type: 'bank-file', id: fileId }, before: heldView(row), after });
    return after;
  });
}
