import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPayoutReport } from '../../src/payouts/outcomes.js';
import { reencryptStoredSecrets } from '../../src/platform/secrets/reencrypt.js';
import { sealedFieldColumns } from '../../src/platform/secrets/sealed-columns.js';
import { openSensitive } from '../../src/platform/secrets/sensitive.js';
import { sensitiveColumns } from '../../src/platform/secrets/sensitive-columns.js';
import type { ProvidersFile } from '../../src/providers/providers-file.js';
import { pendingRefundHandler, pendingRefundJob } from '../../src/resources/pending-payments/service.js';
import { camt053 } from '../support/bank-file-builders.js';
import { bankProviders } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import {
  buildTestApp,
  productionEnv,
  type TestApp,
  TestClock,
  testDb,
  testSecretsKeyring,
} from '../support/harness.js';
import { aWebForm, banks, obStatus, payFields, postPage } from '../support/openbanking.js';
import { getPage, postForm, signedInOperator } from '../support/operators.js';
import { approvedPartner, sepaToPixOrder } from '../support/orders.js';
import { randomIban, recordingRails, sealed } from '../support/sensitive-markers.js';

// Goal (issue #28, part 1: the payer's account on collections): a payer's IBAN reaches no column in the clear on
// its way through a pending payment, a bank statement's line or the pay page's settlement job, while every answer
// and use of it is what it was: the partner's and the operator's answers show it in full, the console's refunds
// queue names the payer, and a refund is paid to the payer's account. Method: IBANs of this run only (random
// digits) go in through the simulator, an imported camt.053 and the hosted pay page; the answers are read, the
// refund's rail call recorded, then the three columns are searched (this file's rows only: the database is shared
// by the run) for the IBANs. Re-encryption seals a row of each written in the clear, as by the version before.

const pendingIban = randomIban();
const statementIban = randomIban();
const openBankingIban = randomIban();
const markers = [pendingIban, statementIban, openBankingIban];
/** The brokerage's own EUR account of this file alone, so that no other file's statement stands in its chain. */
const ownIban = randomIban();

const clock = new TestClock();
/** A real rail's answer (the payout register keeps it); `railCalls`: the refund's destination as the rail receives it. */
const { rails, calls: railCalls } = recordingRails();

const providers: ProvidersFile = {
  ...bankProviders,
  collectionAccounts: (bankProviders.collectionAccounts ?? []).map((a) =>
    a.currency === 'EUR' ? { ...a, iban: ownIban } : a,
  ),
  bankPayouts: {
    ...bankProviders.bankPayouts,
    sepa: { debtorName: 'Brokerage Collections GmbH', iban: ownIban, bic: 'COBADEFFXXX' },
  },
};

let t: TestApp;
let prod: TestApp;
let partner: Partner;

beforeAll(async () => {
  const db = await testDb();
  t = await buildTestApp({
    env: { SANDBOX_SETTLE_DELAY_MS: '0' },
    clock,
    // The refund job as context.ts registers it, over a rail that records what it is asked to pay.
    extraJobHandlers: [[pendingRefundJob, pendingRefundHandler(clock, rails, db, testSecretsKeyring)]],
  });
  prod = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: providers });
  partner = await aPartner(t.app);
});

afterAll(async () => {
  await prod.app.close();
  await t.app.close();
});

const holdsMarker = (text: string) => markers.some((m) => text.includes(m));

let transferId: string;
let entryId: string;
let fileId: string;
let orderId: string;

