// The material of the bank-file properties (test/production/bank-file-properties-*.test.ts): the runs per property,
// the generator's cases (statement chains, notifications) written with placeholders and then given one run's
// accounts and deposits (withRun), the credits a conforming reader gives them (expectedCredits), and the writers of
// their files. Amounts are compared in minor units.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { expect } from 'vitest';
import { aDeposit, type Deposit, type RunBank, received } from './bank-file-property-world.js';
import {
  arb,
  type BankFileFormat,
  type CamtVersion,
  camt053,
  camt054,
  corruptions,
  type GenEntry,
  type GenNotification,
  type GenStatement,
  type Mt940Options,
  makeRfReference,
  mt940,
  type StatementAccountRef,
} from './independent-bank-files/index.js';

/** Runs per property: enough to meet every corruption, few enough for a loaded 2-core machine. */
export const runs = { valid: 10, corrupted: 12, reports: 8 };

/** FC_EXAMPLE=file.json replays a printed counterexample (bigints as 123n) first; DEBUG_PROPS=1 logs each answer. */
export const replay = (() => {
  const file = process.env.FC_EXAMPLE;
  if (!file) return {};
  const revive = (_k: string, v: unknown) => (typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v);
  const text = readFileSync(file, 'utf8').replace(/(-?\d+)n\b/g, '"$1n"');
  return { examples: [JSON.parse(text, revive)], numRuns: 1 };
})();
export const propertyTimeoutMs = 240_000;

// ---------------------------------------------------------------------------------------------------------------------
// The generator's data is written with placeholders for what only a run knows (its accounts, its deposits' RF
// references); each run puts its own in. Placeholders have the length of the real ones (RF + 2 + 12), so that MT940
// narrative lines wrap as they will.

export const placeholders = ['PLACEHOLDER0', 'PLACEHOLDER1', 'PLACEHOLDER2', 'PLACEHOLDER3'].map(makeRfReference);
/** P0..P2 are deposits in the account's currency; P3 a deposit in the other currency (a line quoting it credits nothing). */
export const ownPlaceholders = placeholders.slice(0, 3);
export const foreignPlaceholder = placeholders[3] as string;
export const placeholderAccount = (currency: string): StatementAccountRef => ({ iban: 'XX00PLACEHOLDER', currency });

export interface RunDeposits {
  /** By placeholder. */
  readonly byPlaceholder: Map<string, Deposit>;
  readonly all: Deposit[];
}

export async function runDeposits(bank: RunBank, currency: string): Promise<RunDeposits> {
  const other = currency === 'EUR' ? 'USD' : 'EUR';
  const byPlaceholder = new Map<string, Deposit>();
  for (const p of ownPlaceholders) byPlaceholder.set(p, await aDeposit(bank, currency));
  byPlaceholder.set(foreignPlaceholder, await aDeposit(bank, other));
  return { byPlaceholder, all: [...byPlaceholder.values()] };
}

export type AccountStyle = 'plain' | 'with-servicer';

export function runAccount(bank: RunBank, currency: string, style: AccountStyle): StatementAccountRef {
  if (currency === 'EUR') {
    return style === 'with-servicer' ? { iban: bank.iban, routing: bank.bic, currency } : { iban: bank.iban, currency };
  }
  return style === 'with-servicer'
    ? { accountNumber: bank.usdAccount, routing: '021000021', currency }
    : { accountNumber: bank.usdAccount, currency };
}

export function withRun<S extends { account: StatementAccountRef; entries: GenEntry[] }>(
  statements: readonly S[],
  account: StatementAccountRef,
  deposits: RunDeposits,
): S[] {
  return statements.map((s) => ({
    ...s,
    account,
    entries: s.entries.map((e) => ({
      ...e,
      details: e.details.map((d) =>
        d.rfReference === undefined
          ? d
          : { ...d, rfReference: deposits.byPlaceholder.get(d.rfReference)?.reference ?? d.rfReference },
      ),
    })),
  }));
}

/**
 * The conforming reading: what each deposit receives from these statements. A booked credit that is not a reversal
 * credits the deposit whose RF reference a transaction quotes, by that transaction's amount, when the deposit is in
 * the account's currency. Pending and information entries, debits and reversals credit nothing.
 */
export function expectedCredits(
  statements: readonly { account: StatementAccountRef; entries: GenEntry[] }[],
  deposits: RunDeposits,
) {
  const byId = new Map<string, bigint>(deposits.all.map((d) => [d.id, 0n]));
  let lines = 0;
  for (const s of statements) {
    for (const e of s.entries) {
      if (e.status !== 'BOOK' || e.direction !== 'credit' || e.reversal) continue;
      for (const d of e.details) {
        const deposit = deposits.all.find((x) => x.reference === d.rfReference);
        if (deposit === undefined || deposit.currency !== s.account.currency) continue;
        byId.set(deposit.id, (byId.get(deposit.id) ?? 0n) + d.amountMinor);
        lines += 1;
      }
    }
  }
  return { byId, lines };
}

export async function receivedNow(bank: RunBank, deposits: RunDeposits): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const d of deposits.all) out.set(d.id, (await received(bank, d.id)).minor);
  return out;
}

