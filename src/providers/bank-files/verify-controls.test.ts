import { describe, expect, it } from 'vitest';
import { parseBankFile } from './parse-bank-file.js';
import { controlProblems } from './verify-controls.js';

// The controls a bank file states, held against what it holds (issue #27), case by case. Each case is a small file
// and the problems it must give (none when its figures agree); the messages are matched loosely, by what they name.

interface Entry {
  readonly amount: string;
  readonly direction?: 'CRDT' | 'DBIT';
  readonly status?: string;
  readonly currency?: string;
  /** Each TxDtls: its amount (null: none given), currency and direction. */
  readonly details?: readonly { amount: string | null; currency?: string; direction?: 'CRDT' | 'DBIT' }[];
  readonly batch?: string;
}

let reference = 0;
const entry = (e: Entry) => {
  reference += 1;
  const currency = e.currency ?? 'EUR';
  const details = (e.details ?? [])
    .map(
      (d) =>
        `<TxDtls>${d.amount === null ? '' : `<Amt Ccy="${d.currency ?? currency}">${d.amount}</Amt>`}${d.direction ? `<CdtDbtInd>${d.direction}</CdtDbtInd>` : ''}</TxDtls>`,
    )
    .join('');
  return `<Ntry><Amt Ccy="${currency}">${e.amount}</Amt><CdtDbtInd>${e.direction ?? 'CRDT'}</CdtDbtInd>
    <Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts><AcctSvcrRef>R${reference}</AcctSvcrRef>
    <NtryDtls>${e.batch ?? ''}${details}</NtryDtls></Ntry>`;
};