describe("a pending payment's payer", () => {
  it('is shown in full by every answer: the simulator, the partner, the events, the operator', async () => {
    const method = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: partner.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    expect(method.statusCode, method.body).toBe(201);
    await t.ctx.jobs.runDue();
    const detected = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      headers: partner.headers,
      payload: { methodId: method.json().methodId, amount: 33.5, counterparty: { name: 'Payer', iban: pendingIban } },
    });
    expect(detected.statusCode, detected.body).toBe(201);
    expect(detected.json().counterparty).toEqual({ name: 'Payer', iban: pendingIban });
    expect(sealed(detected.body)).toBe(false);
    transferId = detected.json().transferId;

    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/pending-payments/${transferId}`,
      headers: partner.headers,
    });
    expect(read.json().value.counterparty).toEqual({ name: 'Payer', iban: pendingIban });
    const list = await t.app.inject({ method: 'GET', url: '/v1/pending-payments', headers: partner.headers });
    expect(list.body).toContain(pendingIban);
    expect(sealed(list.body)).toBe(false);
    const events = await t.app.inject({
      method: 'GET',
      url: `/v1/events?entityId=${transferId}`,
      headers: partner.headers,
    });
    expect(events.body).toContain(pendingIban);
    expect(sealed(events.body)).toBe(false);

    const started = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/pending-payments/${transferId}/refund/start`,
      headers: adminHeaders,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      refundStatus: 'pending_approval',
      counterparty: { name: 'Payer', iban: pendingIban },
    });
    expect(sealed(started.body)).toBe(false);
    // The audit log masks the payer's account to its last four, as it did before the row held it sealed.
    const [audited] = await t.ctx.db.query<{ before: { counterparty: Record<string, string> } }>(
      `select before from audit_log where target_type = 'pending-payment' and target_id = $1`,
      [transferId],
    );
    expect(audited?.before.counterparty.iban).toBe(`****${pendingIban.slice(-4)}`);
  });

  it("is named on the console's refunds page, and the refund approved there is paid to the payer's account", async () => {
    const compliance = await signedInOperator(t.app, clock, 'compliance');
    const page = await getPage(
      t.app,
      compliance,
      `/console/queues/refunds?workspaceId=${partner.credentials.workspaceId}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(transferId);
    expect(page.body).toContain(`iban: ${pendingIban}`);
    expect(sealed(page.body)).toBe(false);

    const approved = await postForm(t.app, compliance, `/console/queues/refunds/${transferId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(303);
    await t.ctx.jobs.runDue();
    // The rail receives the account opened; the register keeps it sealed until the outcome is reported.
    const call = railCalls.find((c) => c.payoutId === transferId);
    expect(call?.destination).toEqual({ name: 'Payer', iban: pendingIban });
    const [registered] = await t.ctx.db.query<{ destination: Record<string, string> }>(
      'select destination from payouts where payout_id = $1',
      [transferId],
    );
    expect(holdsMarker(JSON.stringify(registered?.destination))).toBe(false);
    expect(openSensitive(testSecretsKeyring, registered?.destination)).toEqual({ name: 'Payer', iban: pendingIban });

    await t.ctx.db.transaction((tx) =>
      applyPayoutReport(tx, t.ctx.payoutSubjects, { payoutId: transferId, outcome: 'settled' }, clock.nowMs()),
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/pending-payments/${transferId}`,
      headers: partner.headers,
    });
    expect(read.json().value).toMatchObject({ refundStatus: 'returned', status: 'RETURNED' });
  });
});

describe("a bank statement line's counterparty", () => {
  it('is shown in full by the operator API, and by the answer of its decision', async () => {
    const file = camt053(ownIban, 'EUR', { amount: '1041.25', opening: '1000.00', date: '2026-11-20', sequence: 1 }, [
      {
        bankReference: `SEALED-${randomInt(1e9)}`,
        direction: 'CRDT',
        amount: '41.25',
        remittance: 'no reference of ours',
        payerName: 'Statement Payer',
        payerIban: statementIban,
      },
    ]);
    const imported = await prod.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, 'content-type': 'application/xml' },
      payload: file,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ status: 'imported', unmatched: 1 });
    const entries = await prod.app.inject({
      method: 'GET',
      url: `/admin/v1/bank-entries?fileId=${imported.json().fileId}`,
      headers: adminHeaders,
    });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(sealed(entries.body)).toBe(false);
    const [entry] = entries.json();
    expect(entry).toMatchObject({
      account: ownIban,
      status: 'unmatched',
      counterparty: { name: 'Statement Payer', iban: statementIban },
    });
    entryId = entry.entryId;
    fileId = imported.json().fileId;

    const returned = await prod.app.inject({
      method: 'POST',
      url: `/admin/v1/bank-entries/${entryId}/return`,
      headers: adminHeaders,
      payload: { note: 'sent back' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'to_return', counterparty: { iban: statementIban } });
    expect(sealed(returned.body)).toBe(false);
    const [audited] = await prod.ctx.db.query<{ before: { counterparty: Record<string, string> } }>(
      `select before from audit_log where target_type = 'bank-entry' and target_id = $1`,
      [entryId],
    );
    expect(audited?.before.counterparty.iban).toBe(`****${statementIban.slice(-4)}`);
  });
});

describe("the pay page's payer", () => {
  it("settles an order's payment with the payer's account sealed in the queued transfer", async () => {
    const payee = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, payee);
    orderId = order.orderId;
    const form = await aWebForm(t, payee, orderId);
    const paid = await postPage(t, form.path, payFields(banks.approves, openBankingIban));
    expect(paid.statusCode, paid.body).toBe(303);
    // Queued, not yet run: the transfer's payload names the payer, sealed.
    const [queued] = await t.ctx.db.query<{ payload: { counterparty: Record<string, string> } }>(
      `select payload from jobs where kind = 'order.inbound' and payload ->> 'orderId' = $1`,
      [orderId],
    );
    expect(queued?.payload.counterparty.name).toBe('Ana Silva');
    expect(holdsMarker(JSON.stringify(queued?.payload))).toBe(false);
    expect(openSensitive(testSecretsKeyring, queued?.payload.counterparty)).toEqual({
      name: 'Ana Silva',
      iban: openBankingIban,
    });
    await t.ctx.jobs.runDue();
    expect((await obStatus(t, payee, orderId)).openbanking.status).toBe('COMPLETED');
    const read = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: payee.headers });
    expect(sealed(read.body)).toBe(false);
  });
});

/** This file's rows of the three columns, as text. */
async function ownRows(): Promise<{ column: string; text: string }[]> {
  const db = t.ctx.db;
  const pending = await db.query<{ text: string }>(
    'select counterparty::text as text from pending_payments where workspace_id = $1',
    [partner.credentials.workspaceId],
  );
  const lines = await db.query<{ text: string }>(
    'select counterparty::text as text from bank_entries where account = $1',
    [ownIban],
  );
  const jobs = await db.query<{ text: string }>(
    `select payload::text as text from jobs where payload ->> 'orderId' = $1 or payload ->> 'transferId' = $2`,
    [orderId, transferId],
  );
  return [
    ...pending.map((r) => ({ column: 'pending_payments.counterparty', text: r.text })),
    ...lines.map((r) => ({ column: 'bank_entries.counterparty', text: r.text })),
    ...jobs.map((r) => ({ column: 'jobs.payload', text: r.text })),
  ];
}

describe('at rest', () => {
  it('the three columns hold none of the IBANs, only sealed fields, and the inventory says so', async () => {
    const rows = await ownRows();
    const columns = new Set(rows.map((r) => r.column));
    expect(columns).toEqual(new Set(['pending_payments.counterparty', 'bank_entries.counterparty', 'jobs.payload']));
    expect(rows.filter((r) => holdsMarker(r.text))).toEqual([]);
    expect(rows.filter((r) => r.column !== 'jobs.payload').every((r) => sealed(r.text))).toBe(true);
    expect(rows.some((r) => r.column === 'jobs.payload' && sealed(r.text))).toBe(true);
    for (const column of columns) {
      expect(sensitiveColumns[column]?.atRest, column).toBe('sealed-fields');
      expect(
        sealedFieldColumns.some((c) => `${c.table}.${c.column}` === column),
        column,
      ).toBe(true);
    }
    // Where the payer's account travelled on: the pending payment's events and the refund's payout.
    const copies = await t.ctx.db.query<{ text: string }>(
      `select data::text as text from outbox_events where event_id = $1
       union all select destination::text from payouts where payout_id = $1`,
      [transferId],
    );
    expect(copies.length).toBeGreaterThan(1);
    expect(copies.filter((r) => holdsMarker(r.text))).toEqual([]);
  });

  it('re-encryption seals a row of each written in the clear, and the answers stay the same', async () => {
    const db = t.ctx.db;
    // As rows written by the version before: the accounts in the clear.
    await db.query(`update pending_payments set counterparty = $2::text::jsonb where id = $1`, [
      transferId,
      JSON.stringify({ name: 'Payer', iban: pendingIban }),
    ]);
    await db.query(`update bank_entries set counterparty = $2::text::jsonb where id = $1`, [
      entryId,
      JSON.stringify({ name: 'Statement Payer', iban: statementIban }),
    ]);
    await db.query(
      `update jobs set payload = jsonb_set(payload, '{counterparty}', $2::text::jsonb)
       where kind = 'order.inbound' and payload ->> 'orderId' = $1`,
      [orderId, JSON.stringify({ name: 'Ana Silva', iban: openBankingIban })],
    );
    const clear = (await ownRows()).filter((r) => holdsMarker(r.text)).map((r) => r.column);
    expect(new Set(clear)).toEqual(
      new Set(['pending_payments.counterparty', 'bank_entries.counterparty', 'jobs.payload']),
    );

    await reencryptStoredSecrets(db, testSecretsKeyring, { batchSize: 200, pauseMs: 0 });
    expect((await ownRows()).filter((r) => holdsMarker(r.text))).toEqual([]);

    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/pending-payments/${transferId}`,
      headers: partner.headers,
    });
    expect(read.json().value.counterparty).toEqual({ name: 'Payer', iban: pendingIban });
    const entries = await prod.app.inject({
      method: 'GET',
      url: `/admin/v1/bank-entries?fileId=${fileId}`,
      headers: adminHeaders,
    });
    expect(entries.json()[0]?.counterparty).toEqual({ name: 'Statement Payer', iban: statementIban });
    expect(sealed(entries.body)).toBe(false);
    const [row] = await db.query<{ counterparty: Record<string, string> }>(
      'select counterparty from bank_entries where id = $1',
      [entryId],
    );
    expect(openSensitive(testSecretsKeyring, row?.counterparty)).toEqual({
      name: 'Statement Payer',
      iban: statementIban,
    });
  });
});
