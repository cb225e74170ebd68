import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { existence, stateError } from '../../domain/errors.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { auditChange } from '../../platform/audit/scope.js';
import { openSensitive } from '../../platform/secrets/sensitive.js';
import { notOffered } from '../../providers/capabilities.js';
import { type BatchRow, findBatch, insertBatch, listBatches, lockRailAndCount, takeWaitingPayouts } from './repo.js';

export const batchView = (row: BatchRow) => ({
  batchId: row.id,
  rail: row.rail,
  currency: row.currency,
  payoutCount: row.payout_count,
  total: amountToJson(BigInt(row.total_minor), row.currency),
  fileName: row.file_name,
  createdAt: Math.floor(Number(row.created_at_ms) / 1000),
});

/**
 * Cuts a batch of one bank-file rail: in one transaction it takes every payout waiting for that rail (locked, so a
 * concurrent cut in another process takes none of them), writes the bank's file and stores it with the batch. A
 * crash before the commit leaves every payout waiting; after it, each payout is in exactly this batch.
 */
export async function cutBatch(ctx: AppContext, rail: string) {
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
        destination: openSensitive(ctx.secretsKeyring, p.destination),
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
      file_content: file.content,
      created_at_ms: BigInt(nowMs),
    };
    await insertBatch(tx, row);
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

/** The file as it was cut: the same bytes every time it is downloaded. */
export async function batchFile(ctx: AppContext, batchId: string): Promise<BatchRow> {
  const row = await findBatch(ctx.db, batchId);
  if (row === undefined) throw existence(`Payout batch ${batchId} does not exist`);
  return row;
}

export async function batches(ctx: AppContext, limit: number) {
  return (await listBatches(ctx.db, limit)).map(batchView);
}
