import { beforeAll, describe, expect, it } from 'vitest';
import { amlApi, ofacFixture as fixture, ivan } from '../support/aml.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  aQuote,
  beneficiary,
  destinations,
  fundedPartner,
  payer,
  payerFields,
  postOrder,
  simulateOrder,
} from '../support/orders.js';

// Goal: operators import the OFAC SDN list and resolve potential matches; a CONFIRMED_MATCH tied to an account
// refuses its orders and deposits (403 naming the screening) and moves nothing. Method: the HTTP API only, the OFAC
// fixture files of test/fixtures/ofac imported through the operator API. (The partner's side: aml-screenings.test.ts.)

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

const { screen, read, resolve, importOfac } = amlApi(() => t.app);

describe('operators: the OFAC SDN import and resolutions', () => {
  it('imports the published CSV files, re-imports them, and screens names, aliases and dates against them', async () => {
    const body = { sdnCsv: fixture('sdn.csv'), altCsv: fixture('alt.csv'), listDate: '2026-11-21' };
    const first = await importOfac(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ list: 'OFAC_SDN', listDate: '2026-11-21', entries: 7, aliases: 5 });
    const second = (await importOfac(body)).json();
    expect(second).toMatchObject({ entries: 7, sha256: first.json().sha256, version: first.json().version + 1 });
    const lists = await t.app.inject({ method: 'GET', url: '/admin/v1/sanctions-lists', headers: adminHeaders });
    expect(lists.json()).toContainEqual(second);

    const p = await aPartner(t.app);
    const alias = (
      await screen(p, { entityType: 'INDIVIDUAL', firstName: 'Rustem', lastName: 'Karimov', dateOfBirth: '1968-03-12' })
    ).json().value;
    expect(alias.status).toBe('CONFIRMED_MATCH');
    expect(alias.matches[0]).toMatchObject({
      list: 'OFAC_SDN',
      entryId: '10001',
      listedName: 'KARIMOV, Rustam Alievich',
      matchedName: 'KARIMOV, Rustem',
      programs: ['SDGT', 'IRGC'],
      score: 1,
    });
    expect(alias.lists).toContainEqual({ list: 'OFAC_SDN', listDate: '2026-11-21', importedAt: second.importedAt });
    const cyrillic = (await screen(p, { entityType: 'INDIVIDUAL', firstName: 'Владимир', lastName: 'Путилин' })).json()
      .value;
    expect(cyrillic).toMatchObject({ status: 'POTENTIAL_MATCH', matches: [{ entryId: '10006' }] });
    const company = (await screen(p, { entityType: 'BUSINESS', businessName: 'Oceanic Front Trading Company' })).json()
      .value;
    expect(company).toMatchObject({ status: 'POTENTIAL_MATCH', matches: [{ entryId: '10003', score: 1 }] });
    const vessel = (await screen(p, { entityType: 'BUSINESS', businessName: 'Northern Star' })).json().value;
    expect(vessel.status).toBe('CLEAR');
  });

  it('refuses malformed files with 400 and keeps the list as it was', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/admin/v1/sanctions-lists', headers: adminHeaders })
    ).json();
    for (const body of [
      { sdnCsv: '1,"A","individual"\r\n' },
      { sdnCsv: fixture('sdn.csv'), altCsv: '999,1,"aka","X",-0- \r\n' },
      { sdnCsv: '\u001a' },
      { sdnCsv: fixture('sdn.csv'), listDate: '2026-02-30' },
    ]) {
      const response = await importOfac(body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/admin/v1/sanctions-lists', headers: adminHeaders })
    ).json();
    expect(after).toEqual(before);
  });

  it('resolve a POTENTIAL_MATCH once; anything else is 409, an unknown id 404', async () => {
    const p = await aPartner(t.app);
    const potential = (await screen(p, ivan)).json().value;
    const queue = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/aml-screenings?status=POTENTIAL_MATCH&limit=500',
      headers: adminHeaders,
    });
    expect(queue.json()).toContainEqual(
      expect.objectContaining({ screeningId: potential.screeningId, workspaceId: p.credentials.workspaceId }),
    );
    const resolved = await resolve(potential.screeningId, {
      status: 'FALSE_POSITIVE',
      note: 'Different person: passport checked',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'FALSE_POSITIVE',
      resolutionNote: 'Different person: passport checked',
    });
    const now = (await read(p, potential.screeningId)).json().value;
    expect(now).toMatchObject({ status: 'FALSE_POSITIVE', resolvedAt: expect.any(Number) });
    expect((await resolve(potential.screeningId, { status: 'CONFIRMED_MATCH' })).statusCode).toBe(409);
    const clear = (await screen(p, { entityType: 'INDIVIDUAL', firstName: 'Jane', lastName: 'Doe' })).json().value;
    expect((await resolve(clear.screeningId, { status: 'CONFIRMED_MATCH' })).json()).toMatchObject({
      error: 'StateError',
    });
    expect((await resolve('no-such-screening', { status: 'FALSE_POSITIVE' })).statusCode).toBe(404);
    expect((await resolve(potential.screeningId, { status: 'CLEAR' })).statusCode).toBe(400);
    expect((await resolve(potential.screeningId, { status: 'FALSE_POSITIVE', note: 'a\u0000b' })).statusCode).toBe(400);
  });
});

