import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BankFileError, type StatementFile } from './bank-file.js';
import { parseBankFile } from './parse-bank-file.js';

const text = readFileSync(new URL('../../../test/fixtures/bank-files/mt940-statements.sta', import.meta.url), 'utf8');

function statement(content: string): StatementFile {
  const parsed = parseBankFile(content);
  if (parsed.kind !== 'statement') throw new Error(`read as ${parsed.kind}`);
  return parsed;
}

describe('MT940', () => {
  it('reads each statement with its account, closing balance and entries, amounts exact', () => {
    const file = statement(text);
    expect(file.format).toBe('mt940');
    const [german, dutch] = file.accounts;
    expect(german?.account).toEqual({ iban: 'DE89370400440532013000', otherId: null, servicer: null, currency: 'EUR' });
    expect(german?.statementId).toBe('STARTUMSE');
    expect(german?.closingBookedBalance).toEqual({ signedAmount: '8650.00', currency: 'EUR', date: '2024-05-15' });
    expect(german?.entries.map((e) => [e.creditDebit, e.reversal, e.amount.amount, e.bookingDate])).toEqual([
      ['CRDT', false, '250.00', '2024-05-15'],
      ['DBIT', false, '1500.00', '2024-05-15'],
      // RC: the reversal of a credit, booked as a debit (10000 + 250 − 1500 − 100 = 8650).
      ['DBIT', true, '100.00', '2024-05-15'],
    ]);
    expect(dutch?.account).toEqual({ iban: 'NL91ABNA0417164300', otherId: null, servicer: null, currency: 'EUR' });
  });

  it('reads the RF reference, end-to-end id and payer from a German field 86', () => {
    const deposit = statement(text).accounts[0]?.entries[0];
    expect(deposit?.bankTransactionCode?.proprietary).toBe('NTRF');
    expect(deposit?.bankReference).toMatch(/^2405150017\/[0-9a-f]{12}$/);
    expect(deposit?.transactions[0]).toMatchObject({
      creditorReference: 'RF18539007547034',
      endToEndId: 'E2E-CUST-5531',
      counterparty: { name: 'Zoe Muller', iban: 'FR7630006000011234567890189', otherAccountId: null },
    });
    // Field 86 runs over two lines in the file; they are joined as written.
    expect(deposit?.transactions[0]?.unstructuredRemittance[0]).toContain('?31FR7630006000011234567890189?32');
  });

  it('reads a return reason and the returned payout from a SWIFT-keyword field 86', () => {
    const reversal = statement(text).accounts[0]?.entries[2];
    expect(reversal?.transactions[0]).toMatchObject({
      endToEndId: 'WD-000000093',
      returnInformation: { reasonCode: 'AC04', proprietaryReason: null, additionalInfo: [] },
    });
  });

  it('gives two identical lines distinct references, the same on every read', () => {
    const references = statement(text).accounts[1]?.entries.map((e) => e.bankReference) ?? [];
    expect(references).toHaveLength(2);
    expect(references[0]).toMatch(/^NONREF\/[0-9a-f]{12}$/);
    expect(references[1]).toBe(`${references[0]}/2`);
    expect(statement(text)).toEqual(statement(text));
    const dutch = statement(text).accounts[1]?.entries[0]?.transactions[0];
    expect(dutch).toMatchObject({
      creditorReference: 'RF45G72UUR',
      endToEndId: 'E2E-9912',
      counterparty: { name: 'J JANSEN', iban: 'GB82WEST12345698765432', otherAccountId: null },
    });
  });

  it('reads the FIN envelope and a debit closing balance', () => {
    const enveloped = [
      '{1:F01COBADEFFAXXX0000000000}{2:O9401200240515COBADEFFAXXX00000000002405151200N}{4:',
      ':20:ENV1',
      ':25:10020030/1234567',
      ':28C:1/1',
      ':60F:C240514USD0,',
      ':61:240515D12,5NMSCREF-1//BANK-77',
      'FEES MAY',
      ':62F:D240515USD12,5',
      '-}',
    ].join('\n');
    const [account] = statement(enveloped).accounts;
    expect(account?.account).toEqual({
      iban: null,
      otherId: '10020030/1234567',
      servicer: { bic: null, memberId: '10020030' },
      numberAfterBank: '1234567',
      currency: 'USD',
    });
    expect(account?.closingBookedBalance).toEqual({ signedAmount: '-12.5', currency: 'USD', date: '2024-05-15' });
    expect(account?.entries[0]).toMatchObject({
      creditDebit: 'DBIT',
      amount: { amount: '12.5', currency: 'USD' },
      additionalInfo: 'FEES MAY',
    });
    expect(account?.entries[0]?.bankReference).toMatch(/^BANK-77\//);
    expect(account?.entries[0]?.transactions[0]?.instructionId).toBe('REF-1');
  });

  it.each([
    [':20:X\n:25:DE89370400440532013000\n:60F:C240514EUR1,00\n:61:2405151C1,00NTRFNONREF\n', /statement line/],
    [':20:X\n:25:DE89370400440532013000\n:60F:C240514EUR1.00\n', /balance :60F:C240514EUR1.00 is malformed/],
    [':20:X\n:25:DE89370400440532013000\n:61:240515C1,00NTRFNONREF\n', /no :60F: or :62F: balance/],
  ])('refuses a malformed file (%#)', (content, message) => {
    expect(() => parseBankFile(content)).toThrow(BankFileError);
    expect(() => parseBankFile(content)).toThrow(message);
  });
});
