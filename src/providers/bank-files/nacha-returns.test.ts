import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AchReturnsFile, BankFileError } from './bank-file.js';
import { parseBankFile } from './parse-bank-file.js';

const text = readFileSync(new URL('../../../test/fixtures/bank-files/nacha-returns.ach', import.meta.url), 'utf8');

function returns(content: string): AchReturnsFile {
  const parsed = parseBankFile(content);
  if (parsed.kind !== 'returns') throw new Error(`read as ${parsed.kind}`);
  return parsed;
}

describe('NACHA return files', () => {
  it('reads every return with its reason, original trace number and our payout reference', () => {
    const file = returns(text);
    expect(file).toMatchObject({
      format: 'nacha-returns',
      immediateDestination: '091000019',
      immediateOrigin: '021000021',
      fileCreationDate: '2024-05-17',
    });
    expect(file.returns).toHaveLength(3);
    expect(file.returns[0]).toEqual({
      returnReasonCode: 'R03',
      originalTraceNumber: '091000010000042',
      originalReceivingDfi: '02100002',
      dateOfDeath: null,
      addendaInformation: 'NO ACCOUNT/UNABLE TO LOCATE',
      traceNumber: '021000020000001',
      transactionCode: '21',
      receivingDfiRouting: '021000021',
      accountNumber: '123456789',
      amountCents: 12500n,
      individualId: 'WD000000201',
      individualName: 'JOHN SMITH',
      secCode: 'PPD',
      companyId: '1234567890',
      originatingDfi: '02100002',
      effectiveEntryDate: '2024-05-17',
    });
    expect(file.returns.map((r) => [r.individualId, r.returnReasonCode, r.amountCents, r.dateOfDeath])).toEqual([
      ['WD000000201', 'R03', 12500n, null],
      ['WD000000202', 'R01', 10n, null],
      ['WD000000204', 'R15', 999999n, '2024-05-01'],
    ]);
  });

  it('keeps notifications of change apart from returns', () => {
    expect(returns(text).notificationsOfChange).toEqual([
      {
        changeCode: 'C01',
        originalTraceNumber: '091000010000045',
        correctedData: '55443322',
        individualId: 'WD000000203',
        amountCents: 0n,
      },
    ]);
  });

  it('reads a file whose records are not broken into lines, or whose trailing blanks were stripped', () => {
    const records = text.trimEnd().split('\n');
    expect(returns(records.join(''))).toEqual(returns(text));
    expect(returns(records.map((r) => r.trimEnd()).join('\r\n'))).toEqual(returns(text));
  });

  const records = text.trimEnd().split('\n');
  const replaceRecord = (index: number, record: string) => records.map((r, i) => (i === index ? record : r)).join('\n');

  it.each([
    ['an altered amount', replaceRecord(2, (records[2] ?? '').replace('0000012500', '0000012501')), /does not match/],
    ['a missing file control', records.slice(0, 13).join('\n'), /no file control record/],
    ['an entry without addenda', records.filter((_, i) => i !== 3).join('\n'), /does not match|no addenda/],
    ['a 95-character record', replaceRecord(1, `${records[1]} `), /95 characters long/],
  ])('refuses %s', (_case, content, message) => {
    expect(() => parseBankFile(content)).toThrow(BankFileError);
    expect(() => parseBankFile(content)).toThrow(message);
  });
});

describe('parseBankFile tells the format from the content', () => {
  it.each([
    ['', /empty/],
    ['hello', /neither ISO 20022 XML/],
    ['<html><body/></html>', /root is html, not an ISO 20022 Document/],
    ['<Document><CstmrCdtTrfInitn/></Document>', /CstmrCdtTrfInitn is not one read here/],
  ])('refuses %j', (content, message) => {
    expect(() => parseBankFile(content)).toThrow(BankFileError);
    expect(() => parseBankFile(content)).toThrow(message);
  });
});
