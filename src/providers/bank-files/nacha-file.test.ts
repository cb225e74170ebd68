import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file.js';
import { type AchCredit, buildNachaFile, type NachaFileInput } from './nacha-file.js';
import type { AchOriginatorConfig } from './payout-file-config.js';

// The built files are read back by a fixed-width reader written here from the Nacha layout tables (not the server's
// nacha-records.ts), and compared with the records nach2, an independent generator, writes for the same credits.

/** Positions are the Nacha tables' 1-based inclusive ones. */
const at = (record: string, start: number, end: number) => record.slice(start - 1, end);

function readFile(text: string) {
  expect(text.endsWith('\n')).toBe(true);
  const records = text.slice(0, -1).split('\n');
  for (const record of records) expect(record).toHaveLength(94);
  expect(records.length % 10).toBe(0);
  const real = records.filter((r) => !/^9{94}$/.test(r));
  const [fileHeader, batchHeader] = real;
  const entries = real.filter((r) => r.startsWith('6'));
  const batchControl = real.find((r) => r.startsWith('8')) ?? '';
  const fileControl = real.find((r) => r.startsWith('9')) ?? '';
  expect(real.map((r) => r[0]).join('')).toBe(`15${'6'.repeat(entries.length)}89`);
  return { records, fileHeader: fileHeader ?? '', batchHeader: batchHeader ?? '', entries, batchControl, fileControl };
}

const originator: AchOriginatorConfig = {
  immediateDestination: '021000021',
  immediateDestinationName: 'JPMORGAN CHASE',
  immediateOrigin: '1234567890',
  immediateOriginName: 'Brokerage Inc',
  companyName: 'Brokerage Inc',
  companyId: '1234567890',
  originatingDfi: '091000019',
  secCode: 'PPD',
  entryDescription: 'PAYOUT',
};
const credit = (overrides: Partial<AchCredit> = {}): AchCredit => ({
  payoutReference: 'WD000000201',
  receiverName: 'John Smith',
  routingNumber: '021000021',
  accountNumber: '123456789',
  accountType: 'checking',
  amountCents: 12500n,
  ...overrides,
});
const credits = [
  credit(),
  credit({
    payoutReference: 'wd000000202',
    receiverName: 'José Ñúñez-García de la Cruz',
    routingNumber: '011000015',
    accountNumber: '987654321',
    accountType: 'savings',
    amountCents: 10n,
  }),
  credit({ payoutReference: 'WD000000203', routingNumber: '026009593', amountCents: 20n }),
];
const input = (list: AchCredit[], overrides: Partial<NachaFileInput> = {}): NachaFileInput => ({
  originator,
  createdAt: new Date('2024-05-16T18:05:00Z'),
  fileIdModifier: 'A',
  effectiveEntryDate: '2024-05-17',
  credits: list,
  ...overrides,
});

