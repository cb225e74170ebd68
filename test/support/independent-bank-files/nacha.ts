// Nacha return file writer (94-character records): file header 1, one batch (5 ... 8) per returning bank, entry 6
// with transaction code 21/31 (returns of demand/savings credits) and one addenda 7 type 99 per entry, file control 9,
// padded with records of 9s to a multiple of 10 (blocking factor 10).
import type { NachaReturn, NachaReturnsFile } from './types.js';

function alpha(text: string, width: number): string {
  return text.slice(0, width).padEnd(width, ' ');
}

function num(value: bigint | number, width: number): string {
  const text = String(value);
  if (text.length > width) throw new Error(`${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
}

function record(text: string): string {
  if (text.length !== 94) throw new Error(`NACHA record of ${text.length} characters: ${text}`);
  return text;
}

export interface NachaBatchTotals {
  routing8: string;
  returns: NachaReturn[];
  entryAddendaCount: number;
  entryHash: bigint;
  creditTotal: bigint;
}

/** Groups returns by returning bank, in first-seen order, with the controls each batch carries. */
export function nachaBatches(file: NachaReturnsFile): NachaBatchTotals[] {
  const byBank = new Map<string, NachaReturn[]>();
  for (const r of file.returns) {
    const key = r.receivingRouting.slice(0, 8);
    byBank.set(key, [...(byBank.get(key) ?? []), r]);
  }
  const odfi8 = BigInt(file.odfi.slice(0, 8));
  return [...byBank.entries()].map(([routing8, returns]) => ({
    routing8,
    returns,
    entryAddendaCount: returns.length * 2,
    entryHash: (odfi8 * BigInt(returns.length)) % 10_000_000_000n,
    creditTotal: returns.reduce((sum, r) => sum + r.amountCents, 0n),
  }));
}

export function nachaReturns(file: NachaReturnsFile): string {
  if (!/^\d{9}$/.test(file.odfi)) throw new Error('odfi must be a 9-digit routing number');
  const created = file.fileCreationDate ?? '240102';
  const lines: string[] = [];
  lines.push(
    record(
      `101 ${file.immediateDestination.padStart(9, '0')}${file.immediateOrigin.padStart(10, ' ')}${created}0600A094101` +
        `${alpha('FEDERAL RESERVE BANK', 23)}${alpha('INDEPENDENT ODFI', 23)}${alpha('', 8)}`,
    ),
  );
  const batches = nachaBatches(file);
  let originalSequence = 1;
  batches.forEach((batch, batchIndex) => {
    const batchNumber = num(batchIndex + 1, 7);
    const companyId = alpha(file.companyId, 10);
    lines.push(
      record(
        `5220${alpha(file.companyName, 16)}${alpha('', 20)}${companyId}PPD${alpha('PAYOUT', 10)}${alpha('', 6)}` +
          `${created}   1${batch.routing8}${batchNumber}`,
      ),
    );
    batch.returns.forEach((r, i) => {
      const trace = `${batch.routing8}${num(batchIndex * 10_000 + i + 1, 7)}`;
      const originalTrace = r.originalTrace ?? `${file.odfi.slice(0, 8)}${num(originalSequence++, 7)}`;
      const code = r.savings === true ? '31' : '21';
      lines.push(
        record(
          `6${code}${file.odfi}${alpha(r.accountNumber, 17)}` +
            `${num(r.amountCents, 10)}${alpha(r.individualId, 15)}${alpha(r.individualName ?? 'PAYEE', 22)}  1${trace}`,
        ),
      );
      lines.push(
        record(
          `799${alpha(r.reason, 3)}${originalTrace.padStart(15, '0')}${alpha('', 6)}${r.receivingRouting.slice(0, 8)}${alpha('', 44)}${trace}`,
        ),
      );
    });
    lines.push(
      record(
        `8220${num(batch.entryAddendaCount, 6)}${num(batch.entryHash, 10)}${num(0, 12)}${num(batch.creditTotal, 12)}` +
          `${companyId}${alpha('', 19)}${alpha('', 6)}${batch.routing8}${batchNumber}`,
      ),
    );
  });
  const fileCount = batches.reduce((n, b) => n + b.entryAddendaCount, 0);
  const fileHash = batches.reduce((n, b) => n + b.entryHash, 0n) % 10_000_000_000n;
  const fileCredit = batches.reduce((n, b) => n + b.creditTotal, 0n);
  const recordCount = lines.length + 1;
  const blocks = Math.ceil(recordCount / 10);
  lines.push(
    record(
      `9${num(batches.length, 6)}${num(blocks, 6)}${num(fileCount, 8)}${num(fileHash, 10)}${num(0, 12)}${num(fileCredit, 12)}` +
        alpha('', 39),
    ),
  );
  while (lines.length % 10 !== 0) lines.push('9'.repeat(94));
  const eol = file.lineEnding ?? '\n';
  return `${lines.join(eol)}${eol}`;
}
