import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRfReferences } from '../../domain/payments/rf-reference.js';
import { BankFileError, type StatementFile } from './bank-file.js';
import { parseBankFile } from './parse-bank-file.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/bank-files/${name}`, import.meta.url), 'utf8');

function statement(name: string): StatementFile {
  const parsed = parseBankFile(fixture(name));
  if (parsed.kind !== 'statement') throw new Error(`${name} read as ${parsed.kind}`);
  return parsed;
}

describe('camt.053.001.02 statement', () => {
  it('reads the account, its closing booked balance and every entry', () => {
    const file = statement('camt053-v02-statement.xml');
    expect(file).toMatchObject({
      kind: 'statement',
      format: 'camt.053',
      messageNamespace: 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
      messageId: 'STMT-20240515-0001',
    });
    expect(file.accounts).toHaveLength(1);
    const [account] = file.accounts;
    expect(account?.account).toEqual({
      iban: 'DE89370400440532013000',
      otherId: null,
      servicer: { bic: 'COBADEFFXXX', memberId: null },
      currency: 'EUR',
    });
    expect(account?.closingBookedBalance).toEqual({ signedAmount: '9425.80', currency: 'EUR', date: '2024-05-15' });
    expect(account?.entries.map((e) => [e.bankReference, e.creditDebit, e.amount.amount, e.status, e.booked])).toEqual([
      ['2024051500017', 'CRDT', '250.00', 'BOOK', true],
      ['2024051500018', 'CRDT', '100.30', 'BOOK', true],
      ['2024051500019', 'DBIT', '1500.00', 'BOOK', true],
      ['2024051500020', 'CRDT', '500.00', 'BOOK', true],
      ['2024051500021', 'CRDT', '75.50', 'BOOK', true],
      ['2024051500022', 'CRDT', '42.00', 'PDNG', false],
    ]);
  });

  it('reads a deposit with its structured RF reference and its payer', () => {
    const entry = statement('camt053-v02-statement.xml').accounts[0]?.entries[0];
    expect(entry?.bankTransactionCode).toEqual({
      domain: 'PMNT',
      family: 'RCDT',
      subFamily: 'ESCT',
      proprietary: 'NTRF+166',
    });
    expect(entry?.transactions).toEqual([
      {
        bankReference: '2024051500017',
        amount: { amount: '250.00', currency: 'EUR' },
        creditDebit: 'CRDT',
        creditorReference: 'RF18539007547034',
        unstructuredRemittance: [],
        endToEndId: null, // NOTPROVIDED
        instructionId: null,
        debtor: { name: 'Zoë Müller & Partner', iban: 'FR7630006000011234567890189', otherAccountId: null },
        creditor: null,
        counterparty: { name: 'Zoë Müller & Partner', iban: 'FR7630006000011234567890189', otherAccountId: null },
        returnInformation: null,
        additionalInfo: null,
      },
    ]);
  });

  it('splits a batched credit into its transactions, each with its own stable reference and amount', () => {
    const entry = statement('camt053-v02-statement.xml').accounts[0]?.entries[1];
    expect(entry?.batches).toEqual([
      {
        messageId: null,
        paymentInformationId: null,
        numberOfTransactions: 3,
        totalAmount: null,
        creditDebit: null,
        listedTransactions: 3,
      },
    ]);
    const transactions = entry?.transactions ?? [];
    expect(transactions.map((t) => [t.bankReference, t.amount?.amount, t.creditorReference])).toEqual([
      ['2024051500018:1', '0.10', 'RF712348231'],
      ['2024051500018:2', '0.20', null],
      ['2024051500018:3', '100.00', null],
    ]);
    expect(transactions[0]?.endToEndId).toBe('PAYER-E2E-77');
    expect(transactions[1]?.unstructuredRemittance).toEqual(['second part RF71 2348 231']);
    expect(findRfReferences(transactions[1]?.unstructuredRemittance.join(' ') ?? '')).toEqual(['RF712348231']);
    expect(transactions[2]?.unstructuredRemittance).toEqual(['Deposit', 'no reference given']);
  });

  it('reads our payout batch debit with its batch and each payout end-to-end id', () => {
    const entry = statement('camt053-v02-statement.xml').accounts[0]?.entries[2];
    expect(entry?.batches).toEqual([
      {
        messageId: 'PB-2024-05-15-01',
        paymentInformationId: 'PB-2024-05-15-01-1',
        numberOfTransactions: 2,
        totalAmount: { amount: '1500.00', currency: 'EUR' },
        creditDebit: 'DBIT',
        listedTransactions: 2,
      },
    ]);
    expect(
      entry?.transactions.map((t) => [t.bankReference, t.endToEndId, t.amount?.amount, t.counterparty?.iban]),
    ).toEqual([
      ['2024051500019-A', 'WD-000000101', '1000.00', 'FR1420041010050500013M02606'],
      ['2024051500019-B', 'WD-000000102', '500.00', 'ES9121000418450200051332'],
    ]);
  });

  it('reads a returned payout: its end-to-end id and the return reason', () => {
    const entry = statement('camt053-v02-statement.xml').accounts[0]?.entries[3];
    expect(entry?.bankTransactionCode?.subFamily).toBe('RRTN');
    expect(entry?.additionalInfo).toBe('SEPA RETURN');
    expect(entry?.transactions[0]).toMatchObject({
      endToEndId: 'WD-000000093',
      amount: { amount: '500.00', currency: 'EUR' },
      returnInformation: { reasonCode: 'AC04', proprietaryReason: null, additionalInfo: ['Account closed'] },
      creditor: { name: 'Lukas Schmidt', iban: 'DE02120300000000202051', otherAccountId: null },
    });
  });

  it('reads an entry without transaction details as one transaction of the entry amount', () => {
    const pending = statement('camt053-v02-statement.xml').accounts[0]?.entries[5];
    expect(pending?.transactions).toHaveLength(1);
    expect(pending?.transactions[0]).toMatchObject({
      bankReference: '2024051500022',
      amount: { amount: '42.00', currency: 'EUR' },
      creditorReference: null,
    });
  });

  it('gives the same references when the same file is read again', () => {
    const first = statement('camt053-v02-statement.xml');
    const again = statement('camt053-v02-statement.xml');
    expect(again).toEqual(first);
  });
});

