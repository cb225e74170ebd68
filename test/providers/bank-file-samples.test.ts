// Public bank files (real banks' samples and well-kept libraries' test data, see
// test/fixtures/bank-files/public/README.md) read with parseBankFile, checked against totals read independently from
// each file and recorded in manifest.json. Where the reader refuses a real sample or reads it differently, the
// manifest says so (readerRefuses / readerDisagrees) and the test pins the current behaviour.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankFile } from '../../src/providers/bank-files/parse-bank-file.js';
import { parseMinor } from '../support/independent-bank-files/index.js';

const DIR = 'test/fixtures/bank-files/public';

interface Balance {
  minor: string;
  currency: string;
  date: string | null;
}
interface Count {
  count: number;
  sumMinor: string;
}
interface StatementFacts {
  account: { iban?: string; otherId?: string; ibanCheckDigitsFail?: boolean };
  currency: string | null;
  entryCurrency?: string;
  sequence: string | null;
  opening: Balance | null;
  closing: Balance | null;
  entries: number;
  bookedCredits: Count;
  bookedDebits: Count;
  balanceEquationHolds: boolean | null;
  reversals?: number;
}
interface ChainFacts {
  account: string;
  currency: string;
  statements: number;
  opening: Balance;
  closing: Balance;
  entries: number;
  bookedCredits: Count;
  bookedDebits: Count;
}
interface NachaFacts {
  immediateDestination: string;
  immediateOrigin: string;
  returns: {
    transactionCode: string;
    amountCents: string;
    reason: string;
    individualId: string;
    originalTrace: string;
    companyId: string;
  }[];
}
interface Pain002Facts {
  originalMessageId: string;
  groupStatus: string | null;
  paymentInformations: { id: string; status: string; reason: string | null }[];
  transactions: { endToEndId: string; status: string; reason: string | null }[];
}
interface Sample {
  file: string;
  format: 'camt.053' | 'camt.054' | 'mt940' | 'nacha' | 'pain.002';
  readerRefuses?: string;
  readerDisagrees?: Record<string, unknown>;
  statements?: StatementFacts[] | 'chain';
  chain?: ChainFacts;
  nacha?: NachaFacts;
  pain002?: Pain002Facts;
}

const manifest = JSON.parse(readFileSync(`${DIR}/manifest.json`, 'utf8')) as { samples: Sample[] };

// The reader's output is treated as a black box; only these fields are used.
interface ReadAmount {
  amount: string;
  currency: string;
}
interface ReadEntry {
  creditDebit: 'CRDT' | 'DBIT';
  reversal: boolean;
  amount: ReadAmount;
  booked: boolean;
}
interface ReadAccount {
  account: { iban: string | null; otherId: string | null; currency: string | null };
  sequence: { number: string | null; page: string | null } | null;
  openingBookedBalance: { signedAmount: string; currency: string; date: string } | null;
  closingBookedBalance: { signedAmount: string; currency: string; date: string } | null;
  /** The closing of the statement or of its page (:62M:), which this manifest calls "closing". */
  pageClosingBalance: { signedAmount: string; currency: string; date: string } | null;
  entries: ReadEntry[];
}

