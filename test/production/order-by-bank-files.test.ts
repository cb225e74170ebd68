// An order in production end to end through banks (issue #18): priced by the ECB's reference rates, collected into
// the brokerage's EUR account under its RF reference (a camt.054 credit), converted, paid out to a US account in a
// NACHA batch, and complete only when the bank's statement shows the payout's debit.

import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidRfReference } from '../../src/domain/payments/rf-reference.js';
import { camt054 } from '../support/bank-file-builders.js';
import { bankProviders, eurAccount, usdAccount } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import { beneficiary, expectLedgerConsistent, payer, postOrder, readOrder } from '../support/orders.js';

const ecbFile = new URL('../fixtures/prices/eurofxref-daily.xml', import.meta.url);
let prod: TestApp;
let stage: TestApp;
let partner: Partner;

beforeAll(async () => {
  prod = await buildTestApp({
    env: productionEnv,
    providersFile: {
      ...bankProviders,
      // The fixture is dated 2026-11-24; a wide age keeps this test independent of the day it runs.
      prices: {
        source: 'ecb-daily-xml',
        url: `file://${fileURLToPath(ecbFile)}`,
        maxAgeHours: 24 * 365 * 20,
        refreshMinutes: 60,
        spreadBps: { default: 10 },
      },
    },
  });
  await prod.ctx.providers.start();
  stage = await buildTestApp();
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
});

afterAll(async () => {
  prod.ctx.providers.stop();
  await prod.app.close();
  await stage.app.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const importFile = async (text: string) => {
  const response = await prod.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': 'application/xml' },
    payload: text,
  });
  expect(response.statusCode, response.body).toBe(200);
  await prod.ctx.jobs.runDue();
  return response.json();
};

describe('an EUR to USD order through banks', () => {
  it('is listed, priced by the ECB, collected by camt.054, paid out by NACHA and completed by the debit', async () => {
    const pairs = (await prod.app.inject({ method: 'GET', url: '/v1/pairs', headers: partner.headers })).json().pairs;
    expect(pairs).toEqual(expect.arrayContaining(['EUR/USD', 'USD/EUR']));
    expect(pairs).not.toContain('EUR/USDC');

    const quoted = await prod.app.inject({
      method: 'POST',
      url: '/v1/quotes',
      headers: partner.headers,
      payload: {
        originCurrency: 'EUR',
        destinationCurrency: 'USD',
        originAmount: 100,
        originRail: 'SEPA',
        destinationRail: 'ACH_US',
      },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = quoted.json();
    const created = await postOrder(prod.app, partner, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: { ...beneficiary, country: 'US', city: 'Boston', postalCode: '02108' },
      destinationTransferData: {
        type: 'ACH_US',
        destinationName: 'Bruno Costa',
        accountNumber: '987654321',
        routingNumber: '011000015',
        country: 'US',
        city: 'Boston',
        postalCode: '02108',
        state: 'MA',
        address: '1 Beacon Street',
        accountType: 'PERSONAL',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.deposit.depositInfo).toMatchObject({ depositType: 'SEPA', iban: eurAccount });
    expect(isValidRfReference(order.deposit.depositInfo.referenceCode)).toBe(true);

    await importFile(
      camt054({ iban: eurAccount, currency: 'EUR' }, [
        {
          bankReference: `ORD-${order.orderId}`,
          direction: 'CRDT',
          amount: quote.originAmount.toFixed(2),
          rfReference: order.deposit.depositInfo.referenceCode,
          payerName: 'Ana Silva',
          payerIban: 'PT50000201231234567890154',
        },
      ]),
    );
    await prod.ctx.jobs.runDue();
    const paidIn = await readOrder(prod.app, partner, order.orderId);
    expect(paidIn.status).not.toBe('Pending');
    expect(['Success', 'Withdrawn']).not.toContain(paidIn.status);

    const batch = await admin('POST', '/admin/v1/payout-batches', { rail: 'ACH_US' });
    expect(batch.statusCode, batch.body).toBe(201);
    const payout = batch.json().payouts.find((p: { payoutId: string }) => p.payoutId === order.orderId);
    expect(payout).toMatchObject({ amount: quote.destinationAmount });

    await importFile(
      camt054({ number: usdAccount, currency: 'USD' }, [
        {
          bankReference: `ORD-OUT-${order.orderId}`,
          direction: 'DBIT',
          amount: quote.destinationAmount.toFixed(2),
          endToEndId: payout.reference,
        },
      ]),
    );
    await prod.ctx.jobs.runDue();
    expect((await readOrder(prod.app, partner, order.orderId)).status).toBe('Success');
    await expectLedgerConsistent(prod.app);
  });
});
