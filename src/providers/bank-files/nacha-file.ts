import { isValidAbaRouting } from '../../domain/payments/aba-routing.js';
import { BankFileError } from './bank-file.js';
import {
  alphanumeric,
  BLOCKING_FACTOR,
  entryHashOf,
  exactAlphanumeric,
  numeric,
  RECORD_LENGTH,
  yymmdd,
} from './nacha-records.js';
import type { AchOriginatorConfig } from './payout-file-config.js';

// A NACHA file of ACH credits (Nacha Operating Rules, Appendix One), for payouts: one batch of service class 220
// (credits only) under the originator's SEC code (PPD to consumers, CCD to companies), one entry detail per payout,
// transaction code 22 (checking) or 32 (savings), no addenda. The individual id / identification number carries our
// payout reference, which an ACH return brings back; the trace number is the ODFI's eight digits and a sequence.

export interface AchCredit {
  /** Our payout reference: up to 15 letters, digits or hyphens (the individual id field), upper-cased. */
  readonly payoutReference: string;
  readonly receiverName: string;
  /** Nine digits with a valid check digit. */
  readonly routingNumber: string;
  readonly accountNumber: string;
  readonly accountType: 'checking' | 'savings';
  readonly amountCents: bigint;
}

export interface NachaFileInput {
  readonly originator: AchOriginatorConfig;
  /** File creation date and time, written in UTC. */
  readonly createdAt: Date;
  /** A–Z or 0–9: tells apart several files sent on one day. */
  readonly fileIdModifier: string;
  /** YYYY-MM-DD: the day the receivers should be credited. */
  readonly effectiveEntryDate: string;
  readonly batchNumber?: number;
  /** The sequence of the first trace number (1 when absent); trace numbers must not repeat for the ODFI. */
  readonly firstTraceSequence?: number;
  readonly referenceCode?: string;
  readonly credits: readonly AchCredit[];
}

export interface BuiltNachaFile {
  /** Records of 94 characters, each ended by a line feed, padded with 9s to a multiple of ten. */
  readonly text: string;
  readonly entryCount: number;
  readonly entryHash: string;
  readonly totalCreditCents: bigint;
  readonly entries: readonly { readonly payoutReference: string; readonly traceNumber: string }[];
}

const MAX_ENTRY_CENTS = 9_999_999_999n; // the entry amount field is 10 digits
const MAX_TOTAL_CENTS = 999_999_999_999n; // batch and file totals are 12 digits

function routing(value: string, what: string): string {
  if (!isValidAbaRouting(value))
    throw new BankFileError(`${what} ${JSON.stringify(value)} is not a valid routing number`);
  return value;
}

function entryRecord(credit: AchCredit, index: number, traceNumber: string): string {
  const what = `credit ${index + 1}`;
  const receiving = routing(credit.routingNumber, `${what}'s routing number`);
  if (credit.amountCents <= 0n || credit.amountCents > MAX_ENTRY_CENTS) {
    throw new BankFileError(`${what} has ${credit.amountCents} cents, outside 1 to ${MAX_ENTRY_CENTS}`);
  }
  return [
    '6',
    credit.accountType === 'checking' ? '22' : '32',
    receiving, // receiving DFI identification (8) and its check digit (1)
    exactAlphanumeric(credit.accountNumber, 17, `${what}'s account number`),
    numeric(credit.amountCents, 10, `${what}'s amount in cents`),
    exactAlphanumeric(credit.payoutReference, 15, `${what}'s payout reference`),
    alphanumeric(credit.receiverName, 22), // PPD: the individual's name; CCD: the receiving company's
    '  ', // discretionary data
    '0', // no addenda
    traceNumber,
  ].join('');
}

export function buildNachaFile(input: NachaFileInput): BuiltNachaFile {
  const { originator, credits } = input;
  if (credits.length === 0) throw new BankFileError('a NACHA file needs at least one credit');
  if (!/^[A-Z0-9]$/.test(input.fileIdModifier)) throw new BankFileError('the file id modifier is one of A–Z, 0–9');
  const destination = routing(originator.immediateDestination, 'the immediate destination');
  const odfi = routing(originator.originatingDfi, 'the originating DFI').slice(0, 8);
  const origin = originator.immediateOrigin.padStart(10, ' ');
  const batchNumber = numeric(input.batchNumber ?? 1, 7, 'the batch number');
  const firstSequence = input.firstTraceSequence ?? 1;
  const companyId = alphanumeric(originator.companyId, 10);
  const created = input.createdAt.toISOString();

  const traceNumbers = credits.map((_, i) => `${odfi}${numeric(firstSequence + i, 7, 'the trace sequence')}`);
  const entries = credits.map((c, i) => entryRecord(c, i, traceNumbers[i] as string));
  const totalCreditCents = credits.reduce((sum, c) => sum + c.amountCents, 0n);
  if (totalCreditCents > MAX_TOTAL_CENTS) throw new BankFileError('the credits add up to more than a file can carry');
  const entryHash = numeric(entryHashOf(credits.map((c) => c.routingNumber.slice(0, 8))), 10, 'the entry hash');
  const count = credits.length;

  const fileHeader = [
    '101',
    ` ${destination}`,
    origin,
    yymmdd(created.slice(0, 10), 'the creation date'),
    created.slice(11, 13) + created.slice(14, 16),
    input.fileIdModifier,
    '094', // record size
    '10', // blocking factor
    '1', // format code
    alphanumeric(originator.immediateDestinationName, 23),
    alphanumeric(originator.immediateOriginName, 23),
    alphanumeric(input.referenceCode ?? '', 8),
  ].join('');
  const batchHeader = [
    '5220', // credits only
    alphanumeric(originator.companyName, 16),
    ' '.repeat(20), // company discretionary data
    companyId,
    originator.secCode,
    alphanumeric(originator.entryDescription, 10),
    ' '.repeat(6), // company descriptive date
    yymmdd(input.effectiveEntryDate, 'the effective entry date'),
    '   ', // settlement date, set by the ACH operator
    '1', // originator status code: a depository financial institution originates
    odfi,
    batchNumber,
  ].join('');
  const batchControl = [
    '8220',
    numeric(count, 6, 'the entry count'),
    entryHash,
    numeric(0, 12, 'the debit total'),
    numeric(totalCreditCents, 12, 'the credit total'),
    companyId,
    ' '.repeat(19), // message authentication code
    ' '.repeat(6), // reserved
    odfi,
    batchNumber,
  ].join('');
  const recordCount = entries.length + 4; // and file header, batch header, batch control, file control
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  const fileControl = [
    '9',
    numeric(1, 6, 'the batch count'),
    numeric(blockCount, 6, 'the block count'),
    numeric(count, 8, 'the entry count'),
    entryHash,
    numeric(0, 12, 'the debit total'),
    numeric(totalCreditCents, 12, 'the credit total'),
    ' '.repeat(39),
  ].join('');
  const records = [fileHeader, batchHeader, ...entries, batchControl, fileControl];
  while (records.length % BLOCKING_FACTOR !== 0) records.push('9'.repeat(RECORD_LENGTH));
  for (const record of records) {
    if (record.length !== RECORD_LENGTH) throw new Error(`a NACHA record came out ${record.length} characters long`);
  }
  return {
    text: `${records.join('\n')}\n`,
    entryCount: count,
    entryHash,
    totalCreditCents,
    entries: credits.map((c, i) => ({
      payoutReference: c.payoutReference.toUpperCase(),
      traceNumber: traceNumbers[i] as string,
    })),
  };
}
