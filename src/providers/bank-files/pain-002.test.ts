import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BankFileError, type PaymentStatusFile } from './bank-file.js';
import { outcomeOfStatus } from './pain-002.js';
import { parseBankFile } from './parse-bank-file.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/bank-files/${name}`, import.meta.url), 'utf8');

function report(xml: string): PaymentStatusFile {
  const parsed = parseBankFile(xml);
  if (parsed.kind !== 'payment-status') throw new Error(`read as ${parsed.kind}`);
  return parsed;
}

describe('pain.002 payment status reports', () => {
  it('reads accepted and rejected transactions with their reasons', () => {
    const file = report(fixture('pain002-v03-mixed.xml'));
    expect(file).toMatchObject({
      format: 'pain.002',
      messageId: 'STS-20240515-4471',
      originalMessageId: 'PB-2024-05-15-01',
      originalMessageNameId: 'pain.001.001.03',
      groupStatus: { code: 'PART', outcome: 'pending', reasons: [] },
      wholeMessageRejected: false,
    });
    expect(file.paymentInformations[0]).toMatchObject({
      originalPaymentInformationId: 'PB-2024-05-15-01-1',
      allTransactionsRejected: false,
    });
    expect(file.transactions.map((t) => [t.originalEndToEndId, t.status.code, t.status.outcome])).toEqual([
      ['WD-000000101', 'ACSC', 'accepted'],
      ['WD-000000102', 'ACCP', 'accepted'],
      ['WD-000000103', 'RJCT', 'rejected'],
    ]);
    expect(file.transactions[2]).toEqual({
      originalPaymentInformationId: 'PB-2024-05-15-01-1',
      originalInstructionId: null,
      originalEndToEndId: 'WD-000000103',
      status: {
        code: 'RJCT',
        outcome: 'rejected',
        reasons: [{ reasonCode: 'AC01', proprietaryReason: null, additionalInfo: ['IBAN check digits are wrong'] }],
      },
      originalAmount: null,
      debtorIban: null,
    });
  });

  it('says clearly when the whole original message is rejected, though no transaction is listed', () => {
    const file = report(fixture('pain002-v03-group-rejected.xml'));
    expect(file).toMatchObject({
      originalMessageId: 'PB-2024-05-16-01',
      wholeMessageRejected: true,
      groupStatus: {
        code: 'RJCT',
        outcome: 'rejected',
        reasons: [{ reasonCode: 'AM05', additionalInfo: ['Duplicate file: MsgId already received'] }],
      },
      paymentInformations: [],
      transactions: [],
    });
  });

  it('lets a transaction without its own status take that of its block, and a rejected block reject all', () => {
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt>
      <GrpHdr><MsgId>S1</MsgId></GrpHdr>
      <OrgnlGrpInfAndSts><OrgnlMsgId>PB-1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
      <OrgnlPmtInfAndSts><OrgnlPmtInfId>PB-1-1</OrgnlPmtInfId><PmtInfSts>RJCT</PmtInfSts>
        <StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf>
        <TxInfAndSts><OrgnlEndToEndId>WD-1</OrgnlEndToEndId></TxInfAndSts>
      </OrgnlPmtInfAndSts>
      <OrgnlPmtInfAndSts><OrgnlPmtInfId>PB-1-2</OrgnlPmtInfId><PmtInfSts>ACTC</PmtInfSts></OrgnlPmtInfAndSts>
    </CstmrPmtStsRpt></Document>`;
    const file = report(xml);
    expect(file.groupStatus).toBeNull();
    expect(file.wholeMessageRejected).toBe(false);
    expect(file.paymentInformations.map((b) => [b.originalPaymentInformationId, b.allTransactionsRejected])).toEqual([
      ['PB-1-1', true],
      ['PB-1-2', false],
    ]);
    expect(file.transactions[0]?.status).toMatchObject({ code: 'RJCT', outcome: 'rejected' });
    expect(file.transactions[0]?.status.reasons[0]?.reasonCode).toBe('AM04');
  });

  it.each([
    ['ACCP', 'accepted'],
    ['ACSC', 'accepted'],
    ['ACSP', 'accepted'],
    ['ACWC', 'accepted'],
    ['RJCT', 'rejected'],
    ['CANC', 'rejected'],
    ['PDNG', 'pending'],
    ['ACTC', 'pending'], // technical acceptance only: the bank has not accepted to pay
    ['RCVD', 'pending'],
    ['PART', 'pending'],
  ])('%s is %s', (code, outcome) => {
    expect(outcomeOfStatus(code)).toBe(outcome);
  });

  it('refuses a report without the original message id', () => {
    const xml = fixture('pain002-v03-mixed.xml').replace(/<OrgnlMsgId>.*<\/OrgnlMsgId>/, '');
    expect(() => parseBankFile(xml)).toThrow(BankFileError);
    expect(() => parseBankFile(xml)).toThrow(/has no OrgnlMsgId/);
  });
});
