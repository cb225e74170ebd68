// Self-checks of the independent bank-file generator (test/support/independent-bank-files) and a reader-level
// property: for random valid camt.053 / camt.054 / MT940 files, parseBankFile reads back exactly the booked amounts
// per direction per account (counts and sums only, through its public output).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBankFile } from '../../src/providers/bank-files/parse-bank-file.js';
import {
  arb,
  type BankFileFormat,
  camt053,
  camt054,
  closingMinor,
  corruptions,
  detectFormat,
  entryAmount,
  type GenStatement,
  isValidAba,
  isValidIban,
  isValidRfReference,
  makeIban,
  mt940,
  nachaReturns,
  pain002,
  parseMinor,
  type StatementAccountRef,
} from '../support/independent-bank-files/index.js';

const ACCOUNT: StatementAccountRef = {
  iban: makeIban('DE', '370400440532013000'),
  routing: 'COBADEFF',
  currency: 'EUR',
};
const RF = ['RF18539007547034', 'RF712348231'];

function sample<T>(a: fc.Arbitrary<T>, seed: number): T {
  const [value] = fc.sample(a, { numRuns: 1, seed });
  if (value === undefined) throw new Error('no sample');
  return value;
}

function decimalsToMinor(values: string[]): bigint {
  return values.reduce((sum, v) => sum + parseMinor(v, 'EUR'), 0n);
}

function all(text: string, re: RegExp): string[] {
  return [...text.matchAll(new RegExp(re.source, 'g'))].map((m) => m[1] ?? '');
}

function expectedBooked(statements: { account: StatementAccountRef; entries: GenStatement['entries'] }[]) {
  let credits = 0n;
  let debits = 0n;
  let nc = 0;
  let nd = 0;
  for (const s of statements) {
    for (const e of s.entries) {
      if (e.status !== 'BOOK') continue;
      if (e.direction === 'credit') {
        credits += entryAmount(e);
        nc++;
      } else {
        debits += entryAmount(e);
        nd++;
      }
    }
  }
  return { nc, nd, credits, debits };
}

interface ReadEntry {
  creditDebit: 'CRDT' | 'DBIT';
  booked: boolean;
  amount: { amount: string; currency: string };
}
interface ReadAccount {
  account: { iban: string | null; otherId: string | null; currency: string | null };
  entries: ReadEntry[];
}

function readBooked(text: string) {
  const out = parseBankFile(text) as unknown as { accounts: ReadAccount[] };
  let credits = 0n;
  let debits = 0n;
  let nc = 0;
  let nd = 0;
  for (const account of out.accounts) {
    expect(account.account.iban ?? account.account.otherId).toBe(ACCOUNT.iban);
    for (const e of account.entries) {
      if (!e.booked) continue;
      const minor = parseMinor(e.amount.amount, e.amount.currency);
      if (e.creditDebit === 'CRDT') {
        credits += minor;
        nc++;
      } else {
        debits += minor;
        nd++;
      }
    }
  }
  return { nc, nd, credits, debits };
}

