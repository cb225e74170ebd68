// Import-level properties of bank files (issue #27, "tests that do not share the parser's assumptions"): files written
// by the independent generator (test/support/independent-bank-files/, written from the formats' definitions without
// reading the readers) are imported through the operator API of a production app whose configured accounts are fresh
// for every run (runBank), and what they did is read back through the partner API.
// This file, status reports and return files: pain.002 reports on a SEPA payout batch we cut settle exactly the
// accepted payments and fail the rejected ones; corrupted reports (counts, sums, amounts, debtor IBAN) settle nothing.
// NACHA returns likewise. Each run funds its workspace by a camt.054 credit and cuts its rail's batch.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptionTally, messageId, propertyTimeoutMs, runs } from '../support/bank-file-property-cases.js';
import {
  achOrigination,
  aDeposit,
  admin,
  importFile,
  minorOfJson,
  type PropertyWorld,
  partnerCall,
  propertyWorld,
  type RunBank,
  received,
  runBank,
  seededRng,
  withRunBank,
} from '../support/bank-file-property-world.js';
import {
  type BankFileFormat,
  camt054,
  corruptions,
  nachaReturns,
  type Pain002TxStatus,
  pain002,
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

const tally = corruptionTally();

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
    tally.count(corruption.name);
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
            withRunBank(world, async (bank) => {
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
      tally.expectEveryMet('pain.002');
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
            withRunBank(world, async (bank) => {
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
      tally.expectEveryMet('nacha');
    },
    propertyTimeoutMs,
  );
});
