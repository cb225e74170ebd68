// Import-level properties of bank files (issue #27, "tests that do not share the parser's assumptions"): files written
// by the independent generator (test/support/independent-bank-files/, written from the formats' definitions without
// reading the readers) are imported through the operator API of a production app whose configured accounts are fresh
// for every run, and what they did is read back through the partner API:
//   a. valid camt.054 notifications and camt.053 / MT940 statement chains quoting the RF references of real deposits
//      credit each deposit exactly the sum of the BOOKED credits quoting its reference (pending and information
//      entries, debits and reversals credit nothing; a reference of a deposit in another currency credits nothing);
//      importing the same files again credits nothing more;
//   b. every corruption of the catalogue that applies to a valid file: the corrupted file credits nothing ('refuse':
//      400, or 202 held when it breaks the statement chain) or no deposit more than the valid reading ('at-most'),
//      and importing the valid file after it credits exactly the valid amounts (nothing was half-applied);
//   c. pain.002 reports on a SEPA payout batch we cut settle exactly the accepted payments and fail the rejected
//      ones; corrupted reports (counts, sums, amounts, debtor IBAN) settle nothing. NACHA returns likewise.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achOrigination,
  aDeposit,
  admin,
  type Deposit,
  importFile,
  minorOfJson,
  type PropertyWorld,
  partnerCall,
  propertyWorld,
  type RunBank,
  received,
  runBank,
  seededRng,
} from '../support/bank-file-property-world.js';
import {
  arb,
  type BankFileFormat,
  type CamtVersion,
  type Corruption,
  camt053,
  camt054,
  corruptions,
  type GenEntry,
  type GenNotification,
  type GenStatement,
  isValidRfReference,
  type Mt940Options,
  makeRfReference,
  mt940,
  nachaReturns,
  type Pain002TxStatus,
  pain002,
  type StatementAccountRef,
} from '../support/independent-bank-files/index.js';

let world: PropertyWorld;

beforeAll(async () => {
  world = await propertyWorld();
  // Payout batches take every pending withdrawal of their rail: leave none of an earlier file for ours to carry.
  const bank = await runBank(world);
  await admin(bank, 'POST', '/admin/v1/payout-batches', { rail: 'SEPA' });
  await admin(bank, 'POST', '/admin/v1/payout-batches', { rail: 'ACH_US' });
  await bank.close();
});

afterAll(async () => {
  await world.stage.app.close();
});

/** Runs per property: enough to meet every corruption, few enough for a loaded 2-core machine. */
const runs = { valid: 10, corrupted: 12, reports: 8 };

/** FC_EXAMPLE=file.json replays a printed counterexample (bigints as 123n) first; DEBUG_PROPS=1 logs each answer. */
const replay = (() => {
  const file = process.env.FC_EXAMPLE;
  if (!file) return {};
  const revive = (_k: string, v: unknown) => (typeof v === 'string' && /^-?\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : v);
  const text = readFileSync(file, 'utf8').replace(/(-?\d+)n\b/g, '"$1n"');
  return { examples: [JSON.parse(text, revive)], numRuns: 1 };
})();
const propertyTimeoutMs = 240_000;

// ---------------------------------------------------------------------------------------------------------------------
// The generator's data is written with placeholders for what only a run knows (its accounts, its deposits' RF
// references); each run puts its own in. Placeholders have the length of the real ones (RF + 2 + 12), so that MT940
// narrative lines wrap as they will.

const placeholders = ['PLACEHOLDER0', 'PLACEHOLDER1', 'PLACEHOLDER2', 'PLACEHOLDER3'].map(makeRfReference);
/** P0..P2 are deposits in the account's currency; P3 a deposit in the other currency (a line quoting it credits nothing). */
const ownPlaceholders = placeholders.slice(0, 3);
const foreignPlaceholder = placeholders[3] as string;
const placeholderAccount = (currency: string): StatementAccountRef => ({ iban: 'XX00PLACEHOLDER', currency });

interface RunDeposits {
  /** By placeholder. */
  readonly byPlaceholder: Map<string, Deposit>;
  readonly all: Deposit[];
}