describe('independent generator: identifiers', () => {
  it('generated IBANs, RF references and ABA routings carry valid check digits', () => {
    fc.assert(
      fc.property(arb.iban(), (iban) => isValidIban(iban)),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(arb.rfReference(), (rf) => isValidRfReference(rf)),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(arb.abaRouting(), (r) => isValidAba(r)),
      { numRuns: 200 },
    );
    expect(isValidIban('GB82WEST12345698765432')).toBe(true); // the ISO 13616 example
    expect(isValidIban('GB82WEST12345698765433')).toBe(false);
    expect(makeIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
    expect(isValidRfReference('RF18539007547034')).toBe(true); // the ISO 11649 example
    expect(isValidAba('021000021')).toBe(true);
  });
});

describe('independent generator: writers compute every control from the data', () => {
  const chain = sample(arb.statementChain(ACCOUNT, { rfReferences: RF, count: 3, maxEntries: 5 }), 11);

  it('statement chains continue: sequence +1, opening = previous closing', () => {
    fc.assert(
      fc.property(arb.statementChain(ACCOUNT, { rfReferences: RF, count: 3 }), (statements) => {
        for (let i = 1; i < statements.length; i++) {
          const previous = statements[i - 1] as GenStatement;
          const current = statements[i] as GenStatement;
          expect(current.sequence).toBe((previous.sequence ?? 0) + 1);
          expect(current.openingMinor).toBe(closingMinor(previous));
          expect(current.openingDate).toBe(previous.closingDate);
        }
        const refs = statements.flatMap((s) => s.entries.map((e) => e.bankReference));
        expect(new Set(refs).size).toBe(refs.length);
      }),
      { numRuns: 50 },
    );
  });

  for (const version of ['02', '04', '06', '08'] as const) {
    it(`camt.053.001.${version}: balances, TxsSummry and batch totals agree with the entries`, () => {
      const text = camt053(chain, { version });
      expect(text).toContain(`camt.053.001.${version}`);
      const stmts = [...text.matchAll(/<Stmt>([\s\S]*?)<\/Stmt>/g)].map((m) => m[1] ?? '');
      expect(stmts).toHaveLength(chain.length);
      stmts.forEach((body, i) => {
        const s = chain[i] as GenStatement;
        const ntries = [...body.matchAll(/<Ntry>([\s\S]*?)<\/Ntry>/g)].map((m) => m[1] ?? '');
        expect(ntries).toHaveLength(s.entries.length);
        let credits = 0n;
        let debits = 0n;
        for (const ntry of ntries) {
          const amount = parseMinor(/<Amt Ccy="EUR">([^<]+)<\/Amt>/.exec(ntry)?.[1] ?? '', 'EUR');
          const details = all(ntry, /<TxDtls>[\s\S]*?<Amt Ccy="EUR">([^<]+)<\/Amt>/);
          expect(decimalsToMinor(details)).toBe(amount);
          const btch = /<TtlAmt Ccy="EUR">([^<]+)<\/TtlAmt>/.exec(ntry)?.[1];
          if (btch !== undefined) expect(parseMinor(btch, 'EUR')).toBe(amount);
          const booked = /<Sts>\s*(?:<Cd>)?BOOK/.test(ntry);
          if (booked && /<CdtDbtInd>CRDT/.test(ntry)) credits += amount;
          if (booked && /^[\s\S]*?<CdtDbtInd>DBIT/.test(ntry.split('<NtryDtls>')[0] ?? '')) debits += amount;
        }
        const bal = (code: string) => {
          const m = new RegExp(`<Cd>${code}</Cd>[\\s\\S]*?<Amt Ccy="EUR">([^<]+)</Amt>\\s*<CdtDbtInd>([A-Z]+)`).exec(
            body,
          );
          const v = parseMinor(m?.[1] ?? '', 'EUR');
          return m?.[2] === 'DBIT' ? -v : v;
        };
        expect(bal('OPBD')).toBe(s.openingMinor);
        expect(bal('CLBD')).toBe(bal('OPBD') + credits - debits);
        const sums = all(body, /<Sum>([^<]+)<\/Sum>/).map((v) => parseMinor(v, 'EUR'));
        const counts = all(body, /<NbOfNtries>(\d+)<\/NbOfNtries>/).map(Number);
        const creditEntries = s.entries.filter((e) => e.direction === 'credit');
        const debitEntries = s.entries.filter((e) => e.direction === 'debit');
        const creditSum = creditEntries.reduce((n, e) => n + entryAmount(e), 0n);
        const debitSum = debitEntries.reduce((n, e) => n + entryAmount(e), 0n);
        expect(counts).toEqual([s.entries.length, creditEntries.length, debitEntries.length]);
        expect(sums).toEqual([creditSum + debitSum, creditSum, debitSum]);
        const net = /<(?:TtlNetNtryAmt|TtlNetNtry>\s*<Amt)>([^<]+)</.exec(body)?.[1] ?? '';
        expect(parseMinor(net, 'EUR')).toBe(creditSum > debitSum ? creditSum - debitSum : debitSum - creditSum);
        expect(body).toContain(`<ElctrncSeqNb>${s.sequence}</ElctrncSeqNb>`);
      });
    });
  }

  it('MT940: :60F: + :61: credits - debits = :62F:, CRLF lines, :28C: numbers', () => {
    const single = chain.map((s) => ({
      ...s,
      entries: s.entries.map((e) => ({ ...e, details: e.details.slice(0, 1) })),
    }));
    const text = mt940(single);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const blocks = text.split('\r\n-\r\n').filter((b) => b.trim() !== '');
    expect(blocks).toHaveLength(single.length);
    blocks.forEach((block, i) => {
      const sign = (m: RegExpExecArray | null) => (m?.[1] === 'D' ? -1n : 1n) * parseMinor(m?.[2] ?? '', 'EUR');
      let balance = sign(/:60F:([CD])\d{6}EUR([\d,]+)/.exec(block));
      for (const m of block.matchAll(/:61:\d{10}(R?[CD])([\d,]+)N/g)) {
        const v = parseMinor(m[2] ?? '', 'EUR');
        balance += m[1] === 'C' || m[1] === 'RD' ? v : -v;
      }
      expect(balance).toBe(sign(/:62F:([CD])\d{6}EUR([\d,]+)/.exec(block)));
      expect(block).toContain(`:28C:${String(single[i]?.sequence).padStart(5, '0')}/001`);
    });
  });

  it('pain.002: OrgnlNbOfTxs and OrgnlCtrlSum agree with the transactions', () => {
    fc.assert(
      fc.property(arb.pain002Report(), (report) => {
        const text = pain002(report);
        const amounts = all(text, /<InstdAmt Ccy="EUR">([^<]+)<\/InstdAmt>/);
        expect(Number(/<OrgnlNbOfTxs>(\d+)</.exec(text)?.[1])).toBe(report.transactions.length);
        expect(parseMinor(/<OrgnlCtrlSum>([^<]+)</.exec(text)?.[1] ?? '', 'EUR')).toBe(decimalsToMinor(amounts));
        expect(all(text, /<TxSts>([A-Z]+)</)).toEqual(report.transactions.map((t) => t.status));
      }),
      { numRuns: 30 },
    );
  });

  it('NACHA: 94-character records, counts, entry hash, totals and block count agree', () => {
    fc.assert(
      fc.property(arb.nachaReturnsFile(), (file) => {
        const lines = nachaReturns(file)
          .split('\n')
          .filter((l) => l !== '');
        expect(lines.every((l) => l.length === 94)).toBe(true);
        expect(lines.length % 10).toBe(0);
        const entries = lines.filter((l) => l.startsWith('6'));
        const addenda = lines.filter((l) => l.startsWith('799'));
        expect(entries).toHaveLength(file.returns.length);
        expect(addenda).toHaveLength(file.returns.length);
        const hash = entries.reduce((n, l) => n + BigInt(l.slice(3, 11)), 0n) % 10_000_000_000n;
        const credit = entries.reduce((n, l) => n + BigInt(l.slice(29, 39)), 0n);
        const control = lines.find((l) => l.startsWith('9') && !/^9+$/.test(l)) ?? '';
        expect(Number(control.slice(1, 7))).toBe(lines.filter((l) => l.startsWith('5')).length);
        expect(Number(control.slice(7, 13))).toBe(lines.length / 10);
        expect(Number(control.slice(13, 21))).toBe(entries.length + addenda.length);
        expect(BigInt(control.slice(21, 31))).toBe(hash);
        expect(BigInt(control.slice(43, 55))).toBe(credit);
        expect(credit).toBe(file.returns.reduce((n, r) => n + r.amountCents, 0n));
        for (const l of entries) expect(['21', '31']).toContain(l.slice(1, 3));
        const batchTotals = lines.filter((l) => l.startsWith('8')).reduce((n, l) => n + BigInt(l.slice(32, 44)), 0n);
        expect(batchTotals).toBe(credit);
      }),
      { numRuns: 30 },
    );
  });
});

describe('independent generator: the corruption catalogue', () => {
  const chain = sample(arb.statementChain(ACCOUNT, { rfReferences: RF, count: 2, maxEntries: 4 }), 5).map((s, i) =>
    // Make sure every statement has a credit with two details and a debit, so that every corruption has a target.
    ({
      ...s,
      entries: [
        ...s.entries,
        {
          bankReference: `FIX${i}C`,
          direction: 'credit' as const,
          status: 'BOOK' as const,
          reversal: false,
          details: [{ amountMinor: 1234n }, { amountMinor: 500n }],
        },
        {
          bankReference: `FIX${i}D`,
          direction: 'debit' as const,
          status: 'BOOK' as const,
          reversal: false,
          details: [{ amountMinor: 777n }],
        },
      ],
    }),
  );
  const fixed = chain.map((s, i) => ({
    ...s,
    openingMinor: i === 0 ? s.openingMinor : closingMinor({ ...(chain[i - 1] as GenStatement) }),
  }));
  const other: StatementAccountRef = { accountNumber: '0123456789', routing: 'COBADEFF', currency: 'EUR' };
  const files: Record<BankFileFormat, string[]> = {
    'camt.053': [
      camt053(fixed, { version: '02' }),
      camt053(fixed, { version: '08' }),
      camt053(
        fixed.map((s) => ({ ...s, account: other })),
        { version: '04' },
      ),
    ],
    'camt.054': [
      camt054(fixed, { version: '04', withSummary: true }),
      camt054(
        fixed.map((s) => ({ ...s, account: other })),
        { version: '06', withSummary: true },
      ),
    ],
    mt940: [
      mt940(fixed.map((s) => ({ ...s, entries: s.entries.map((e) => ({ ...e, details: e.details.slice(0, 1) })) }))),
    ],
    'pain.002': [pain002(sample(arb.pain002Report(), 2))],
    nacha: [nachaReturns(sample(arb.nachaReturnsFile(), 2))],
  };

  it('the generated files are recognised as their formats', () => {
    for (const [format, texts] of Object.entries(files))
      for (const text of texts) expect(detectFormat(text)).toBe(format);
  });

  for (const corruption of corruptions) {
    it(`${corruption.name}: applies to a valid file of its format and changes the text`, () => {
      let applied = 0;
      for (const format of corruption.formats) {
        for (const text of files[format]) {
          let seed = 1;
          const rng = () => {
            seed = (seed * 16807) % 2147483647;
            return seed / 2147483647;
          };
          const changed = corruption.apply(text, rng);
          if (changed === null) continue;
          applied++;
          expect(changed).not.toBe(text);
          expect(detectFormat(changed)).toBe(format);
        }
        // Never applies across formats.
        for (const [otherFormat, texts] of Object.entries(files)) {
          if (corruption.formats.includes(otherFormat as BankFileFormat)) continue;
          for (const text of texts) expect(corruption.apply(text, Math.random)).toBeNull();
        }
      }
      expect(applied).toBeGreaterThan(0);
    });
  }
});

describe('parseBankFile reads back exactly the booked amounts of valid generated files', () => {
  const chainArb = arb.statementChain(ACCOUNT, { rfReferences: RF, count: 2, maxEntries: 5 });

  it('camt.053 (versions 02/04/06/08): booked credits and debits, counts and sums', () => {
    fc.assert(
      fc.property(chainArb, fc.constantFrom('02', '04', '06', '08' as const), (statements, version) => {
        expect(readBooked(camt053(statements, { version }))).toEqual(expectedBooked(statements));
      }),
      { numRuns: 50 },
    );
  });

  it('camt.054 (with pending and information entries): only booked entries count', () => {
    fc.assert(
      fc.property(
        arb.notificationChain(ACCOUNT, { rfReferences: RF, count: 2, maxEntries: 5 }),
        fc.constantFrom('02', '04', '06', '08' as const),
        fc.boolean(),
        (notifications, version, withSummary) => {
          expect(readBooked(camt054(notifications, { version, withSummary }))).toEqual(expectedBooked(notifications));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('MT940 (IBAN and IBAN+currency account styles): booked credits and debits, counts and sums', () => {
    fc.assert(
      fc.property(
        arb.statementChain(ACCOUNT, { rfReferences: RF, count: 2, maxEntries: 5, singleDetail: true }),
        fc.constantFrom('iban' as const, 'iban-with-currency' as const),
        (statements, accountStyle) => {
          const text = mt940(statements, { accountStyle });
          const read = parseBankFile(text) as unknown as { accounts: ReadAccount[] };
          if (accountStyle === 'iban') expect(readBooked(text)).toEqual(expectedBooked(statements));
          else {
            const entries = read.accounts.flatMap((a) => a.entries);
            expect(entries).toHaveLength(statements.reduce((n, s) => n + s.entries.length, 0));
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
