import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { maskedValue } from '../../src/domain/payout-fields/stored-instrument.js';
import { applyPayoutReport } from '../../src/payouts/outcomes.js';
import { reencryptStoredSecrets, sealedValueCounts } from '../../src/platform/secrets/reencrypt.js';
import { sealedFieldColumns } from '../../src/platform/secrets/sealed-columns.js';
import { sensitiveColumns } from '../../src/platform/secrets/sensitive-columns.js';
import { sandboxCapabilities } from '../../src/providers/capabilities.js';
import { orderJobs, orderPayoutHandler } from '../../src/resources/orders/legs.js';
import { maskedUnknown } from '../../src/resources/orders/sealed-parties.js';
import { pendingRefundHandler, pendingRefundJob } from '../../src/resources/pending-payments/service.js';
import { bankingAccountsApi, linked } from '../support/banking-accounts.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb, testSecretsKeyring } from '../support/harness.js';
import { getPage, signedInOperator } from '../support/operators.js';
import { aQuote, destinations, postOrder, readOrder, simulateOrder } from '../support/orders.js';
import {
  markerHits,
  randomBirthDate,
  randomIban,
  randomTaxId,
  recordingRails,
  sealed,
} from '../support/sensitive-markers.js';

// Goal (issue #28, part 1: orders and deposits): no payout IBAN, payer's IBAN, tax id or birth date an order or a
// deposit carries is stored readable, in its own row or in what is built from the row (the answer stored with the
// Idempotency-Key, the outbox's events, the payout register), while every answer and every use of them is what it
// was: the partner's create, read, list, replay and events show them in full, an order paid to a banking account
// shows its beneficiary's tax id masked as before, the console's record page shows them, and the rail is paid to the
// IBAN itself, for the order's payout and for the refund to its payer. Method: values of this run only (IBANs with
// random digits and right check digits, tax ids, a birth date) go in through the API and the sandbox simulator, over
// a rail that accepts payouts for processing as a real one does (so they are registered) and records what it was
// asked to pay; the answers are read; then the five columns and the three that carry copies are searched for them,
// this file's rows only (the run shares one database). Re-encryption seals rows written in the clear, as by the
// version before.

const run = randomInt(1e9);
const payoutIban = randomIban();
const payerIban = randomIban();
const linkedIban = randomIban();
const payerTaxId = randomTaxId('PT');
const beneficiaryTaxId = randomTaxId('BT');
const depositTaxId = randomTaxId('DT');
const linkedTaxId = randomTaxId('LT');
const dob = randomBirthDate();
const markers: Record<string, string> = {
  payoutIban,
  payerIban,
  linkedIban,
  payerTaxId,
  beneficiaryTaxId,
  depositTaxId,
  linkedTaxId,
  dob,
};

const payerEmail = `sealed.payer.${run}@example.com`;
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: payerEmail, country: 'PT', taxId: payerTaxId, dob };
const beneficiary = {
  firstName: 'Bruno',
  lastName: 'Costa',
  userEmail: `sealed.beneficiary.${run}@example.com`,
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
  taxId: beneficiaryTaxId,
  dob,
};
const sepaPayout = { ...destinations.SEPA, iban: payoutIban };
/** The stored destination's beneficiary: its reads, and the banking account's masked copy, mask the tax id and the dob. */
const storedBeneficiary = { ...beneficiary, taxId: linkedTaxId };
const maskedBeneficiary = { ...storedBeneficiary, taxId: maskedValue(linkedTaxId), dob: maskedValue(dob) };

const clock = new TestClock();
/** A real rail's answer (so the payout is registered); `railCalls`: each payout's destination as the rail receives it. */
const { rails, calls: railCalls } = recordingRails();

let t: TestApp;
let partner: Partner;

beforeAll(async () => {
  const db = await testDb();
  const env = { SANDBOX_SETTLE_DELAY_MS: '0', QUOTE_TTL_SECONDS: '3600' };
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  t = await buildTestApp({
    env,
    clock,
    // The order's payout leg and the refund as context.ts registers them, over the recording rail.
    extraJobHandlers: [
      [
        orderJobs.payout,
        orderPayoutHandler({
          clock,
          rails,
          config,
          db,
          capabilities: sandboxCapabilities,
          secretsKeyring: testSecretsKeyring,
        }),
      ],
      [pendingRefundJob, pendingRefundHandler(clock, rails, db, testSecretsKeyring)],
    ],
  });
  partner = await aPartner(t.app);
  await verifyCustomer(t.app, partner, payerEmail);
});