const balance = (code: string, amount: string, sign = 'CRDT', currency = 'EUR') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Dt><Dt>2026-11-27</Dt></Dt></Bal>`;

/** A camt.053 (with `balances`) or camt.054 of one EUR account. */
const camt = (
  message: 'BkToCstmrStmt' | 'BkToCstmrDbtCdtNtfctn',
  parts: { entries: readonly Entry[]; balances?: string; summary?: string; groupHeader?: string },
) => {
  const block = message === 'BkToCstmrStmt' ? 'Stmt' : 'Ntfctn';
  return `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><${message}>
    <GrpHdr><MsgId>M</MsgId>${parts.groupHeader ?? ''}</GrpHdr>
    <${block}><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
    ${parts.balances ?? ''}${parts.summary ?? ''}${parts.entries.map(entry).join('')}</${block}></${message}></Document>`;
};
const statement = (parts: Parameters<typeof camt>[1]) => camt('BkToCstmrStmt', parts);
const notification = (parts: Parameters<typeof camt>[1]) => camt('BkToCstmrDbtCdtNtfctn', parts);
const summary = (all: [number, string], credits?: [number, string], net?: [string, string]) =>
  `<TxsSummry><TtlNtries><NbOfNtries>${all[0]}</NbOfNtries><Sum>${all[1]}</Sum>${
    net ? `<TtlNetNtry><Amt>${net[0]}</Amt><CdtDbtInd>${net[1]}</CdtDbtInd></TtlNetNtry>` : ''
  }</TtlNtries>${credits ? `<TtlCdtNtries><NbOfNtries>${credits[0]}</NbOfNtries><Sum>${credits[1]}</Sum></TtlCdtNtries>` : ''}</TxsSummry>`;

const cases: [string, string, RegExp[]][] = [
  [
    'a notification whose figures agree',
    notification({ entries: [{ amount: '70.00', details: [{ amount: '70.00' }] }] }),
    [],
  ],
  [
    'details that add up to more than the entry',
    notification({ entries: [{ amount: '30.00', details: [{ amount: '60.00' }, { amount: '60.00' }] }] }),
    [/booked at 30 EUR \(CRDT\), but its transactions add up to 120/],
  ],
  [
    'a net booking: details of both directions whose signed sum is the entry',
    notification({
      entries: [{ amount: '70.00', details: [{ amount: '100.00' }, { amount: '30.00', direction: 'DBIT' }] }],
    }),
    [],
  ],
  [
    'several details, one without its amount',
    notification({ entries: [{ amount: '70.00', details: [{ amount: '70.00' }, { amount: null }] }] }),
    [/lists 2 transactions but 1 of them carry no amount/],
  ],
  [
    'a detail in another currency',
    notification({ entries: [{ amount: '70.00', details: [{ amount: '70.00', currency: 'USD' }] }] }),
    [/transaction 1 is in USD, but its entry is in EUR/],
  ],
  [
    'an entry in another currency than the account',
    notification({ entries: [{ amount: '70.00', currency: 'USD' }] }),
    [/is in USD, but the account is in EUR/],
  ],
  ['a zero amount', notification({ entries: [{ amount: '0.00' }] }), [/has a zero amount/]],
  [
    'more decimals than the currency has',
    notification({ entries: [{ amount: '70.001' }] }),
    [/70.001 EUR, more decimals than EUR has \(2\)/],
  ],
  [
    'a batch whose total is not the entry',
    notification({
      entries: [{ amount: '70.00', batch: '<Btch><NbOfTxs>1</NbOfTxs><TtlAmt Ccy="EUR">80.00</TtlAmt></Btch>' }],
    }),
    [/batch totals \(TtlAmt\) add up to 80/],
  ],
  [
    'a batch of four detailed by one transaction (the bank need not list them all)',
    notification({
      entries: [
        {
          amount: '70.00',
          batch: '<Btch><NbOfTxs>4</NbOfTxs></Btch>',
          details: [{ amount: '70.00' }],
        },
      ],
    }),
    [],
  ],
  [
    'a batch that lists more transactions than it says',
    notification({
      entries: [
        {
          amount: '70.00',
          batch: '<Btch><NbOfTxs>1</NbOfTxs></Btch>',
          details: [{ amount: '35.00' }, { amount: '35.00' }],
        },
      ],
    }),
    [/NbOfTxs 1, but the entry lists 2 transactions/],
  ],
  [
    'a batch of the other direction',
    notification({ entries: [{ amount: '70.00', batch: '<Btch><CdtDbtInd>DBIT</CdtDbtInd></Btch>' }] }),
    [/batch 1 is DBIT, but its entry is CRDT/],
  ],
  [
    'a summary that agrees with every entry',
    notification({
      entries: [{ amount: '70.00' }, { amount: '5.00', status: 'PDNG' }],
      summary: summary([2, '75.00'], [2, '75.00'], ['75.00', 'CRDT']),
    }),
    [],
  ],
  [
    'a summary that agrees with the booked entries only',
    notification({
      entries: [{ amount: '70.00' }, { amount: '5.00', status: 'PDNG' }],
      summary: summary([1, '70.00'], [1, '70.00']),
    }),
    [],
  ],
  [
    'a summary that agrees with neither reading',
    notification({ entries: [{ amount: '70.00' }], summary: summary([2, '140.00'], [1, '75.00'], ['70.00', 'DBIT']) }),
    [
      /TtlNtries\/NbOfNtries says 2/,
      /TtlNtries\/Sum says 140.00/,
      /TtlCdtNtries\/Sum says 75.00/,
      /net of TtlNtries says -70.00/,
    ],
  ],
  [
    'group totals that disagree',
    notification({ entries: [{ amount: '70.00' }], groupHeader: '<NbOfTxs>3</NbOfTxs><CtrlSum>210.00</CtrlSum>' }),
    [/NbOfTxs 3, but the file holds 1 entries/, /CtrlSum 210.00, but the file's entries add up to 70/],
  ],
  [
    'a statement whose balances follow from its booked entries',
    statement({
      entries: [{ amount: '70.00' }, { amount: '4.50', direction: 'DBIT' }, { amount: '9.00', status: 'PDNG' }],
      balances: balance('OPBD', '100.00') + balance('CLBD', '165.50'),
    }),
    [],
  ],
  [
    'an overdrawn statement',
    statement({
      entries: [{ amount: '70.00' }],
      balances: balance('OPBD', '50.00', 'DBIT') + balance('CLBD', '20.00', 'CRDT'),
    }),
    [],
  ],
  [
    'a statement whose closing does not follow',
    statement({ entries: [{ amount: '70.00' }], balances: balance('OPBD', '100.00') + balance('CLBD', '200.00') }),
    [/the opening balance 100.00 plus the booked entries \(70\) makes 170, but the closing balance is 200.00/],
  ],
  [
    'a statement without an opening balance',
    statement({ entries: [{ amount: '70.00' }], balances: balance('CLBD', '70.00') }),
    [/has no opening booked balance/],
  ],
  [
    'a balance in another currency',
    statement({ entries: [], balances: balance('OPBD', '1.00', 'CRDT', 'SEK') + balance('CLBD', '1.00') }),
    [/opening balance is in SEK, but the account is in EUR/],
  ],
];

describe('controlProblems: camt', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    const problems = controlProblems(parseBankFile(text));
    if (expected.length === 0) expect(problems).toEqual([]);
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        problems.join('\n'),
      ).toBe(true);
    expect(problems).toHaveLength(expected.length);
  });
});

const mt940 = (lines: string) => `:20:STMT\r\n:25:DE89370400440532013000\r\n:28C:42/1\r\n${lines}`;

describe('controlProblems: MT940', () => {
  it.each([
    [
      'balances that follow',
      mt940(':60F:C261126EUR100,00\r\n:61:2611271127C70,00NTRFNONREF\r\n:62F:C261127EUR170,00\r\n'),
      [],
    ],
    [
      'a reversal of a credit (RC) is a debit',
      mt940(':60F:C261126EUR100,00\r\n:61:2611271127RC70,00NTRFNONREF\r\n:62F:C261127EUR30,00\r\n'),
      [],
    ],
    [
      'a closing that does not follow',
      mt940(':60F:C261126EUR100,00\r\n:61:2611271127C70,00NTRFNONREF\r\n:62F:C261127EUR180,00\r\n'),
      [/makes 170, but the closing balance is 180.00/],
    ],
    [
      'a page closed by :62M:',
      mt940(':60F:C261126EUR100,00\r\n:61:2611271127D10,00NTRFNONREF\r\n:62M:C261127EUR90,00\r\n'),
      [],
    ],
    [
      'no closing at all',
      mt940(':60F:C261126EUR100,00\r\n:61:2611271127C1,00NTRFNONREF\r\n'),
      [/no closing booked balance/],
    ],
  ] as [string, string, RegExp[]][])('%s', (_name, text, expected) => {
    const problems = controlProblems(parseBankFile(text));
    if (expected.length === 0) expect(problems).toEqual([]);
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        problems.join('\n'),
      ).toBe(true);
  });
});

const pain002 = (group: string, transactions: string, block = '') => `<Document><CstmrPmtStsRpt>
  <GrpHdr><MsgId>S</MsgId></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>B1</OrgnlMsgId>${group}</OrgnlGrpInfAndSts>
  <OrgnlPmtInfAndSts><OrgnlPmtInfId>B1</OrgnlPmtInfId>${block}${transactions}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
