import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { takeWaitingPayouts } from '../../payouts/register.js';
import { auditChange } from '../../platform/audit/scope.js';
import { seal } from '../../platform/sealing.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { openForUse, openSealedValue } from '../../platform/secrets/sensitive.js';
import { notOffered } from '../../providers/capabilities.js';
import type { Queryable } from '../../storage/db.js';
import { type BatchRow, findBatchFile, insertBatch, listBatches, lockRailAndCount } from './repo.js';

export const batchView = (row: BatchRow) => ({
  batchId: row.id,
  rail: row.rail,
  currency: row.currency,
  payoutCount: row.payout_count,
  total: amountToJson(BigInt(row.total_minor), row.currency),
  fileName: row.file_name,
  createdAt: Math.floor(Number(row.created_at_ms) / 1000),
});

/** What cutting a payout batch reads of the server. */
export type BatchCutting = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring' | 'payoutFiles'>;

/**
 * Cuts a batch of one bank-file rail: in one transaction it takes every payout waiting for that rail (locked, so a
 * concurrent cut in another process takes none of them), writes the bank's file and stores it with the batch. A
 * crash before the commit leaves every payout waiting; after it, each payout is in exactly this batch.
 */
export async function cutBatch(ctx: BatchCutting, rail: string) {
  const builder = ctx.payoutFiles.get(rail);
  if (builder === undefined) throw notOffered(`Paying out on ${rail} by bank file`);
  const nowMs = ctx.clock.nowMs();
  const batchId = randomUUID().replaceAll('-', '');
  return ctx.db.transaction(async (tx) => {
    const sequence = await lockRailAndCount(tx, rail);
    const payouts = await takeWaitingPayouts(tx, { rail, currency: builder.currency, batchId, nowMs });
    if (payouts.length === 0) throw stateError(`No ${rail} payout is waiting for a batch`);
    const file = builder.build({
      batchId,
      createdAtMs: nowMs,
      sequence,
      payments: payouts.map((p) => ({
        reference: p.reference,
        amountMinor: BigInt(p.amount_minor),
        currency: p.currency,
        // The register keeps account numbers sealed (platform/secrets/sensitive.ts): the bank's file is an edge.
        destination: openForUse(ctx.secretsKeyring, p.destination),
      })),
    });
    const row: BatchRow = {
      id: batchId,
      rail,
      currency: builder.currency,
      payout_count: payouts.length,
      total_minor: payouts.reduce((sum, p) => sum + BigInt(p.amount_minor), 0n),
      file_name: file.fileName,
      content_type: file.contentType,
      created_at_ms: BigInt(nowMs),
    };
    // The file names every beneficiary's account: stored sealed, opened only by its download (batchFile).
    await insertBatch(tx, row, seal(ctx.secretsKeyring, file.content));
    const cut = {
      ...batchView(row),
      payouts: payouts.map((p) => ({
        payoutId: p.payout_id,
        reference: p.reference,
        amount: amountToJson(BigInt(p.amount_minor), p.currency),
      })),
    };
    // What the answer shows: the payouts by id and amount, never the file or the destinations' account numbers.
    auditChange(tx, { target: { type: 'payout-batch', id: batchId }, before: null, after: cut });
    return cut;
  });
}

export interface BatchFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly content: string;
}

/**
 * The file as it was cut, opened for its download (the edge that must show it): the same bytes every time. A batch
 * cut before its file was sealed (migration 0042) is answered from the text it kept.
 */
export async function batchFile(db: Queryable, keyring: SecretsKeyring, batchId: string): Promise<BatchFile> {
  const row = await findBatchFile(db, batchId);
  if (row === undefined) throw existence(`Payout batch ${batchId} does not exist`);
  const content =
    row.file_content_sealed === null
      ? (row.file_content ?? '')
      : openSealedValue(keyring, row.file_content_sealed, 'payoutFile');
  return { fileName: row.file_name, contentType: row.content_type, content };
}

export async function batches(db: Queryable, limit: number) {
  return (await listBatches(db, limit)).map(batchView);
}
