// fast-check arbitraries of valid bank material. Sizes are kept small so that 50 cases run in a few seconds.
import fc from 'fast-check';
import { closingMinor } from './camt.js';
import { abaCheckDigit, makeIban, makeRfReference } from './iban.js';
import type {
  GenDetail,
  GenEntry,
  GenNotification,
  GenStatement,
  NachaReturn,
  NachaReturnsFile,
  Pain002Report,
  Pain002Transaction,
  StatementAccountRef,
} from './types.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function digits(length: number): fc.Arbitrary<string> {
  return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));
}

function alnum(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: ALNUM.length - 1 }), { minLength, maxLength })
    .map((idx) => idx.map((i) => ALNUM[i]).join(''));
}

function letters(length: number): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: 25 }), { minLength: length, maxLength: length })
    .map((idx) => idx.map((i) => ALNUM[i]).join(''));
}

/** A German (18-digit BBAN), Dutch (bank code + 10 digits) or British (sort code + 8 digits) IBAN, check digits valid. */
function iban(country?: 'DE' | 'NL' | 'GB'): fc.Arbitrary<string> {
  const countryArb = country === undefined ? fc.constantFrom('DE', 'NL', 'GB') : fc.constant(country);
  return countryArb.chain((c) => {
    if (c === 'DE') return digits(18).map((b) => makeIban('DE', b));
    if (c === 'NL') return fc.tuple(letters(4), digits(10)).map(([bank, acct]) => makeIban('NL', bank + acct));
    return fc.tuple(letters(4), digits(14)).map(([bank, rest]) => makeIban('GB', bank + rest));
  });
}

function abaRouting(): fc.Arbitrary<string> {
  // First two digits 01-12 or 21-32 as the Federal Reserve routing symbols are.
  return fc
    .tuple(
      fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '21', '22'),
      digits(6),
    )
    .map(([head, rest]) => `${head}${rest}${abaCheckDigit(head + rest)}`);
}

function rfReference(): fc.Arbitrary<string> {
  return alnum(4, 21).map(makeRfReference);
}

function statementAccount(currency = 'EUR'): fc.Arbitrary<StatementAccountRef> {
  return fc
    .tuple(iban(), fc.option(fc.constantFrom('DEUTDEFF', 'INGBNL2A', 'BARCGB22'), { nil: undefined }))
    .map(([id, bic]) => (bic === undefined ? { iban: id, currency } : { iban: id, routing: bic, currency }));
}

function addDays(date: string, days: number): string {
  const t =
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export interface EntryOptions {
  rfReferences: string[];
  /** One detail per entry (MT940 carries one amount per :61:). */
  singleDetail?: boolean;
  /** Only BOOK entries (statements, MT940); otherwise PDNG and INFO appear too. */
  bookedOnly?: boolean;
  /** Largest amount of one detail, in minor units; default 10_000_000 (100 000.00). */
  maxAmountMinor?: bigint;
}

function detail(opts: EntryOptions, direction: 'credit' | 'debit'): fc.Arbitrary<GenDetail> {
  const rf =
    opts.rfReferences.length > 0
      ? fc.option(fc.constantFrom(...opts.rfReferences), { nil: undefined })
      : fc.constant(undefined);
  return fc
    .record({
      amountMinor: fc.bigInt({ min: 1n, max: opts.maxAmountMinor ?? 10_000_000n }),
      rfReference: rf,
      endToEndId: fc.option(alnum(6, 16), { nil: undefined }),
      remittance: fc.option(alnum(3, 30), { nil: undefined }),
      payerName: fc.option(fc.constantFrom('JANE DOE', 'ACME GMBH', 'J SMITH AND SONS', 'MUELLER AG'), {
        nil: undefined,
      }),
      payerIban: fc.option(iban(), { nil: undefined }),
      returnReason:
        direction === 'debit'
          ? fc.option(fc.constantFrom('AC01', 'AC04', 'AM04', 'MD07'), { nil: undefined, freq: 4 })
          : fc.constant(undefined),
    })
    .map((d) => {
      const out: GenDetail = { amountMinor: d.amountMinor };
      for (const key of [
        'rfReference',
        'endToEndId',
        'remittance',
        'payerName',
        'payerIban',
        'returnReason',
      ] as const) {
        const value = d[key];
        if (value !== undefined) out[key] = value;
      }
      return out;
    });
}

/** Entries without bank references (filled in by the chain, which keeps them unique per account). */
function entryBody(opts: EntryOptions): fc.Arbitrary<Omit<GenEntry, 'bankReference'>> {
  return fc.constantFrom<'credit' | 'debit'>('credit', 'credit', 'debit').chain((direction) =>
    fc.record({
      direction: fc.constant(direction),
      status:
        opts.bookedOnly === true
          ? fc.constant<'BOOK'>('BOOK')
          : fc.constantFrom<'BOOK' | 'PDNG' | 'INFO'>('BOOK', 'BOOK', 'BOOK', 'PDNG', 'INFO'),
      reversal: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))),
      details: fc.array(detail(opts, direction), { minLength: 1, maxLength: opts.singleDetail === true ? 1 : 3 }),
    }),
  );
}