async function runDeposits(bank: RunBank, currency: string): Promise<RunDeposits> {
  const other = currency === 'EUR' ? 'USD' : 'EUR';
  const byPlaceholder = new Map<string, Deposit>();
  for (const p of ownPlaceholders) byPlaceholder.set(p, await aDeposit(bank, currency));
  byPlaceholder.set(foreignPlaceholder, await aDeposit(bank, other));
  return { byPlaceholder, all: [...byPlaceholder.values()] };
}

type AccountStyle = 'plain' | 'with-servicer';

function runAccount(bank: RunBank, currency: string, style: AccountStyle): StatementAccountRef {
  if (currency === 'EUR') {
    return style === 'with-servicer' ? { iban: bank.iban, routing: bank.bic, currency } : { iban: bank.iban, currency };
  }
  return style === 'with-servicer'
    ? { accountNumber: bank.usdAccount, routing: '021000021', currency }
    : { accountNumber: bank.usdAccount, currency };
}

function withRun<S extends { account: StatementAccountRef; entries: GenEntry[] }>(
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
function expectedCredits(
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

async function receivedNow(bank: RunBank, deposits: RunDeposits): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const d of deposits.all) out.set(d.id, (await received(bank, d.id)).minor);
  return out;
}

const show = (m: Map<string, bigint>) => JSON.stringify(Object.fromEntries([...m].map(([k, v]) => [k, String(v)])));

// ---------------------------------------------------------------------------------------------------------------------
// Arbitraries of one run's material.

const maxAmountMinor = 50_000n; // 500.00: 3 statements x 6 entries x 3 details stay below a deposit's expected amount

interface StatementCase {
  readonly currency: 'EUR' | 'USD';
  readonly accountStyle: AccountStyle;
  readonly chain: GenStatement[];
  /** One file per statement (imported in order) rather than one file for the chain. */
  readonly split: boolean;
  readonly version: CamtVersion;
  readonly withSummary: boolean;
  readonly mt940: Mt940Options;
}

const statementCase = (opts: { mt940: boolean; minCount?: number }) =>
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

interface NotificationCase {
  readonly currency: 'EUR' | 'USD';
  readonly accountStyle: AccountStyle;
  readonly notifications: GenNotification[];
  readonly split: boolean;
  readonly version: CamtVersion;
  readonly withSummary: boolean;
}

const notificationCase = (opts: { minCount?: number } = {}) =>
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

const hasEntries = (statements: readonly { entries: GenEntry[] }[]) => statements.some((s) => s.entries.length > 0);

let messageCounter = 0;
const messageId = (what: string) => `${what}-${Date.now().toString(36)}-${++messageCounter}`.toUpperCase();

type Writer<C> = (c: C, statements: C extends NotificationCase ? GenNotification[] : GenStatement[]) => string;

const writeCamt053: Writer<StatementCase> = (c, statements) =>
  camt053(statements, { version: c.version, withSummary: c.withSummary, messageId: messageId('C53') });
const writeMt940: Writer<StatementCase> = (c, statements) => mt940(statements, c.mt940);
const writeCamt054: Writer<NotificationCase> = (c, notifications) =>
  camt054(notifications, { version: c.version, withSummary: c.withSummary, messageId: messageId('C54') });

/** The run's files: one per statement when split, else one for them all. */
function filesOf<S>(statements: S[], split: boolean, write: (s: S[]) => string): string[] {
  return split ? statements.map((s) => write([s])) : [write(statements)];
}

// ---------------------------------------------------------------------------------------------------------------------
// a. Valid files credit exactly the booked credits, once.