describe('buildNachaFile', () => {
  it('writes the file header, a credits-only batch and its controls, padded to ten records', () => {
    const built = buildNachaFile(input(credits));
    const file = readFile(built.text);
    expect(file.records).toHaveLength(10);
    expect(at(file.fileHeader, 1, 3)).toBe('101');
    expect(at(file.fileHeader, 4, 13)).toBe(' 021000021');
    expect(at(file.fileHeader, 14, 23)).toBe('1234567890');
    expect(at(file.fileHeader, 24, 33)).toBe('2405161805');
    expect(at(file.fileHeader, 34, 40)).toBe('A094101');
    expect(at(file.fileHeader, 41, 63).trimEnd()).toBe('JPMORGAN CHASE');
    expect(at(file.batchHeader, 2, 4)).toBe('220');
    expect(at(file.batchHeader, 5, 20).trimEnd()).toBe('BROKERAGE INC');
    expect(at(file.batchHeader, 41, 50)).toBe('1234567890');
    expect(at(file.batchHeader, 51, 53)).toBe('PPD');
    expect(at(file.batchHeader, 54, 63).trimEnd()).toBe('PAYOUT');
    expect(at(file.batchHeader, 70, 75)).toBe('240517');
    expect(at(file.batchHeader, 80, 87)).toBe('09100001');
    expect(at(file.batchHeader, 88, 94)).toBe('0000001');
  });

  it('writes each credit: transaction code, routing with check digit, account, cents, reference, name, trace', () => {
    const built = buildNachaFile(input(credits));
    const { entries } = readFile(built.text);
    expect(
      entries.map((e) => [
        at(e, 2, 3),
        at(e, 4, 12),
        at(e, 13, 29).trimEnd(),
        BigInt(at(e, 30, 39)),
        at(e, 40, 54).trimEnd(),
        at(e, 55, 76).trimEnd(),
        at(e, 79, 79),
        at(e, 80, 94),
      ]),
    ).toEqual([
      ['22', '021000021', '123456789', 12500n, 'WD000000201', 'JOHN SMITH', '0', '091000010000001'],
      ['32', '011000015', '987654321', 10n, 'WD000000202', 'JOSE NUNEZ-GARCIA DE L', '0', '091000010000002'],
      ['22', '026009593', '123456789', 20n, 'WD000000203', 'JOHN SMITH', '0', '091000010000003'],
    ]);
    expect(built.entries).toEqual([
      { payoutReference: 'WD000000201', traceNumber: '091000010000001' },
      { payoutReference: 'WD000000202', traceNumber: '091000010000002' },
      { payoutReference: 'WD000000203', traceNumber: '091000010000003' },
    ]);
  });

  it('controls count, entry hash and totals, recomputed from the entries read back', () => {
    const built = buildNachaFile(input(credits));
    const { entries, batchControl, fileControl, records } = readFile(built.text);
    const hash = entries.reduce((sum, e) => sum + BigInt(at(e, 4, 11)), 0n) % 10_000_000_000n;
    const total = entries.reduce((sum, e) => sum + BigInt(at(e, 30, 39)), 0n);
    expect(total).toBe(12530n); // 125.00 + 0.10 + 0.20, in cents: exact
    expect(at(batchControl, 1, 4)).toBe('8220');
    expect(Number(at(batchControl, 5, 10))).toBe(entries.length);
    expect(BigInt(at(batchControl, 11, 20))).toBe(hash);
    expect(BigInt(at(batchControl, 21, 32))).toBe(0n);
    expect(BigInt(at(batchControl, 33, 44))).toBe(total);
    expect(at(batchControl, 45, 54)).toBe('1234567890');
    expect(Number(at(fileControl, 2, 7))).toBe(1);
    expect(Number(at(fileControl, 8, 13))).toBe(records.length / 10);
    expect(Number(at(fileControl, 14, 21))).toBe(entries.length);
    expect(BigInt(at(fileControl, 22, 31))).toBe(hash);
    expect(BigInt(at(fileControl, 44, 55))).toBe(total);
    expect(built).toMatchObject({
      entryCount: 3,
      entryHash: hash.toString().padStart(10, '0'),
      totalCreditCents: total,
    });
  });

  it('keeps the rightmost ten digits of an entry hash that overflows, and blocks of ten past ten records', () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      credit({ payoutReference: `WD${i}`, routingNumber: '091000019', amountCents: BigInt(i + 1) }),
    );
    const { batchControl, records } = readFile(buildNachaFile(input(many)).text);
    expect(at(batchControl, 11, 20)).toBe(((130n * 9100001n) % 10_000_000_000n).toString().padStart(10, '0'));
    expect(BigInt(at(batchControl, 33, 44))).toBe((130n * 131n) / 2n);
    expect(records).toHaveLength(140);
  });

  it('agrees with the records nach2 writes for the same credits', async () => {
    const require = createRequire(import.meta.url);
    const nach = require('nach2');
    const nachFile = new nach.File({
      immediateDestination: '021000021',
      immediateOrigin: '1234567890',
      immediateDestinationName: 'JPMORGAN CHASE',
      immediateOriginName: 'BROKERAGE INC',
      referenceCode: 'REF1',
    });
    const batch = new nach.Batch({
      serviceClassCode: '220',
      companyName: 'BROKERAGE INC',
      standardEntryClassCode: 'PPD',
      companyIdentification: '1234567890',
      companyEntryDescription: 'PAYOUT',
      companyDescriptiveDate: 'MAY 17',
      effectiveEntryDate: new Date('2024-05-17T12:00:00'),
      originatingDFI: '091000019',
    });
    for (const c of credits) {
      const dollars = `${c.amountCents / 100n}.${(c.amountCents % 100n).toString().padStart(2, '0')}`;
      batch.addEntry(
        new nach.Entry({
          receivingDFI: c.routingNumber,
          DFIAccount: c.accountNumber,
          amount: dollars,
          idNumber: c.payoutReference.toUpperCase(),
          individualName: c === credits[1] ? 'JOSE NUNEZ-GARCIA DE L' : c.receiverName.toUpperCase(),
          transactionCode: c.accountType === 'checking' ? '22' : '32',
          discretionaryData: 'A1', // nach2 refuses the blank default
        }),
      );
    }
    nachFile.addBatch(batch);
    const theirs: string = await new Promise((resolve) => nachFile.generateFile(resolve));
    const theirRecords = theirs.split(/\r?\n/);
    const ours = readFile(buildNachaFile(input(credits)).text);
    const theirEntries = theirRecords.filter((r) => r.startsWith('6'));
    // The same but for the discretionary data (77–78) and the trace number (nach2 does not derive it from the ODFI).
    const comparable = (e: string) => `${at(e, 1, 76)}|${at(e, 79, 79)}`;
    expect(ours.entries.map(comparable)).toEqual(theirEntries.map(comparable));
    const theirControl = theirRecords.find((r) => r.startsWith('8')) ?? '';
    expect(at(ours.batchControl, 1, 54)).toBe(at(theirControl, 1, 54));
  });

  it.each([
    ['no credit', input([]), /at least one credit/],
    ['a routing number with a wrong check digit', input([credit({ routingNumber: '021000022' })]), /routing number/],
    ['an amount over ten digits of cents', input([credit({ amountCents: 10_000_000_000n })]), /outside 1 to/],
    ['a zero amount', input([credit({ amountCents: 0n })]), /0 cents/],
    ['a payout reference over 15 characters', input([credit({ payoutReference: 'W'.repeat(16) })]), /1 to 15/],
    ['an account number with spaces', input([credit({ accountNumber: '12 34' })]), /account number/],
    ['a bad file id modifier', input([credit()], { fileIdModifier: 'a' }), /file id modifier/],
    ['a bad ODFI', input([credit()], { originator: { ...originator, originatingDfi: '091000018' } }), /originating/],
    ['a bad effective date', input([credit()], { effectiveEntryDate: '2024/05/17' }), /effective entry date/],
  ])('refuses %s', (_case, value, message) => {
    expect(() => buildNachaFile(value)).toThrow(BankFileError);
    expect(() => buildNachaFile(value)).toThrow(message);
  });
});