describe('a CONFIRMED_MATCH stops the money of its account', () => {
  it("refuses the account's deposits and orders (as payer or on-behalf customer) with 403; nothing moves", async () => {
    const p = await fundedPartner(t, 500);
    const email = `sanctioned-${++n}@example.com`;
    await verifyCustomer(t.app, p, email);
    const deposit = (userEmail: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: p.headers,
        payload: { userData: { ...payer, userEmail }, currency: 'EUR', amount: 100 },
      });
    const withdraw = (destinationTransferData: object) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/withdrawals',
        headers: p.headers,
        payload: { currency: 'EUR', amount: 50, destinationTransferData },
      });
    const count = async (path: string) =>
      (await t.app.inject({ method: 'GET', url: path, headers: p.headers })).json().length;

    const screening = (await screen(p, { ...ivan, userEmail: email })).json().value;
    expect(screening).toMatchObject({ status: 'POTENTIAL_MATCH', userEmail: email });
    // Control: a potential match stops nothing.
    const earlyDeposit = await deposit(email);
    expect(earlyDeposit.statusCode).toBe(201);
    const earlyQuote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    const earlyOrder = await postOrder(t.app, p, {
      quoteId: earlyQuote.quoteId,
      userData: { ...payer, userEmail: email },
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    });
    expect(earlyOrder.statusCode, earlyOrder.body).toBe(201);

    expect((await resolve(screening.screeningId, { status: 'CONFIRMED_MATCH' })).statusCode).toBe(200);
    const [deposits, orders, withdrawals] = [
      await count('/v1/deposits'),
      await count('/v1/orders'),
      await count('/v1/withdrawals'),
    ];
    const balance = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/balances?currency=EUR', headers: p.headers })).json().balances[0];
    const held = await balance();
    const refused = (response: { statusCode: number; body: string; json: () => unknown }) => {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'AllowanceError',
        message: expect.stringContaining(screening.screeningId),
      });
    };

    refused(await deposit(email));
    const railQuote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    refused(
      await postOrder(t.app, p, {
        quoteId: railQuote.quoteId,
        userData: { ...payer, userEmail: email },
        destinationUserData: beneficiary,
        destinationTransferData: destinations.PIX_BR,
      }),
    );
    const onBehalf = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      destinationCurrency: 'USDC',
      destinationRail: 'BALANCE',
      originAmount: 100,
      customerEmail: email,
    });
    refused(
      await postOrder(t.app, p, {
        quoteId: onBehalf.quoteId,
        userData: payer,
        destinationTransferData: destinations.BALANCE,
      }),
    );

    // Funds that arrive on what was placed before the match was confirmed wait for an operator, uncredited.
    await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      headers: p.headers,
      payload: { depositId: earlyDeposit.json().depositId, amount: 100, ...payerFields.EUR },
    });
    await simulateOrder(t.app, p, { orderId: earlyOrder.json().orderId, amount: 100, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    const status = async (path: string) =>
      (await t.app.inject({ method: 'GET', url: path, headers: p.headers })).json().status;
    expect(await status(`/v1/deposits/${earlyDeposit.json().depositId}`)).toBe('ComplianceReview');
    expect(await status(`/v1/orders/${earlyOrder.json().orderId}`)).toBe('ComplianceReview');
    expect((await balance()).available).toBe(held.available);

    expect([await count('/v1/deposits'), await count('/v1/orders'), await count('/v1/withdrawals')]).toEqual([
      deposits,
      orders,
      withdrawals,
    ]);
    // The refused quote is still unused: the partner's other customers, and its own withdrawals, go on as before.
    expect(
      (
        await postOrder(t.app, p, {
          quoteId: railQuote.quoteId,
          userData: payer,
          destinationUserData: beneficiary,
          destinationTransferData: destinations.PIX_BR,
        })
      ).statusCode,
    ).toBe(201);
    expect((await deposit(payer.userEmail)).statusCode).toBe(201);
    expect((await withdraw(destinations.SEPA)).statusCode).toBe(201);
  });

  it('binds only the workspace that screened: the same email elsewhere still moves money', async () => {
    const a = await fundedPartner(t, 100);
    const b = await fundedPartner(t, 100);
    const email = `sanctioned-${++n}@example.com`;
    await verifyCustomer(t.app, a, email);
    await verifyCustomer(t.app, b, email);
    const screening = (await screen(a, { ...ivan, userEmail: email })).json().value;
    await resolve(screening.screeningId, { status: 'CONFIRMED_MATCH' });
    const deposit = (p: Partner) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: p.headers,
        payload: { userData: { ...payer, userEmail: email }, currency: 'EUR', amount: 100 },
      });
    expect((await deposit(a)).statusCode).toBe(403);
    expect((await deposit(b)).statusCode).toBe(201);
  });
});