async function importsExactly(
  bank: RunBank,
  deposits: RunDeposits,
  statements: { account: StatementAccountRef; entries: GenEntry[] }[],
  files: string[],
) {
  const expected = expectedCredits(statements, deposits);
  let credited = 0;
  for (const file of files) {
    const answer = await importFile(bank, file);
    expect(answer.status, `a valid file was not imported: ${answer.text}\n${file}`).toBe(200);
    expect(answer.body.status).toBe('imported');
    credited += Number(answer.body.credited);
  }
  const after = await receivedNow(bank, deposits);
  if (process.env.DEBUG_PROPS && show(after) !== show(expected.byId)) {
    const entries = (await admin(bank, 'GET', '/admin/v1/bank-entries?limit=500')).json() as { account: string }[];
    console.log(
      files.join('\n'),
      JSON.stringify(
        entries.filter((e) =>
          e.account.startsWith(statements[0]?.account.iban ?? statements[0]?.account.accountNumber ?? '-'),
        ),
        null,
        1,
      ),
    );
  }
  expect(show(after), 'each deposit received exactly its booked credits').toBe(show(expected.byId));
  expect(credited, 'credited lines').toBe(expected.lines);
  // The same files again: every line is found recorded, nothing moves.
  for (const file of files) {
    const again = await importFile(bank, file);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ status: 'imported', credited: 0, unmatched: 0 });
  }
  expect(show(await receivedNow(bank, deposits)), 're-importing credited nothing more').toBe(show(expected.byId));
}

async function withRunBank<T>(body: (bank: RunBank) => Promise<T>): Promise<T> {
  const bank = await runBank(world);
  try {
    return await body(bank);
  } finally {
    await bank.close();
  }
}