const tx = (id: string, status: string, amount?: string) =>
  `<TxInfAndSts><OrgnlEndToEndId>${id}</OrgnlEndToEndId><TxSts>${status}</TxSts>${
    amount ? `<OrgnlTxRef><Amt><InstdAmt Ccy="EUR">${amount}</InstdAmt></Amt></OrgnlTxRef>` : ''
  }</TxInfAndSts>`;

describe('controlProblems: pain.002', () => {
  it.each([
    [
      'counts per status that add up',
      pain002(
        '<OrgnlNbOfTxs>2</OrgnlNbOfTxs><OrgnlCtrlSum>30.00</OrgnlCtrlSum><NbOfTxsPerSts><DtldNbOfTxs>1</DtldNbOfTxs><DtldSts>ACCP</DtldSts><DtldCtrlSum>10.00</DtldCtrlSum></NbOfTxsPerSts><NbOfTxsPerSts><DtldNbOfTxs>1</DtldNbOfTxs><DtldSts>RJCT</DtldSts><DtldCtrlSum>20.00</DtldCtrlSum></NbOfTxsPerSts>',
        tx('P1', 'ACCP', '10.00') + tx('P2', 'RJCT', '20.00'),
      ),
      [],
    ],
    [
      'counts per status that do not add up to the total',
      pain002(
        '<OrgnlNbOfTxs>3</OrgnlNbOfTxs><NbOfTxsPerSts><DtldNbOfTxs>1</DtldNbOfTxs><DtldSts>ACCP</DtldSts></NbOfTxsPerSts>',
        tx('P1', 'ACCP'),
      ),
      [/NbOfTxsPerSts adds up to 1 transactions, but OrgnlNbOfTxs is 3/],
    ],
    [
      'more transactions listed than the original held',
      pain002('<OrgnlNbOfTxs>1</OrgnlNbOfTxs>', tx('P1', 'ACCP') + tx('P2', 'ACCP')),
      [/lists 2 transactions, but says it had 1/],
    ],
    [
      'a payment given a status twice',
      pain002('', tx('P1', 'ACCP') + tx('P1', 'RJCT')),
      [/gives payment P1 a status twice/],
    ],
    ['a zero amount', pain002('', tx('P1', 'ACCP', '0.00')), [/has a zero amount/]],
  ] as [string, string, RegExp[]][])('%s', (_name, text, expected) => {
    const problems = controlProblems(parseBankFile(text));
    if (expected.length === 0) expect(problems).toEqual([]);
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        problems.join('\n'),
      ).toBe(true);
  });
});