function bookedTotals(entries: ReadEntry[]): { credits: Count; debits: Count } {
  let credits = 0n;
  let debits = 0n;
  let nc = 0;
  let nd = 0;
  for (const e of entries) {
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
  return { credits: { count: nc, sumMinor: String(credits) }, debits: { count: nd, sumMinor: String(debits) } };
}

function balanceMinor(b: { signedAmount: string; currency: string } | null): string | null {
  return b === null ? null : String(parseMinor(b.signedAmount, b.currency));
}

describe('public bank-file samples read by parseBankFile', () => {
  it('the manifest lists every sample file exactly once', () => {
    const files = manifest.samples.map((s) => s.file);
    expect(new Set(files).size).toBe(files.length);
    for (const file of files) expect(() => readFileSync(`${DIR}/${file}`)).not.toThrow();
  });

  for (const sample of manifest.samples) {
    const text = readFileSync(`${DIR}/${sample.file}`, 'utf8');

    if (sample.readerRefuses !== undefined) {
      it(`${sample.file}: currently refused by the reader (finding: a real file)`, () => {
        expect(() => parseBankFile(text)).toThrowError(sample.readerRefuses);
      });
      continue;
    }

    if (sample.format === 'nacha' && sample.nacha) {
      const facts = sample.nacha;
      it(`${sample.file}: returns, amounts, reasons and traces`, () => {
        const out = parseBankFile(text) as unknown as {
          immediateDestination: string;
          immediateOrigin: string;
          returns: {
            transactionCode: string;
            amountCents: bigint;
            returnReasonCode: string;
            individualId: string;
            originalTraceNumber: string;
            companyId: string;
          }[];
        };
        expect(out.returns.map((r) => r.transactionCode)).toEqual(facts.returns.map((r) => r.transactionCode));
        expect(out.returns.map((r) => String(r.amountCents))).toEqual(facts.returns.map((r) => r.amountCents));
        expect(out.returns.map((r) => r.returnReasonCode)).toEqual(facts.returns.map((r) => r.reason));
        expect(out.returns.map((r) => r.individualId.trim())).toEqual(facts.returns.map((r) => r.individualId));
        expect(out.returns.map((r) => r.originalTraceNumber)).toEqual(facts.returns.map((r) => r.originalTrace));
        expect(out.returns.map((r) => r.companyId.trim())).toEqual(facts.returns.map((r) => r.companyId));
        expect(out.immediateDestination).toBe(facts.immediateDestination);
        expect(out.immediateOrigin.trim()).toBe(facts.immediateOrigin);
      });
      continue;
    }

    if (sample.format === 'pain.002' && sample.pain002) {
      const facts = sample.pain002;
      it(`${sample.file}: original message, statuses and reasons`, () => {
        const out = parseBankFile(text) as unknown as {
          originalMessageId: string;
          groupStatus: { code: string } | null;
          paymentInformations: {
            originalPaymentInformationId: string;
            status: { code: string; reasons: { reasonCode: string | null }[] } | null;
          }[];
          transactions: {
            originalEndToEndId: string;
            status: { code: string; reasons: { reasonCode: string | null }[] };
          }[];
        };
        expect(out.originalMessageId).toBe(facts.originalMessageId);
        expect(out.groupStatus?.code ?? null).toBe(facts.groupStatus);
        expect(out.paymentInformations.map((p) => [p.originalPaymentInformationId, p.status?.code ?? null])).toEqual(
          facts.paymentInformations.map((p) => [p.id, p.status]),
        );
        expect(
          out.transactions.map((t) => [t.originalEndToEndId, t.status.code, t.status.reasons[0]?.reasonCode ?? null]),
        ).toEqual(facts.transactions.map((t) => [t.endToEndId, t.status, t.reason]));
      });
      continue;
    }

    if (sample.statements === 'chain' && sample.chain) {
      const facts = sample.chain;
      it(`${sample.file}: ${facts.statements} statements of ${facts.account}, booked totals and end balances`, () => {
        const accounts = (parseBankFile(text) as unknown as { accounts: ReadAccount[] }).accounts;
        expect(accounts).toHaveLength(facts.statements);
        const entries = accounts.flatMap((a) => a.entries);
        expect(entries).toHaveLength(facts.entries);
        const totals = bookedTotals(entries);
        expect(totals.credits).toEqual(facts.bookedCredits);
        expect(totals.debits).toEqual(facts.bookedDebits);
        expect(balanceMinor(accounts[0]?.openingBookedBalance ?? null)).toBe(facts.opening.minor);
        expect(balanceMinor(accounts.at(-1)?.closingBookedBalance ?? null)).toBe(facts.closing.minor);
      });
      continue;
    }

    const disagreement = sample.readerDisagrees as { field: string; independent: unknown; reader: unknown } | undefined;
    if (disagreement !== undefined) {
      it(`${sample.file}: the reader reads ${disagreement.field} differently from the independent reading (finding)`, () => {
        let value: unknown = parseBankFile(text);
        for (const key of disagreement.field.split(/[.[\]]+/).filter((k) => k !== '')) {
          value = (value as Record<string, unknown>)[key];
        }
        expect(value).toBe(disagreement.reader);
        expect(value).not.toBe(disagreement.independent);
      });
    }

    const statements = sample.statements;
    if (!Array.isArray(statements)) continue;
    it(`${sample.file}: accounts, sequence, balances and booked totals per statement`, () => {
      const accounts = (parseBankFile(text) as unknown as { accounts: ReadAccount[] }).accounts;
      expect(accounts).toHaveLength(statements.length);
      statements.forEach((facts, i) => {
        const read = accounts[i];
        if (read === undefined) throw new Error(`statement ${i + 1} missing`);
        const where = `${sample.file} statement ${i + 1}`;
        expect(read.account.iban ?? read.account.otherId, where).toBe(facts.account.iban ?? facts.account.otherId);
        // An IBAN whose check digits fail (anonymised samples) is read as another account id, never as an IBAN.
        if (facts.account.iban !== undefined && !facts.account.ibanCheckDigitsFail) {
          expect(read.account.iban, where).toBe(facts.account.iban);
        }
        if (facts.currency !== null) expect(read.account.currency, where).toBe(facts.currency);
        if (facts.sequence !== null) {
          const number = read.sequence?.number ?? null;
          const withPage = read.sequence?.page ? `${number}/${read.sequence.page}` : number;
          expect([number, withPage], where).toContain(facts.sequence);
        }
        expect(read.entries, where).toHaveLength(facts.entries);
        const totals = bookedTotals(read.entries);
        expect(totals.credits, where).toEqual(facts.bookedCredits);
        expect(totals.debits, where).toEqual(facts.bookedDebits);
        if (facts.reversals !== undefined)
          expect(
            read.entries.filter((e) => e.reversal),
            where,
          ).toHaveLength(facts.reversals);
        expect(balanceMinor(read.openingBookedBalance), where).toBe(facts.opening?.minor ?? null);
        // The reader keeps closingBookedBalance for :62F: (a page's :62M: closes no statement) and gives either
        // as pageClosingBalance, which is what the manifest records.
        expect(balanceMinor(read.pageClosingBalance), where).toBe(facts.closing?.minor ?? null);
        if (facts.opening !== null && facts.closing !== null) {
          const equation =
            facts.opening.currency === facts.closing.currency &&
            BigInt(facts.opening.minor) + BigInt(facts.bookedCredits.sumMinor) - BigInt(facts.bookedDebits.sumMinor) ===
              BigInt(facts.closing.minor);
          expect(equation, `${where}: the manifest's balanceEquationHolds`).toBe(facts.balanceEquationHolds);
        }
      });
    });
  }
});