afterAll(async () => {
  await t.app.close();
});

const { stored } = bankingAccountsApi(() => t.app);
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: partner.headers });

let payoutOrderId: string;
let payerOrderId: string;
let linkedOrderId: string;
let depositId: string;
let payoutOrderKey: string;

/** Every (column, marker) of this file's rows whose text holds a marker. */
async function plaintextHits() {
  const columns = [
    'orders.destination',
    'orders.destination_user_data',
    'orders.user_data',
    'orders.counterparty',
    'deposits.user_data',
    'idempotency_keys.response_body',
    'outbox_events.data',
    'payouts.destination',
  ];
  const workspace = { sql: 'workspace_id = $2', params: [partner.credentials.workspaceId] };
  // The simulator's queued transfers to this file's orders (the order's inbound job carries the payer).
  const orders = [payoutOrderId, payerOrderId, linkedOrderId];
  const ownJobs = { sql: "payload->>'orderId' = any($2::text[])", params: [orders] };
  return [
    ...(await markerHits(t.ctx.db, columns, markers, workspace)),
    ...(await markerHits(t.ctx.db, ['jobs.payload'], markers, ownJobs)),
  ];
}

const registered = (payoutId: string) =>
  t.ctx.db.query<{ payout_id: string; subject: string }>(
    'select payout_id, subject from payouts where payout_id = $1',
    [payoutId],
  );

