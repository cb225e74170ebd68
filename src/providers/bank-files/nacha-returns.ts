import { type AchNotificationOfChange, type AchReturn, type AchReturnsFile, BankFileError } from './bank-file.js';
import { dateOfYymmdd, entryHashOf, field, recordsOf } from './nacha-records.js';

// A NACHA return file from our ODFI: batches of entry detail records (6), each followed by its addenda (7). A return
// carries an addenda of type 99 (return reason R01…R85, the original entry's trace number and receiving DFI); a
// notification of change (SEC code COR) one of type 98 (change code C01…, the corrected data). Each batch control (8)
// and the file control (9) are checked against the entries, so a truncated or altered file is refused, not half read.

interface BatchHeader {
  readonly secCode: string;
  readonly companyId: string;
  readonly originatingDfi: string;
  readonly effectiveEntryDate: string | null;
}

interface Entry {
  readonly record: string;
  readonly batch: BatchHeader;
  addenda: string | undefined;
}

interface Totals {
  entryAndAddendaCount: number;
  dfiIdentifications: string[];
  debitCents: bigint;
  creditCents: bigint;
}

const emptyTotals = (): Totals => ({
  entryAndAddendaCount: 0,
  dfiIdentifications: [],
  debitCents: 0n,
  creditCents: 0n,
});

/** A numeric field's value, or a BankFileError naming the record. */
function digits(record: string, start: number, end: number, what: string): bigint {
  const text = field(record, start, end);
  if (!/^\d+$/.test(text)) throw new BankFileError(`${what} has ${JSON.stringify(text)} where digits belong`);
  return BigInt(text);
}

function checkControl(totals: Totals, record: string, offsets: readonly [number, number, number], what: string): void {
  const [countAt, countWidth, hashAt] = offsets;
  const count = digits(record, countAt, countAt + countWidth - 1, what);
  const hash = digits(record, hashAt, hashAt + 9, what);
  const debit = digits(record, hashAt + 10, hashAt + 21, what);
  const credit = digits(record, hashAt + 22, hashAt + 33, what);
  if (
    count !== BigInt(totals.entryAndAddendaCount) ||
    hash !== entryHashOf(totals.dfiIdentifications) ||
    debit !== totals.debitCents ||
    credit !== totals.creditCents
  ) {
    throw new BankFileError(`the ${what} does not match its entries (count, entry hash or totals)`);
  }
}

// Transaction codes whose second digit is 1 to 4 are credits (returns of credits included); 6 to 9 debits.
const isCreditCode = (code: string) => /^[2-5][1-4]$/.test(code);

function readEntry({ record, batch, addenda }: Entry, index: number): AchReturn | AchNotificationOfChange {
  const where = `NACHA entry ${index + 1}`;
  if (addenda === undefined) throw new BankFileError(`${where} has no addenda: it is not a return or a change`);
  const addendaType = field(addenda, 2, 3);
  const common = {
    originalTraceNumber: field(addenda, 7, 21),
    individualId: field(record, 40, 54).trim(),
    amountCents: BigInt(field(record, 30, 39)),
  };
  if (addendaType === '98') {
    return { changeCode: field(addenda, 4, 6), correctedData: field(addenda, 36, 64).trim(), ...common };
  }
  if (addendaType !== '99') throw new BankFileError(`${where} has an addenda of type ${addendaType}, not 99 or 98`);
  const returnReasonCode = field(addenda, 4, 6);
  if (!/^R\d{2}$/.test(returnReasonCode)) throw new BankFileError(`${where} has return reason ${returnReasonCode}`);
  return {
    returnReasonCode,
    ...common,
    originalReceivingDfi: field(addenda, 28, 35),
    dateOfDeath: dateOfYymmdd(field(addenda, 22, 27)),
    addendaInformation: field(addenda, 36, 79).trim() || null,
    traceNumber: field(record, 80, 94),
    transactionCode: field(record, 2, 3),
    receivingDfiRouting: `${field(record, 4, 11)}${field(record, 12, 12)}`,
    accountNumber: field(record, 13, 29).trim(),
    individualName: field(record, 55, 76).trim(),
    secCode: batch.secCode,
    companyId: batch.companyId,
    originatingDfi: batch.originatingDfi,
    effectiveEntryDate: batch.effectiveEntryDate,
  };
}