export const show = (m: Map<string, bigint>) =>
  JSON.stringify(Object.fromEntries([...m].map(([k, v]) => [k, String(v)])));

// ---------------------------------------------------------------------------------------------------------------------
// Arbitraries of one run's material.

export const maxAmountMinor = 50_000n; // 500.00: 3 statements x 6 entries x 3 details stay below a deposit's expected amount

export interface StatementCase {
  readonly currency: 'EUR' | 'USD';
  readonly accountStyle: AccountStyle;
  readonly chain: GenStatement[];
  /** One file per statement (imported in order) rather than one file for the chain. */
  readonly split: boolean;
  readonly version: CamtVersion;
  readonly withSummary: boolean;
  readonly mt940: Mt940Options;
}

export const statementCase = (opts: { mt940: boolean; minCount?: number }) =>
  fc
    .record({
      currency: fc.constantFrom<'EUR' | 'USD'>('EUR', 'USD'),
      accountStyle: fc.constantFrom<AccountStyle>('plain', 'with-servicer'),
      count: fc.integer({ min: opts.minCount ?? 1, max: 3 }),
      split: fc.boolean(),
      version: fc.constantFrom<CamtVersion>('02', '04', '06', '08'),
      withSummary: fc.boolean(),
      bookedOnly: fc.boolean(),
      lineEnding: fc.constantFrom<'\r\n' | '\n'>('\r\n', '\n'),
      mtStyle: fc.constantFrom<NonNullable<Mt940Options['accountStyle']>>('iban', 'iban-with-currency'),
    })
    .chain((c) =>
      arb
        .statementChain(placeholderAccount(c.currency), {
          rfReferences: placeholders,
          count: c.count,
          maxAmountMinor,
          singleDetail: opts.mt940,
          bookedOnly: opts.mt940 ? true : c.bookedOnly,
        })
        .map(
          (chain): StatementCase => ({
            currency: c.currency,
            // MT940 names a US account by its number alone (no IBAN to add the currency to).
            accountStyle: opts.mt940 ? 'plain' : c.accountStyle,
            chain,
            split: c.split,
            version: c.version,
            withSummary: c.withSummary,
            mt940: {
              lineEnding: c.lineEnding,
              accountStyle: c.currency === 'USD' ? 'iban' : c.mtStyle,
            },
          }),
        ),
    );

export interface NotificationCase {
  readonly currency: 'EUR' | 'USD';
  readonly accountStyle: AccountStyle;
  readonly notifications: GenNotification[];
  readonly split: boolean;
  readonly version: CamtVersion;
  readonly withSummary: boolean;
}

export const notificationCase = (opts: { minCount?: number } = {}) =>
  fc
    .record({
      currency: fc.constantFrom<'EUR' | 'USD'>('EUR', 'USD'),
      accountStyle: fc.constantFrom<AccountStyle>('plain', 'with-servicer'),
      count: fc.integer({ min: opts.minCount ?? 1, max: 3 }),
      split: fc.boolean(),
      version: fc.constantFrom<CamtVersion>('02', '04', '06', '08'),
      withSummary: fc.boolean(),
    })
    .chain((c) =>
      arb
        .notificationChain(placeholderAccount(c.currency), {
          rfReferences: placeholders,
          count: c.count,
          maxAmountMinor,
        })
        .map(
          (notifications): NotificationCase => ({
            currency: c.currency,
            accountStyle: c.accountStyle,
            notifications,
            split: c.split,
            version: c.version,
            withSummary: c.withSummary,
          }),
        ),
    );

export const hasEntries = (statements: readonly { entries: GenEntry[] }[]) =>
  statements.some((s) => s.entries.length > 0);

let messageCounter = 0;
export const messageId = (what: string) => `${what}-${Date.now().toString(36)}-${++messageCounter}`.toUpperCase();

export type Writer<C> = (c: C, statements: C extends NotificationCase ? GenNotification[] : GenStatement[]) => string;

export const writeCamt053: Writer<StatementCase> = (c, statements) =>
  camt053(statements, { version: c.version, withSummary: c.withSummary, messageId: messageId('C53') });
export const writeMt940: Writer<StatementCase> = (c, statements) => mt940(statements, c.mt940);
export const writeCamt054: Writer<NotificationCase> = (c, notifications) =>
  camt054(notifications, { version: c.version, withSummary: c.withSummary, messageId: messageId('C54') });

/** The run's files: one per statement when split, else one for them all. */
export function filesOf<S>(statements: S[], split: boolean, write: (s: S[]) => string): string[] {
  return split ? statements.map((s) => write([s])) : [write(statements)];
}

/** Which corruptions of the catalogue a file's properties applied, so that it fails on one never met. */
export function corruptionTally() {
  const applied = new Map<string, number>();
  return {
    count(name: string) {
      applied.set(name, (applied.get(name) ?? 0) + 1);
    },
    expectEveryMet(format: BankFileFormat) {
      const missed = corruptions
        .filter((c) => c.formats.includes(format) && (applied.get(c.name) ?? 0) === 0)
        .map((c) => c.name);
      expect(missed, `corruptions of ${format} never applied to a generated file`).toEqual([]);
    },
  };
}