describe('orders and deposits at rest', () => {
  it('take a payout IBAN, a beneficiary, a payer and a banking account, and answer them in full', async () => {
    // An order from MXN paid out to the run's IBAN, with a payer and a beneficiary each carrying a tax id and a dob.
    const quote = await aQuote(t.app, partner, {
      originCurrency: 'MXN',
      destinationCurrency: 'EUR',
      originAmount: 500,
    });
    payoutOrderKey = `sealed-order-${run}`;
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: sepaPayout,
    };
    const created = await postOrder(t.app, partner, body, { 'idempotency-key': payoutOrderKey });
    expect(created.statusCode, created.body).toBe(201);
    expect(sealed(created.body)).toBe(false);
    expect(created.json()).toMatchObject({
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: sepaPayout,
    });
    payoutOrderId = created.json().orderId;
    // The answer stored with the key is replayed as it was sent.
    const replay = await postOrder(t.app, partner, body, { 'idempotency-key': payoutOrderKey });
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json()).toEqual(created.json());

    // An order from EUR that the payer pays from the run's IBAN (the simulator's counterparty).
    const eur = await aQuote(t.app, partner, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    const pix = await postOrder(t.app, partner, {
      quoteId: eur.quoteId,
      userData: payer,
      destinationTransferData: destinations.PIX_BR,
    });
    expect(pix.statusCode, pix.body).toBe(201);
    payerOrderId = pix.json().orderId;
    const paid = await simulateOrder(t.app, partner, {
      orderId: payerOrderId,
      amount: 100,
      counterparty: { name: 'Ana Silva', iban: payerIban },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // An order paid to a stored destination: its beneficiary's tax id is shown masked, as the banking account's.
    const account = await stored(partner, {
      currency: 'EUR',
      destinationTransferData: { ...destinations.SEPA, iban: linkedIban },
      destinationUserData: storedBeneficiary,
    });
    const linkedQuote = await aQuote(t.app, partner, {
      originCurrency: 'MXN',
      destinationCurrency: 'EUR',
      originAmount: 500,
    });
    const toAccount = await postOrder(t.app, partner, {
      quoteId: linkedQuote.quoteId,
      userData: payer,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(toAccount.statusCode, toAccount.body).toBe(201);
    expect(sealed(toAccount.body)).toBe(false);
    expect(toAccount.json().destinationUserData).toEqual(maskedBeneficiary);
    expect(toAccount.body).not.toContain(linkedTaxId);
    expect(toAccount.body).not.toContain(linkedIban);
    linkedOrderId = toAccount.json().orderId;

    // A deposit whose payer carries a tax id and a dob.
    const depositPayer = { ...payer, taxId: depositTaxId };
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: { ...partner.headers, 'idempotency-key': `sealed-deposit-${run}` },
      payload: { userData: depositPayer, currency: 'EUR', amount: 40 },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json().userData).toEqual(depositPayer);
    expect(sealed(deposit.body)).toBe(false);
    depositId = deposit.json().depositId;
    const depositPaid = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      headers: partner.headers,
      payload: { depositId, amount: 40, counterparty: { name: 'Ana Silva', iban: payerIban } },
    });
    expect(depositPaid.statusCode, depositPaid.body).toBe(200);
    await t.ctx.jobs.runDue();
  });

  it("pay the order's payout to the IBAN itself, registered sealed", async () => {
    // The MXN order paid in, converted and handed to the rail.
    const paid = await simulateOrder(t.app, partner, {
      orderId: payoutOrderId,
      amount: 500,
      counterparty: { name: 'Ana Silva', clabe: '002010077777777771' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, partner, payoutOrderId)).status).toBe('Exchanging');
    const call = railCalls.find((c) => c.payoutId === payoutOrderId);
    expect(call?.destination).toMatchObject(sepaPayout);
    expect(await registered(payoutOrderId)).toEqual([{ payout_id: payoutOrderId, subject: 'order' }]);
    // Its outcome reported as a bank's statement would: the order goes on to Success.
    await t.ctx.db.transaction((tx) =>
      applyPayoutReport(tx, t.ctx.payoutSubjects, { payoutId: payoutOrderId, outcome: 'settled' }, clock.nowMs()),
    );
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, partner, payoutOrderId)).status).toBe('Success');
  });

  it('refund the payer to the IBAN it paid from when the payout is rejected, registered sealed', async () => {
    expect((await readOrder(t.app, partner, payerOrderId)).status).toBe('Exchanging');
    await t.ctx.db.transaction((tx) =>
      applyPayoutReport(tx, t.ctx.payoutSubjects, { payoutId: payerOrderId, outcome: 'rejected' }, clock.nowMs()),
    );
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, partner, payerOrderId)).status).toBe('Refunded');
    const refunds = (await get('/v1/pending-payments')).json().value as {
      transferId: string;
      sourceOrderId?: string;
    }[];
    const refund = refunds.find((r) => r.sourceOrderId === payerOrderId);
    expect(refund).toMatchObject({ counterparty: { name: 'Ana Silva', iban: payerIban } });
    const call = railCalls.find((c) => c.payoutId === refund?.transferId);
    expect(call?.destination).toEqual({ name: 'Ana Silva', iban: payerIban });
    expect(await registered(refund?.transferId ?? '')).toEqual([{ payout_id: refund?.transferId, subject: 'refund' }]);
  });

  it('show them where an answer must: read, list and events in full, never sealed', async () => {
    const order = await get(`/v1/orders/${payoutOrderId}`);
    expect(order.json()).toMatchObject({
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: sepaPayout,
    });
    expect(sealed(order.body)).toBe(false);
    const toAccount = await get(`/v1/orders/${linkedOrderId}`);
    expect(toAccount.json().destinationUserData).toEqual(maskedBeneficiary);
    const list = await get('/v1/orders');
    expect(sealed(list.body)).toBe(false);
    for (const marker of [payoutIban, payerTaxId, beneficiaryTaxId, dob]) expect(list.body).toContain(marker);
    expect(list.body).not.toContain(linkedTaxId);
    const deposit = await get(`/v1/deposits/${depositId}`);
    expect(deposit.body).toContain(depositTaxId);
    expect(sealed(deposit.body)).toBe(false);
    const deposits = await get('/v1/deposits');
    expect(deposits.body).toContain(depositTaxId);
    expect(sealed(deposits.body)).toBe(false);
    for (const [id, shown] of [
      [payoutOrderId, payoutIban],
      [payerOrderId, payerTaxId],
      [depositId, depositTaxId],
    ] as const) {
      const events = await get(`/v1/events?entityId=${id}`);
      expect(events.statusCode, events.body).toBe(200);
      expect(events.body, id).toContain(shown);
      expect(sealed(events.body)).toBe(false);
    }
  });

  it("show them on the console's record pages", async () => {
    const operator = await signedInOperator(t.app, clock, 'compliance');
    const orderPage = await getPage(t.app, operator, `/console/orders/${payoutOrderId}`);
    expect(orderPage.statusCode).toBe(200);
    expect(orderPage.body).toContain(payoutIban);
    expect(orderPage.body).toContain(beneficiaryTaxId);
    expect(sealed(orderPage.body)).toBe(false);
    const depositPage = await getPage(t.app, operator, `/console/deposits/${depositId}`);
    expect(depositPage.statusCode).toBe(200);
    expect(depositPage.body).toContain(depositTaxId);
    expect(sealed(depositPage.body)).toBe(false);
  });

  it('store none of them readable: not in the rows, the stored answers, the events or the payout register', async () => {
    expect(await plaintextHits()).toEqual([]);
    for (const column of [
      'orders.destination',
      'orders.destination_user_data',
      'orders.user_data',
      'orders.counterparty',
      'deposits.user_data',
    ]) {
      expect(sensitiveColumns[column]?.atRest, column).toBe('sealed-fields');
      expect(
        sealedFieldColumns.some((c) => c.name === column && c.type === 'jsonb'),
        column,
      ).toBe(true);
    }
  });

  it('re-encryption seals rows written in the clear before this rule, and the answers stay as they were', async () => {
    // As rows written by the version before: each value in the clear (and no masked form beside a linked tax id).
    await t.ctx.db.query(
      `update orders set destination = jsonb_set(destination, '{iban}', to_jsonb($2::text)),
         user_data = jsonb_set(user_data, '{taxId}', to_jsonb($3::text)),
         destination_user_data = jsonb_set(destination_user_data, '{dob}', to_jsonb($4::text))
       where id = $1`,
      [payoutOrderId, payoutIban, payerTaxId, dob],
    );
    await t.ctx.db.query(
      `update orders set counterparty = jsonb_set(counterparty, '{iban}', to_jsonb($2::text)) where id = $1`,
      [payerOrderId, payerIban],
    );
    await t.ctx.db.query(
      `update orders set destination_user_data = jsonb_set(destination_user_data - 'taxIdMasked', '{taxId}', to_jsonb($2::text))
       where id = $1`,
      [linkedOrderId, linkedTaxId],
    );
    await t.ctx.db.query(
      `update deposits set user_data = jsonb_set(user_data, '{taxId}', to_jsonb($2::text)) where id = $1`,
      [depositId, depositTaxId],
    );
    const before = (await plaintextHits()).map((h) => h.column);
    for (const column of [
      'orders.destination',
      'orders.destination_user_data',
      'orders.user_data',
      'orders.counterparty',
      'deposits.user_data',
    ]) {
      expect(before, column).toContain(column);
    }
    // Written in the clear, the linked order's tax id still reads masked.
    expect((await readOrder(t.app, partner, linkedOrderId)).destinationUserData.taxId).toBe(maskedValue(linkedTaxId));
    const counts = await sealedValueCounts(t.ctx.db);
    expect(counts.some((c) => c.column === 'orders.destination' && c.keyId === 'plaintext')).toBe(true);

    await reencryptStoredSecrets(t.ctx.db, testSecretsKeyring, { batchSize: 10, pauseMs: 0 });
    expect(await plaintextHits()).toEqual([]);
    const after = await sealedValueCounts(t.ctx.db);
    expect(
      after
        .filter((c) => c.column.startsWith('orders.') || c.column.startsWith('deposits.'))
        .filter((c) => c.keyId === 'plaintext'),
    ).toEqual([]);
    const order = await readOrder(t.app, partner, payoutOrderId);
    expect(order).toMatchObject({
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: sepaPayout,
    });
    expect((await get(`/v1/deposits/${depositId}`)).json().userData).toMatchObject({ taxId: depositTaxId, dob });
    // A linked tax id sealed without its masked form is never shown whole (no key opens a view).
    expect((await readOrder(t.app, partner, linkedOrderId)).destinationUserData.taxId).toBe(maskedUnknown);
  });
});