export function parseNachaReturns(text: string): AchReturnsFile {
  const records = recordsOf(text);
  const header = records[0];
  if (header === undefined || field(header, 1, 3) !== '101') {
    throw new BankFileError('the NACHA file does not start with a file header record (1, priority 01)');
  }
  const entries: Entry[] = [];
  const fileTotals = emptyTotals();
  let batch: BatchHeader | undefined;
  let batchTotals = emptyTotals();
  let fileControlSeen = false;
  for (const [i, record] of records.entries()) {
    const type = record[0];
    if (i === 0) continue;
    if (fileControlSeen) {
      if (!/^9{94}$/.test(record)) throw new BankFileError(`NACHA record ${i + 1} follows the file control`);
      continue;
    }
    if (type === '5') {
      if (batch !== undefined)
        throw new BankFileError(`NACHA record ${i + 1} opens a batch before the last one closed`);
      const effectiveEntryDate = dateOfYymmdd(field(record, 70, 75));
      batch = {
        secCode: field(record, 51, 53),
        companyId: field(record, 41, 50).trim(),
        originatingDfi: field(record, 80, 87),
        effectiveEntryDate,
      };
      batchTotals = emptyTotals();
    } else if ((type === '6' || type === '7') && batch === undefined) {
      throw new BankFileError(`NACHA record ${i + 1} is outside a batch`);
    } else if (type === '6' && batch !== undefined) {
      const cents = digits(record, 30, 39, `NACHA record ${i + 1}`);
      const credit = isCreditCode(field(record, 2, 3));
      for (const totals of [batchTotals, fileTotals]) {
        totals.entryAndAddendaCount += 1;
        totals.dfiIdentifications.push(field(record, 4, 11));
        if (credit) totals.creditCents += cents;
        else totals.debitCents += cents;
      }
      entries.push({ record, batch, addenda: undefined });
    } else if (type === '7') {
      const entry = entries.at(-1);
      if (entry === undefined || entry.addenda !== undefined) {
        throw new BankFileError(`NACHA record ${i + 1} is an addenda without its entry`);
      }
      entry.addenda = record;
      batchTotals.entryAndAddendaCount += 1;
      fileTotals.entryAndAddendaCount += 1;
    } else if (type === '8') {
      if (batch === undefined) throw new BankFileError(`NACHA record ${i + 1} closes no open batch`);
      checkControl(batchTotals, record, [5, 6, 11], `batch control of NACHA record ${i + 1}`);
      batch = undefined;
    } else if (type === '9') {
      if (batch !== undefined) throw new BankFileError('the NACHA file control comes before its last batch closed');
      checkControl(fileTotals, record, [14, 8, 22], 'file control');
      fileControlSeen = true;
    } else {
      throw new BankFileError(`NACHA record ${i + 1} has the unknown record type ${JSON.stringify(type)}`);
    }
  }
  if (!fileControlSeen) throw new BankFileError('the NACHA file has no file control record (9)');
  const read = entries.map(readEntry);
  return {
    kind: 'returns',
    format: 'nacha-returns',
    immediateDestination: field(header, 4, 13).trim(),
    immediateOrigin: field(header, 14, 23).trim(),
    fileCreationDate: dateOfYymmdd(field(header, 24, 29)),
    returns: read.filter((r): r is AchReturn => 'returnReasonCode' in r),
    notificationsOfChange: read.filter((r): r is AchNotificationOfChange => 'changeCode' in r),
  };
}