export interface ChainOptions extends EntryOptions {
  count: number;
  /** Most entries per statement; default 6. */
  maxEntries?: number;
}

/**
 * `count` consecutive statements of one account: sequence numbers +1 each, each opening balance the previous closing
 * balance, each opening date the previous closing date, bank references unique across the chain.
 */
function statementChain(account: StatementAccountRef, opts: ChainOptions): fc.Arbitrary<GenStatement[]> {
  const bookedOnly = opts.bookedOnly ?? true;
  return fc
    .record({
      prefix: alnum(3, 6),
      firstSequence: fc.integer({ min: 1, max: 5000 }),
      opening: fc.bigInt({ min: -100_000_000n, max: 100_000_000n }),
      startDay: fc.integer({ min: 0, max: 1000 }),
      bodies: fc.array(
        fc.array(entryBody({ ...opts, bookedOnly }), { minLength: 0, maxLength: opts.maxEntries ?? 6 }),
        {
          minLength: opts.count,
          maxLength: opts.count,
        },
      ),
    })
    .map(({ prefix, firstSequence, opening, startDay, bodies }) => {
      const statements: GenStatement[] = [];
      let balance = opening;
      let date = addDays('2023-01-02', startDay);
      bodies.forEach((entries, k) => {
        const sequence = firstSequence + k;
        const closingDate = addDays(date, 1);
        const statement: GenStatement = {
          account,
          statementId: `${prefix}-S${sequence}`,
          sequence,
          openingMinor: balance,
          openingDate: date,
          closingDate,
          entries: entries.map((body, i) => ({ ...body, bankReference: `${prefix}${sequence}E${i + 1}` })),
        };
        statements.push(statement);
        balance = closingMinor(statement);
        date = closingDate;
      });
      return statements;
    });
}

/** Consecutive camt.054 notifications of one account (any status unless bookedOnly). */
function notificationChain(account: StatementAccountRef, opts: ChainOptions): fc.Arbitrary<GenNotification[]> {
  return statementChain(account, { ...opts, bookedOnly: opts.bookedOnly ?? false }).map((chain) =>
    chain.map((s) => ({
      account: s.account,
      statementId: s.statementId,
      ...(s.sequence === undefined ? {} : { sequence: s.sequence }),
      bookingDate: s.closingDate,
      entries: s.entries,
    })),
  );
}

function pain002Report(opts: { currency?: string; maxTransactions?: number } = {}): fc.Arbitrary<Pain002Report> {
  const currency = opts.currency ?? 'EUR';
  const tx: fc.Arbitrary<Omit<Pain002Transaction, 'endToEndId'>> = fc
    .record({
      status: fc.constantFrom<Pain002Transaction['status']>('ACCP', 'ACSC', 'RJCT', 'PDNG'),
      amountMinor: fc.bigInt({ min: 1n, max: 10_000_000n }),
      debtorIban: iban(),
      reason: fc.constantFrom('AC01', 'AC04', 'AM04', 'MS03'),
    })
    .map((t) => ({
      status: t.status,
      amountMinor: t.amountMinor,
      currency,
      debtorIban: t.debtorIban,
      ...(t.status === 'RJCT' ? { reason: t.reason } : {}),
    }));
  return fc
    .record({ msg: alnum(6, 20), txs: fc.array(tx, { minLength: 1, maxLength: opts.maxTransactions ?? 6 }) })
    .map(({ msg, txs }) => {
      const transactions = txs.map((t, i) => ({ ...t, endToEndId: `${msg}-${i + 1}` }));
      const rejected = transactions.filter((t) => t.status === 'RJCT').length;
      const groupStatus = rejected === 0 ? 'ACCP' : rejected === transactions.length ? 'RJCT' : 'PART';
      return { originalMessageId: msg, originalPaymentInformationId: `${msg}-P1`, groupStatus, transactions };
    });
}

function nachaReturnsFile(opts: { maxReturns?: number } = {}): fc.Arbitrary<NachaReturnsFile> {
  const ret: fc.Arbitrary<NachaReturn> = fc
    .record({
      individualId: alnum(4, 15),
      amountCents: fc.bigInt({ min: 1n, max: 99_999_999n }),
      receivingRouting: fc.constantFrom('021000021', '026009593', '121000248', '011000015'),
      accountNumber: digits(10),
      reason: fc.constantFrom('R01', 'R02', 'R03', 'R04', 'R16', 'R20'),
      savings: fc.boolean(),
    })
    .map((r) => r);
  return fc
    .record({
      odfi: abaRouting(),
      companyId: digits(10),
      returns: fc.array(ret, { minLength: 1, maxLength: opts.maxReturns ?? 8 }),
    })
    .map(({ odfi, companyId, returns }) => ({
      immediateDestination: odfi,
      immediateOrigin: '011000015',
      companyId,
      companyName: 'INDEPENDENT CO',
      odfi,
      returns,
    }));
}

export const arb = {
  iban,
  abaRouting,
  rfReference,
  statementAccount,
  statementChain,
  notificationChain,
  pain002Report,
  nachaReturnsFile,
};