describe('valid files credit each deposit exactly its booked credits, once', () => {
  it(
    'camt.054 notifications (booked, pending and information entries)',
    async () => {
      await fc.assert(
        fc.asyncProperty(notificationCase(), (c) =>
          withRunBank(async (bank) => {
            const deposits = await runDeposits(bank, c.currency);
            const notifications = withRun(c.notifications, runAccount(bank, c.currency, c.accountStyle), deposits);
            const files = filesOf(notifications, c.split, (n) => writeCamt054(c, n));
            await importsExactly(bank, deposits, notifications, files);
          }),
        ),
        { numRuns: runs.valid, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
    },
    propertyTimeoutMs,
  );

  it(
    'camt.053 statement chains',
    async () => {
      await fc.assert(
        fc.asyncProperty(statementCase({ mt940: false }), (c) =>
          withRunBank(async (bank) => {
            const deposits = await runDeposits(bank, c.currency);
            const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
            const files = filesOf(chain, c.split, (s) => writeCamt053(c, s));
            await importsExactly(bank, deposits, chain, files);
          }),
        ),
        { numRuns: runs.valid, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
    },
    propertyTimeoutMs,
  );

  it(
    'MT940 statement chains',
    async () => {
      await fc.assert(
        fc.asyncProperty(statementCase({ mt940: true }), (c) =>
          withRunBank(async (bank) => {
            const deposits = await runDeposits(bank, c.currency);
            const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
            const files = filesOf(chain, c.split, (s) => writeMt940(c, s));
            await importsExactly(bank, deposits, chain, files);
          }),
        ),
        { numRuns: runs.valid, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
    },
    propertyTimeoutMs,
  );
});

// ---------------------------------------------------------------------------------------------------------------------
// b. Every corruption of a valid file credits nothing (or less), and the valid file after it exactly its amounts.

/** Corruptions that break a statement chain rather than the file itself: a hold (202) is their refusal. */
const breaksChain = (c: Corruption) => /sequence number|:28C:/.test(c.name);

/**
 * How a corruption is judged on a format. A camt.054 notification is not a link of a statement chain (issue #27 asks
 * continuity of camt.053 and MT940 statements): a repeated or skipped ElctrncSeqNb changes no amount, so a conforming
 * reading credits what the valid one does; it is judged 'at-most' there.
 */
const judgedAs = (c: Corruption, format: BankFileFormat): Corruption['expect'] =>
  (format === 'camt.054' && breaksChain(c)) || flipsDirection(c) ? 'at-most' : c.expect;

/**
 * A flipped CdtDbtInd is caught by the controls that see it: a booked entry's, by the balances and the summary's
 * booked reading. A pending entry's flip changes neither (nothing of it is booked), and a summary may count booked
 * entries only (verify-controls.ts), so that file agrees with itself and is read as sent. It moves no money it should
 * not: judged 'at-most', which still fails the moment such a file credits more than the valid one.
 */
const flipsDirection = (c: Corruption) => c.name.startsWith('camt: CdtDbtInd flipped');

const applied = new Map<string, number>();

/**
 * Generator bug (reported): 'CdtDbtInd flipped' checks for a direction-bearing control with
 * /<NtryDtls>[\s\S]*?<CdtDbtInd>/, which runs past the entry's own NtryDtls into the next entry. In a camt.054
 * without TxsSummry, a single-detail entry of a .02 message carries its direction nowhere else: the flip is a valid
 * file with a debit for a credit (or the reverse), which no reader can catch. Such a flip is left out here.
 */
function undetectableFlip(corruption: Corruption, valid: string, corrupted: string): boolean {
  if (!corruption.name.startsWith('camt: CdtDbtInd flipped')) return false;
  if (/<TxsSummry>|<Bal>/.test(corrupted)) return false;
  let at = 0;
  while (at < valid.length && valid[at] === corrupted[at]) at += 1;
  const start = corrupted.lastIndexOf('<Ntry>', at);
  const entry = corrupted.slice(start, corrupted.indexOf('</Ntry>', at));
  const details = entry.slice(entry.indexOf('<NtryDtls>'));
  return !details.includes('<CdtDbtInd>');
}

async function corruptionsCreditNothing(
  format: BankFileFormat,
  bank: RunBank,
  deposits: RunDeposits,
  statements: { account: StatementAccountRef; entries: GenEntry[] }[],
  valid: string,
  seed: number,
) {
  const rng = seededRng(seed);
  const expected = expectedCredits(statements, deposits).byId;
  const zero = new Map(deposits.all.map((d) => [d.id, 0n]));
  const variants = corruptions
    .filter((c) => c.formats.includes(format))
    .map((c) => ({ corruption: c, judged: judgedAs(c, format), text: c.apply(valid, rng) }))
    .filter((v): v is typeof v & { text: string } => v.text !== null && v.text !== valid)
    .filter((v) => !undetectableFlip(v.corruption, valid, v.text))
    // Every refusal first: none may move anything, so each is checked against nothing credited.
    .sort((a, b) => Number(a.judged === 'at-most') - Number(b.judged === 'at-most'));
  for (const { corruption, judged, text } of variants) {
    applied.set(corruption.name, (applied.get(corruption.name) ?? 0) + 1);
    const answer = await importFile(bank, text);
    const now = await receivedNow(bank, deposits);
    if (process.env.DEBUG_PROPS) console.log(corruption.name, answer.status, answer.text.slice(0, 600), show(now));
    const about = `${corruption.name} (${judged}): answered ${answer.status} ${answer.text}\n${text}`;
    if (judged === 'refuse') {
      expect([400, ...(breaksChain(corruption) ? [202] : [])], about).toContain(answer.status);
      expect(show(now), `${about}\nmoved money`).toBe(show(zero));
    } else {
      for (const d of deposits.all) {
        expect(now.get(d.id) ?? 0n, `${about}\ncredited ${d.id} more than the valid file`).toBeLessThanOrEqual(
          expected.get(d.id) ?? 0n,
        );
      }
    }
  }
  const answer = await importFile(bank, valid);
  expect(answer.status, `the valid file after its corruptions: ${answer.text}\n${valid}`).toBe(200);
  expect(show(await receivedNow(bank, deposits)), 'the valid file after its corruptions').toBe(show(expected));
}

function everyCorruptionMet(format: BankFileFormat) {
  const missed = corruptions
    .filter((c) => c.formats.includes(format) && (applied.get(c.name) ?? 0) === 0)
    .map((c) => c.name);
  expect(missed, `corruptions of ${format} never applied to a generated file`).toEqual([]);
}

describe('a corrupted file credits nothing, or no more than the valid one; the valid one after it, exactly', () => {
  it(
    'camt.054',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          notificationCase({ minCount: 2 }).filter((c) => hasEntries(c.notifications)),
          fc.integer(),
          (c, seed) =>
            withRunBank(async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const notifications = withRun(c.notifications, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeCamt054(c, notifications);
              await corruptionsCreditNothing('camt.054', bank, deposits, notifications, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      everyCorruptionMet('camt.054');
    },
    propertyTimeoutMs,
  );

  it(
    'camt.053',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          statementCase({ mt940: false, minCount: 2 }).filter((c) => hasEntries(c.chain)),
          fc.integer(),
          (c, seed) =>
            withRunBank(async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeCamt053(c, chain);
              await corruptionsCreditNothing('camt.053', bank, deposits, chain, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      everyCorruptionMet('camt.053');
    },
    propertyTimeoutMs,
  );

  it(
    'MT940',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          statementCase({ mt940: true, minCount: 2 }).filter((c) => hasEntries(c.chain)),
          fc.integer(),
          (c, seed) =>
            withRunBank(async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeMt940(c, chain);
              await corruptionsCreditNothing('mt940', bank, deposits, chain, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      everyCorruptionMet('mt940');
    },
    propertyTimeoutMs,
  );
});

describe('found by this suite, fixed', () => {
  it('an RF reference followed by a word in MT940 :86: credits its deposit', async () => {
    await withRunBank(async (bank) => {
      const deposit = await aDeposit(bank, 'EUR');
      // About one word in ten after a reference does: read across the space, "RF.. WORD" gives a longer run whose
      // check digits also hold. Find one for this run's reference.
      const misread = (word: string) => {
        const joined = `${deposit.reference}${word}`;
        for (let end = Math.min(25, joined.length); end > deposit.reference.length; end -= 1) {
          if (isValidRfReference(joined.slice(0, end))) return true;
        }
        return false;
      };
      let word = '';
      for (let i = 1; word === ''; i++) {
        const candidate = `W${(i * 7919).toString(36).toUpperCase()}`;
        if (misread(candidate)) word = candidate;
      }
      const statement: GenStatement = {
        account: { iban: bank.iban, currency: 'EUR' },
        statementId: 'PIN-1',
        sequence: 1,
        openingMinor: 0n,
        openingDate: '2024-01-01',
        closingDate: '2024-01-02',
        entries: [
          {
            bankReference: 'PIN1E1',
            direction: 'credit',
            status: 'BOOK',
            reversal: false,
            details: [{ amountMinor: 1000n, rfReference: deposit.reference, remittance: word }],
          },
        ],
      };
      const answer = await importFile(bank, mt940([statement]));
      expect(answer.status, answer.text).toBe(200);
      expect((await received(bank, deposit.id)).minor).toBe(1000n);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// c. Status reports and return files settle exactly what they report, and nothing when corrupted.

const sepaDestination = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'FR1420041010050500013M02606',
  country: 'FR',
  city: 'Paris',
  postalCode: '75001',
};
const achDestination = {
  type: 'ACH_US',
  destinationName: 'John Smith',
  accountNumber: '123456789',
  routingNumber: '011000015',
  country: 'US',
  city: 'Boston',
  postalCode: '02108',
  state: 'MA',
  address: '1 Beacon Street',
  accountType: 'PERSONAL',
};

interface Cut {
  readonly batchId: string;
  /** Every payout of the batch; `mine` those of this run's withdrawals, in their order. */
  readonly payouts: { payoutId: string; reference: string; amountMinor: bigint }[];
  readonly mine: { payoutId: string; reference: string; amountMinor: bigint }[];
}

/** Funds the run's workspace through a camt.054 credit, makes the withdrawals and cuts their rail's batch. */
async function withdrawAndCut(bank: RunBank, currency: 'EUR' | 'USD', amounts: bigint[]): Promise<Cut> {
  const total = amounts.reduce((a, b) => a + b, 0n);
  const deposit = await aDeposit(bank, currency, Number(total) / 100);
  const account = currency === 'EUR' ? { iban: bank.iban, currency } : { accountNumber: bank.usdAccount, currency };
  const funding = camt054(
    [
      {
        account,
        statementId: messageId('FUND'),
        entries: [
          {
            bankReference: messageId('F'),
            direction: 'credit',
            status: 'BOOK',
            reversal: false,
            details: [{ amountMinor: total, rfReference: deposit.reference }],
          },
        ],
      },
    ],
    { messageId: messageId('FUND') },
  );
  const funded = await importFile(bank, funding);
  expect(funded.body, funded.text).toMatchObject({ status: 'imported', credited: 1 });
  expect((await received(bank, deposit.id)).status).toBe('Received');
  const ids: string[] = [];
  for (const amount of amounts) {
    const created = await partnerCall(bank, 'POST', '/v1/withdrawals', {
      currency,
      amount: Number(amount) / 100,
      destinationTransferData: currency === 'EUR' ? sepaDestination : achDestination,
    });
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().withdrawalId);
  }
  await bank.prod.ctx.jobs.runDue();
  const cut = await admin(bank, 'POST', '/admin/v1/payout-batches', { rail: currency === 'EUR' ? 'SEPA' : 'ACH_US' });
  expect(cut.statusCode, cut.body).toBe(201);
  const batch = cut.json();
  const payouts = (batch.payouts as { payoutId: string; reference: string; amount: number }[]).map((p) => ({
    payoutId: p.payoutId,
    reference: p.reference,
    amountMinor: minorOfJson(p.amount),
  }));
  const mine = ids.map((id) => {
    const payout = payouts.find((p) => p.payoutId === id);
    expect(payout, `withdrawal ${id} is in the batch`).toBeDefined();
    return payout as Cut['mine'][number];
  });
  return { batchId: batch.batchId, payouts, mine };
}

const withdrawalStatuses = async (bank: RunBank, cut: Cut) => {
  const out: string[] = [];
  for (const p of cut.mine) out.push((await partnerCall(bank, 'GET', `/v1/withdrawals/${p.payoutId}`)).json().status);
  return out;
};

const withdrawalAmounts = fc.array(fc.bigInt({ min: 100n, max: 50_000n }), { minLength: 1, maxLength: 4 });

async function corruptedFilesSettleNothing(
  bank: RunBank,
  cut: Cut,
  format: BankFileFormat,
  valid: string,
  seed: number,
) {
  const rng = seededRng(seed);
  const before = await withdrawalStatuses(bank, cut);
  for (const corruption of corruptions.filter((c) => c.formats.includes(format))) {
    const text = corruption.apply(valid, rng);
    if (text === null || text === valid) continue;
    applied.set(corruption.name, (applied.get(corruption.name) ?? 0) + 1);
    const answer = await importFile(bank, text);
    if (process.env.DEBUG_PROPS) console.log(corruption.name, answer.status, answer.text.slice(0, 400));
    expect(answer.status, `${corruption.name}: answered ${answer.status} ${answer.text}\n${text}`).toBe(400);
    expect(await withdrawalStatuses(bank, cut), `${corruption.name} settled something\n${text}`).toEqual(before);
  }
}

describe('status reports and return files settle exactly what they report', () => {
  it(
    'pain.002 on a SEPA batch we cut: the accepted settle, the rejected fail, the pending wait; corrupted, nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          withdrawalAmounts.chain((amounts) =>
            fc.record({
              amounts: fc.constant(amounts),
              statuses: fc.array(fc.constantFrom<Pain002TxStatus>('ACCP', 'ACSC', 'RJCT', 'PDNG'), {
                minLength: amounts.length,
                maxLength: amounts.length,
              }),
              withTotals: fc.boolean(),
              seed: fc.integer(),
            }),
          ),
          (c) =>
            withRunBank(async (bank) => {
              const cut = await withdrawAndCut(bank, 'EUR', c.amounts);
              const statusOf = (reference: string) => {
                const i = cut.mine.findIndex((p) => p.reference === reference);
                return i < 0 ? 'PDNG' : (c.statuses[i] as Pain002TxStatus);
              };
              const transactions = cut.payouts.map((p) => {
                const status = statusOf(p.reference);
                return {
                  endToEndId: p.reference,
                  status,
                  amountMinor: p.amountMinor,
                  currency: 'EUR',
                  debtorIban: bank.iban,
                  ...(status === 'RJCT' ? { reason: 'AC04' } : {}),
                };
              });
              const rejected = transactions.filter((t) => t.status === 'RJCT').length;
              const accepted = transactions.filter((t) => t.status === 'ACCP' || t.status === 'ACSC').length;
              const groupStatus =
                rejected === transactions.length
                  ? ('RJCT' as const)
                  : accepted === transactions.length
                    ? ('ACCP' as const)
                    : rejected > 0 && accepted > 0 && rejected + accepted === transactions.length
                      ? ('PART' as const)
                      : undefined;
              const total = cut.payouts.reduce((sum, p) => sum + p.amountMinor, 0n);
              const valid = pain002({
                originalMessageId: cut.batchId,
                originalPaymentInformationId: cut.batchId,
                ...(groupStatus ? { groupStatus } : {}),
                transactions,
                originalCountAndSum: { count: cut.payouts.length, sumMinor: total, currency: 'EUR' },
                messageId: messageId('P2'),
              });
              await corruptedFilesSettleNothing(bank, cut, 'pain.002', valid, c.seed);
              const answer = await importFile(bank, valid);
              expect(answer.status, `${answer.text}\n${valid}`).toBe(200);
              const expected = c.statuses.map((s) => (s === 'RJCT' ? 'Failed' : s === 'PDNG' ? 'Pending' : 'Success'));
              expect(await withdrawalStatuses(bank, cut), valid).toEqual(expected);
              const again = await importFile(bank, valid);
              expect(again.status, again.text).toBe(200);
              expect(await withdrawalStatuses(bank, cut)).toEqual(expected);
            }),
        ),
        { numRuns: runs.reports, endOnFailure: process.env.NO_SHRINK === '1' },
      );
      everyCorruptionMet('pain.002');
    },
    propertyTimeoutMs,
  );

  it(
    'NACHA returns of an ACH batch we cut: the returned come back, the others stay; corrupted, nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          withdrawalAmounts.chain((amounts) =>
            fc.record({
              amounts: fc.constant(amounts),
              returned: fc
                .array(fc.boolean(), { minLength: amounts.length, maxLength: amounts.length })
                .filter((r) => r.some(Boolean)),
              reason: fc.constantFrom('R01', 'R02', 'R03', 'R04', 'R16', 'R20'),
              seed: fc.integer(),
            }),
          ),
          (c) =>
            withRunBank(async (bank) => {
              const cut = await withdrawAndCut(bank, 'USD', c.amounts);
              const valid = nachaReturns({
                immediateDestination: achOrigination.immediateDestination,
                immediateOrigin: achOrigination.immediateOrigin,
                companyId: achOrigination.companyId,
                companyName: achOrigination.companyName,
                odfi: achOrigination.originatingDfi,
                returns: cut.mine
                  .filter((_p, i) => c.returned[i])
                  .map((p) => ({
                    individualId: p.reference,
                    amountCents: p.amountMinor,
                    receivingRouting: achDestination.routingNumber,
                    accountNumber: achDestination.accountNumber,
                    reason: c.reason,
                  })),
              });
              const before = await withdrawalStatuses(bank, cut);
              await corruptedFilesSettleNothing(bank, cut, 'nacha', valid, c.seed);
              const answer = await importFile(bank, valid);
              expect(answer.status, `${answer.text}\n${valid}`).toBe(200);
              const after = await withdrawalStatuses(bank, cut);
              after.forEach((status, i) => {
                if (c.returned[i]) expect(['Failed', 'Returned'], valid).toContain(status);
                else expect(status, valid).toBe(before[i]);
              });
              const again = await importFile(bank, valid);
              expect(again.status, again.text).toBe(200);
              expect(await withdrawalStatuses(bank, cut)).toEqual(after);
            }),
        ),
        { numRuns: runs.reports, endOnFailure: process.env.NO_SHRINK === '1' },
      );
      everyCorruptionMet('nacha');
    },
    propertyTimeoutMs,
  );
});