describe('camt.054.001.08 notification, namespace prefixed', () => {
  it('reads the newer element places (Sts/Cd, TxDtls/Amt, Dbtr/Pty/Nm, BookgDt/DtTm)', () => {
    const file = statement('camt054-v08-notification.xml');
    expect(file.format).toBe('camt.054');
    expect(file.messageNamespace).toBe('urn:iso:std:iso:20022:tech:xsd:camt.054.001.08');
    const [eur, usd] = file.accounts;
    expect(eur?.closingBookedBalance).toBeNull();
    expect(eur?.entries[0]).toMatchObject({
      bankReference: 'INST-240515-0000931',
      status: 'BOOK',
      booked: true,
      bookingDate: '2024-05-15',
      amount: { amount: '1250.00', currency: 'EUR' },
    });
    expect(eur?.entries[0]?.transactions[0]).toMatchObject({
      bankReference: 'INST-240515-0000931',
      creditorReference: 'RF45G72UUR',
      endToEndId: 'E2E-CUST-5531',
      counterparty: { name: 'Sofia Lindqvist', iban: 'SE4550000000058398257466', otherAccountId: null },
    });
    expect(usd?.account).toEqual({ iban: null, otherId: '000123456789', servicer: null, currency: 'USD' });
    expect(usd?.entries[0]).toMatchObject({ bankReference: 'US-DB-77120', creditDebit: 'DBIT' });
    expect(usd?.entries[0]?.transactions[0]).toMatchObject({
      endToEndId: 'WD-000000140',
      counterparty: { name: 'John Smith', iban: null, otherAccountId: '987654321' },
    });
  });
});

describe('camt files that break the rules are refused with what is wrong', () => {
  const statementWith = (entries: string, balance = '') =>
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
     <GrpHdr><MsgId>M</MsgId></GrpHdr><Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
     ${balance}${entries}</Stmt></BkToCstmrStmt></Document>`;
  const entry = (ref: string, amount = '1.00', extra = '') =>
    `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>${ref}${extra}</Ntry>`;

  it.each([
    ['an entry without a bank reference', statementWith(entry('')), /entry 1 .* has neither AcctSvcrRef nor NtryRef/],
    [
      'two entries under one bank reference',
      statementWith(entry('<AcctSvcrRef>X</AcctSvcrRef>') + entry('<AcctSvcrRef>X</AcctSvcrRef>')),
      /two entries with bank reference X/,
    ],
    ['a float-like amount', statementWith(entry('<NtryRef>1</NtryRef>', '1e3')), /"1e3" that is not a plain decimal/],
    ['a negative amount', statementWith(entry('<NtryRef>1</NtryRef>', '-5.00')), /not a plain decimal/],
    [
      'an unknown status',
      statementWith(entry('<NtryRef>1</NtryRef>').replace('BOOK', 'DONE')),
      /status "DONE", not BOOK\/PDNG\/INFO\/FUTR/,
    ],
    ['malformed XML', statementWith(entry('<NtryRef>1</NtryRef>')).replace('</Stmt>', ''), /malformed at line/],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY a "b">]>${statementWith('')}`, /DOCTYPE/],
    ['an account without an id', statementWith('').replace(/<Acct>.*<\/Acct>/, '<Acct/>'), /names no account/],
  ])('%s', (_case, xml, message) => {
    expect(() => parseBankFile(xml)).toThrow(BankFileError);
    expect(() => parseBankFile(xml)).toThrow(message);
  });

  it('signs a debit closing balance', () => {
    const balance =
      '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2024-05-15</Dt></Dt></Bal>';
    const file = parseBankFile(statementWith('', balance));
    expect(file.kind === 'statement' && file.accounts[0]?.closingBookedBalance).toEqual({
      signedAmount: '-12.50',
      currency: 'EUR',
      date: '2024-05-15',
    });
  });
});
