// Import-level properties of bank files (issue #27, "tests that do not share the parser's assumptions"): files written
// by the independent generator (test/support/independent-bank-files/, written from the formats' definitions without
// reading the readers) are imported through the operator API of a production app whose configured accounts are fresh
// for every run (runBank), and what they did is read back through the partner API.
// This file, corrupted files: every corruption of the catalogue that applies to a valid camt.054, camt.053 or MT940
// file makes the corrupted file credit nothing ('refuse': 400, or 202 held when it breaks the statement chain) or no
// deposit more than the valid reading ('at-most'), and importing the valid file after it credits exactly the valid
// amounts (nothing was half-applied); every corruption of each format is met at least once.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptionTally,
  expectedCredits,
  hasEntries,
  notificationCase,
  propertyTimeoutMs,
  type RunDeposits,
  receivedNow,
  replay,
  runAccount,
  runDeposits,
  runs,
  show,
  statementCase,
  withRun,
  writeCamt053,
  writeCamt054,
  writeMt940,
} from '../support/bank-file-property-cases.js';
import {
  importFile,
  type PropertyWorld,
  propertyWorld,
  type RunBank,
  seededRng,
  withRunBank,
} from '../support/bank-file-property-world.js';
import {
  type BankFileFormat,
  type Corruption,
  corruptions,
  type GenEntry,
  type StatementAccountRef,
} from '../support/independent-bank-files/index.js';

let world: PropertyWorld;

beforeAll(async () => {
  world = await propertyWorld();
});

afterAll(async () => {
  await world.stage.app.close();
});

const tally = corruptionTally();

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
    tally.count(corruption.name);
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

describe('a corrupted file credits nothing, or no more than the valid one; the valid one after it, exactly', () => {
  it(
    'camt.054',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          notificationCase({ minCount: 2 }).filter((c) => hasEntries(c.notifications)),
          fc.integer(),
          (c, seed) =>
            withRunBank(world, async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const notifications = withRun(c.notifications, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeCamt054(c, notifications);
              await corruptionsCreditNothing('camt.054', bank, deposits, notifications, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      tally.expectEveryMet('camt.054');
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
            withRunBank(world, async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeCamt053(c, chain);
              await corruptionsCreditNothing('camt.053', bank, deposits, chain, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      tally.expectEveryMet('camt.053');
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
            withRunBank(world, async (bank) => {
              const deposits = await runDeposits(bank, c.currency);
              const chain = withRun(c.chain, runAccount(bank, c.currency, c.accountStyle), deposits);
              const valid = writeMt940(c, chain);
              await corruptionsCreditNothing('mt940', bank, deposits, chain, valid, seed);
            }),
        ),
        { numRuns: runs.corrupted, endOnFailure: process.env.NO_SHRINK === '1', ...replay },
      );
      tally.expectEveryMet('mt940');
    },
    propertyTimeoutMs,
  );
});
