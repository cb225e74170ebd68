// The audit log's cases for production's bank files: an import, the two decisions on an unmatched credit, and the
// cut of a payout batch. The partner is made on stage (its customer verified there) and works in production.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api, created, type Operation, secretsSeen, workspaceOf } from './audit-kit.js';
import { camt053, camt054 } from './bank-file-builders.js';
import { eurAccount } from './bank-providers.js';
import { adminHeaders, type Partner } from './builders.js';
import type { TestApp } from './harness.js';

const payerIban = 'PT50000201231234567890154';
const payoutIban = 'FR1420041010050500013M02606';
export const bankPayer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'bank-payer@example.com', country: 'PT' };
const xml = { 'content-type': 'application/xml' };

/** The production partner, made by the test file (on stage, with bankPayer verified). */
let partner: Partner;
export const useBankPartner = (p: Partner) => {
  partner = p;
};

type Deposit = { depositId: string; depositInfo: { referenceCode: string } };
const deposit = (t: TestApp, amount: number) =>
  created<Deposit>(api(t, partner, 'POST', '/v1/deposits', { userData: bankPayer, currency: 'EUR', amount }));

/** A camt.054 of one credit: under the deposit's RF reference when `matching`, else under none (unmatched). */
function creditFile(d: Deposit, amount: string, matching: boolean) {
  const bankReference = `CR-${randomUUID()}`;
  const file = camt054({ iban: eurAccount, currency: 'EUR' }, [
    {
      bankReference,
      direction: 'CRDT',
      amount,
      ...(matching ? { rfReference: d.depositInfo.referenceCode } : { remittance: 'for my deposit' }),
      payerName: 'Ana Silva',
      payerIban,
    },
  ]);
  // The file's text, and the payer's whole IBAN in it, stay out of the log.
  secretsSeen.add(file).add(payerIban).add(eurAccount);
  return { file, bankReference };
}

/** An import outside any audited case (a case's own request id names exactly one change). */
async function imported(t: TestApp, file: string) {
  const answer = await created(
    t.app.inject({ method: 'POST', url: '/admin/v1/bank-files', headers: { ...adminHeaders, ...xml }, payload: file }),
  );
  await t.ctx.jobs.runDue();
  return answer;
}

/** An unmatched credit waiting in the queue. */
async function unmatchedEntry(t: TestApp) {
  const d = await deposit(t, 75);
  const { file, bankReference } = creditFile(d, '75.00', false);
  const { fileId } = (await imported(t, file)) as { fileId: string };
  const queue = await created<{ entryId: string; bankReference: string }[]>(
    t.app.inject({
      method: 'GET',
      url: `/admin/v1/bank-entries?status=unmatched&fileId=${fileId}`,
      headers: adminHeaders,
    }),
  );
  const entry = queue.find((e) => e.bankReference === bankReference);
  if (entry === undefined) throw new Error(`${bankReference} is not in the queue`);
  return { d, entryId: entry.entryId };
}

/**
 * A statement of our EUR account that cannot follow the account's last one (its opening is drawn at random, so it
 * meets no earlier closing): imported, it is held for a decision. Its text is sealed, never in the log.
 */
async function heldStatement(t: TestApp) {
  const statement = () => {
    const opening = `${100_000 + Math.floor(Math.random() * 800_000)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    const file = camt053(eurAccount, 'EUR', { amount: opening, opening, date: '2031-02-01' }, []);
    secretsSeen.add(file);
    return t.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, ...xml },
      payload: file,
    });
  };
  // The first may start the account's chain (applied) or not follow it (held); the second cannot follow either.
  expect((await statement()).statusCode).toBeLessThan(300);
  const answer = await statement();
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json() as { fileId: string; reasons: string[] };
}

const heldChecks =
  (status: string) => (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => {
    expect(before).toMatchObject({ status: 'held', reasons: expect.any(Array) });
    expect(after).toMatchObject({ status, note: expect.any(String) });
  };

const entryChecks =
  (status: string) => (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => {
    expect(before).toMatchObject({ status: 'unmatched', account: '****3000', counterparty: { iban: '****0154' } });
    expect(after).toMatchObject({ status, account: '****3000' });
  };

export const bankOperations: Readonly<Record<string, Operation>> = {
  'admin.bankFiles.import': async (t, admin) => {
    const d = await deposit(t, 250.5);
    const { file } = creditFile(d, '250.50', true);
    const response = await admin('POST', '/admin/v1/bank-files', file, xml);
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'bank-file', id: response.json().fileId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({
            format: 'camt.054',
            credited: 1,
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          });
        },
      },
    };
  },
  'admin.bankFiles.accept': async (t, admin) => {
    const { fileId } = await heldStatement(t);
    const response = await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'confirmed with the bank' });
    return {
      response,
      expected: { workspaceId: null, target: { type: 'bank-file', id: fileId }, check: heldChecks('imported') },
    };
  },
  'admin.bankFiles.reject': async (t, admin) => {
    const { fileId } = await heldStatement(t);
    const response = await admin('POST', `/admin/v1/bank-files/${fileId}/reject`, { note: 'a duplicate export' });
    return {
      response,
      expected: { workspaceId: null, target: { type: 'bank-file', id: fileId }, check: heldChecks('refused') },
    };
  },
  'admin.bankEntries.assign': async (t, admin) => {
    const { d, entryId } = await unmatchedEntry(t);
    const response = await admin('POST', `/admin/v1/bank-entries/${entryId}/assign`, { depositId: d.depositId });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(partner),
        target: { type: 'bank-entry', id: entryId },
        check: entryChecks('credited'),
      },
    };
  },
  'admin.bankEntries.return': async (t, admin) => {
    const { entryId } = await unmatchedEntry(t);
    const response = await admin('POST', `/admin/v1/bank-entries/${entryId}/return`, { note: 'Payer asked' });
    return {
      response,
      expected: { workspaceId: null, target: { type: 'bank-entry', id: entryId }, check: entryChecks('to_return') },
    };
  },
  'admin.payoutBatches.cut': async (t, admin) => {
    const d = await deposit(t, 100);
    await imported(t, creditFile(d, '100.00', true).file);
    const destination = {
      type: 'SEPA',
      destinationName: 'Ana Silva',
      iban: payoutIban,
      country: 'FR',
      city: 'Paris',
      postalCode: '75001',
    };
    secretsSeen.add(payoutIban);
    const withdrawal = await created<{ withdrawalId: string }>(
      api(t, partner, 'POST', '/v1/withdrawals', { currency: 'EUR', amount: 40, destinationTransferData: destination }),
    );
    await t.ctx.jobs.runDue();
    const response = await admin('POST', '/admin/v1/payout-batches', { rail: 'SEPA' });
    const batchId = response.json().batchId;
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'payout-batch', id: batchId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ batchId, rail: 'SEPA' });
          expect(after?.payouts).toContainEqual(
            expect.objectContaining({ payoutId: withdrawal.withdrawalId, amount: 40 }),
          );
        },
      },
    };
  },
};
