import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { BankFileError } from './bank-file.js';
import { buildPain001, type Pain001Input, type SepaPayment } from './pain-001.js';

// The built files are read back with fast-xml-parser's own XMLParser, configured here, not with the server's
// readers, and every figure is recomputed from the parsed text.

const reader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name: string) => name === 'CdtTrfTxInf',
});

// biome-ignore lint/suspicious/noExplicitAny: the test reads the parsed XML tree by its element names
type Parsed = Record<string, any>;

function read(xml: string): { header: Parsed; block: Parsed; transactions: Parsed[]; document: Parsed } {
  const document = reader.parse(xml).Document;
  const initiation = document.CstmrCdtTrfInitn;
  return { document, header: initiation.GrpHdr, block: initiation.PmtInf, transactions: initiation.PmtInf.CdtTrfTxInf };
}

/** "12.30" → 1230n, by string, as an independent check of the two-decimal amounts. */
function centsOf(amount: string): bigint {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`${amount} is not an amount with exactly two decimals`);
  return BigInt(`${match[1]}${match[2]}`);
}

const debtor = { debtorName: 'Brokerage Payouts GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
const payment = (overrides: Partial<SepaPayment> = {}): SepaPayment => ({
  endToEndId: 'WD-000000101',
  amountCents: 100000n,
  creditorName: 'Pierre Martin',
  creditorIban: 'FR1420041010050500013M02606',
  creditorBic: null,
  remittance: 'Withdrawal WD-000000101',
  ...overrides,
});
const input = (payments: SepaPayment[], overrides: Partial<Pain001Input> = {}): Pain001Input => ({
  debtor,
  messageId: 'PB-2024-05-15-01',
  createdAt: new Date('2024-05-15T09:30:12.345Z'),
  requestedExecutionDate: '2024-05-16',
  payments,
  ...overrides,
});

describe('buildPain001', () => {
  const payments = [
    payment(),
    payment({
      endToEndId: 'WD-000000102',
      amountCents: 10n,
      creditorName: 'Zoë Müller & Söhne <GmbH>',
      creditorIban: 'de89 3704 0044 0532 0130 00',
      creditorBic: 'COBADEFF',
      remittance: "O'Brien: payout ½",
    }),
    payment({ endToEndId: 'WD-000000103', amountCents: 20n, creditorIban: 'ES9121000418450200051332' }),
  ];

  it('writes the group header, one SEPA payment block and one transaction per payout', () => {
    const built = buildPain001(input(payments));
    const { document, header, block, transactions } = read(built.xml);
    expect(document['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(header).toMatchObject({
      MsgId: 'PB-2024-05-15-01',
      CreDtTm: '2024-05-15T09:30:12',
      NbOfTxs: '3',
      CtrlSum: '1000.30',
      InitgPty: { Nm: 'Brokerage Payouts GmbH' },
    });
    expect(block).toMatchObject({
      PmtInfId: 'PB-2024-05-15-01',
      PmtMtd: 'TRF',
      NbOfTxs: '3',
      CtrlSum: '1000.30',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: '2024-05-16',
      Dbtr: { Nm: 'Brokerage Payouts GmbH' },
      DbtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
      DbtrAgt: { FinInstnId: { BIC: 'COBADEFFXXX' } },
      ChrgBr: 'SLEV',
    });
    expect(
      transactions.map((t) => [
        t.PmtId.EndToEndId,
        t.Amt.InstdAmt['@Ccy'],
        t.Amt.InstdAmt['#text'],
        t.CdtrAcct.Id.IBAN,
      ]),
    ).toEqual([
      ['WD-000000101', 'EUR', '1000.00', 'FR1420041010050500013M02606'],
      ['WD-000000102', 'EUR', '0.10', 'DE89370400440532013000'],
      ['WD-000000103', 'EUR', '0.20', 'ES9121000418450200051332'],
    ]);
    expect(built).toMatchObject({ numberOfTransactions: 3, controlSumCents: 100030n, controlSum: '1000.30' });
  });

  it('writes names and remittance in the SEPA character set', () => {
    const [, second] = read(buildPain001(input(payments)).xml).transactions;
    expect(second?.Cdtr.Nm).toBe('Zoe Muller Sohne GmbH');
    expect(second?.CdtrAgt.FinInstnId.BIC).toBe('COBADEFF');
    expect(second?.RmtInf.Ustrd).toBe("O'Brien: payout 1/2");
    expect(read(buildPain001(input(payments)).xml).transactions[0]?.CdtrAgt).toBeUndefined();
  });

  it('sums amounts exactly: 0.10 + 0.20 is 0.30, and the control sum of many is the sum of its parts', () => {
    const small = read(buildPain001(input(payments.slice(1))).xml);
    expect(small.header.CtrlSum).toBe('0.30');
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const many = Array.from({ length: 250 }, (_, i) =>
      payment({ endToEndId: `WD-${i}`, amountCents: BigInt(1 + (next() % 5_000_000)) }),
    );
    const { header, transactions } = read(buildPain001(input(many)).xml);
    const parsedSum = transactions.reduce((sum, t) => sum + centsOf(t.Amt.InstdAmt['#text']), 0n);
    expect(centsOf(header.CtrlSum)).toBe(parsedSum);
    expect(parsedSum).toBe(many.reduce((sum, p) => sum + p.amountCents, 0n));
    expect(header.NbOfTxs).toBe('250');
  });

  it('writes pain.001.001.09 with ReqdExctnDt/Dt and BICFI', () => {
    const built = buildPain001(input(payments, { version: 'pain.001.001.09', batchBooking: true }));
    const { document, block, transactions } = read(built.xml);
    expect(document['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(block.ReqdExctnDt).toEqual({ Dt: '2024-05-16' });
    expect(block.BtchBookg).toBe('true');
    expect(block.DbtrAgt.FinInstnId.BICFI).toBe('COBADEFFXXX');
    expect(transactions[1]?.CdtrAgt.FinInstnId.BICFI).toBe('COBADEFF');
  });

  it.each([
    ['no payment', input([]), /at least one payment/],
    ['a zero amount', input([payment({ amountCents: 0n })]), /0 cents/],
    ['an amount over the SEPA maximum', input([payment({ amountCents: 100_000_000_000n })]), /outside 1 to/],
    ['a bad IBAN', input([payment({ creditorIban: 'FR1420041010050500013M02607' })]), /not a valid IBAN/],
    ['a bad BIC', input([payment({ creditorBic: 'COBA' })]), /not a BIC/],
    ['two payments with one id', input([payment(), payment()]), /share one EndToEndId/],
    ['an id outside the set', input([payment({ endToEndId: 'WD_1' })]), /not a SEPA identifier/],
    ['an id of 36 characters', input([payment({ endToEndId: 'W'.repeat(36) })]), /not a SEPA identifier/],
    ['a long remittance', input([payment({ remittance: 'R'.repeat(141) })]), /longer than 140/],
    ['a bad date', input([payment()], { requestedExecutionDate: '16.05.2024' }), /not YYYY-MM-DD/],
    ['a bad debtor IBAN', { ...input([payment()]), debtor: { ...debtor, iban: 'DE00' } }, /debtor IBAN/],
  ])('refuses %s', (_case, value, message) => {
    expect(() => buildPain001(value)).toThrow(BankFileError);
    expect(() => buildPain001(value)).toThrow(message);
  });
});
