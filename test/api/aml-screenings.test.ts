import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
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

// Goal: POST /v1/aml-screenings screens against the sandbox list and imported OFAC SDN files, with the spec's
// narrower Idempotency-Key; operators import lists and resolve potential matches; a CONFIRMED_MATCH tied to an
// account refuses its orders and deposits (403 naming the screening) and moves nothing. Method: the
// HTTP API only, the OFAC fixture files of test/fixtures/ofac imported through the operator API.

let t: TestApp;
let n = 0;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/ofac/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

const screen = (p: Partner, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/aml-screenings', headers: { ...p.headers, ...headers }, payload });
const read = (p: Partner, id: string) =>
  t.app.inject({ method: 'GET', url: `/v1/aml-screenings/${id}`, headers: p.headers });
const list = (p: Partner, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/aml-screenings${query}`, headers: p.headers });
const resolve = (id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/v1/aml-screenings/${id}/resolution`,
    headers: adminHeaders,
    payload,
  });
const importOfac = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/admin/v1/sanctions-lists/ofac-sdn', headers: adminHeaders, payload });
const ivan = { entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned' };

describe('POST /v1/aml-screenings against the sandbox list (the documented test names)', () => {
  it.each([
    ['an exact name and date of birth', { ...ivan, dateOfBirth: '1970-01-01' }, 'CONFIRMED_MATCH'],
    ['an exact name without a date', ivan, 'POTENTIAL_MATCH'],
    ['an exact name with another date', { ...ivan, dateOfBirth: '1985-06-15' }, 'FALSE_POSITIVE'],
    ['a close spelling', { ...ivan, lastName: 'Testsanktsioned', dateOfBirth: '1970-01-01' }, 'POTENTIAL_MATCH'],
    ['the alias', { ...ivan, firstName: 'Vanya' }, 'POTENTIAL_MATCH'],
    ['Cyrillic script', { ...ivan, firstName: 'Иван', lastName: 'Тестсанкционед' }, 'POTENTIAL_MATCH'],
    [
      'the listed business',
      { entityType: 'BUSINESS', businessName: 'Sandbox Embargoed Trading LLC' },
      'POTENTIAL_MATCH',
    ],
    ["the business's alias", { entityType: 'BUSINESS', businessName: 'SET Trading' }, 'POTENTIAL_MATCH'],
    ['any other person', { entityType: 'INDIVIDUAL', firstName: 'Jane', lastName: 'Doe', country: 'PT' }, 'CLEAR'],
    [
      'a person named like the business',
      { entityType: 'INDIVIDUAL', firstName: 'Sandbox', lastName: 'Vessel' },
      'CLEAR',
    ],
  ])('%s: %s', async (_, body, status) => {
    const p = await aPartner(t.app);
    const response = await screen(p, body);
    expect(response.statusCode, response.body).toBe(201);
    const { ok, value } = response.json();
    expect(ok).toBe(true);
    expect(value).toMatchObject({ screeningId: expect.any(String), status, entityType: body.entityType });
    expect(value.lists).toContainEqual({ list: 'SANDBOX' });
    if (status === 'CLEAR') expect(value.matches).toEqual([]);
    else expect(value.matches[0]).toMatchObject({ list: 'SANDBOX', entryId: expect.stringMatching(/^99000\d\d$/) });
  });

  it('answers each match with its list, entry id, listed name, programs and score', async () => {
    const p = await aPartner(t.app);
    const { value } = (await screen(p, { ...ivan, dateOfBirth: '1970-01-01', country: 'RU' })).json();
    expect(value).toMatchObject({
      firstName: 'Ivan',
      lastName: 'Testsanctioned',
      dateOfBirth: '1970-01-01',
      country: 'RU',
    });
    expect(value.matches).toEqual([
      {
        list: 'SANDBOX',
        entryId: '9900001',
        listedName: 'TESTSANCTIONED, Ivan',
        matchedName: 'TESTSANCTIONED, Ivan',
        programs: ['SDGT', 'CYBER2'],
        score: 1,
        datesOfBirth: ['01 Jan 1970'],
      },
    ]);
  });

  it.each([
    ['an individual without lastName', { entityType: 'INDIVIDUAL', firstName: 'Ivan' }, 'lastName is required'],
    ['an individual with businessName', { ...ivan, businessName: 'X' }, 'businessName is for a BUSINESS'],
    ['a business without businessName', { entityType: 'BUSINESS' }, 'businessName is required'],
    [
      'a business with a date of birth',
      { entityType: 'BUSINESS', businessName: 'X', dateOfBirth: '1970-01-01' },
      'dateOfBirth is for an INDIVIDUAL',
    ],
    ['a date that does not exist', { ...ivan, dateOfBirth: '1970-02-30' }, 'not a calendar date'],
    ['an unknown entity type', { ...ivan, entityType: 'VESSEL' }, 'entityType'],
    ['an unknown field', { ...ivan, nationality: 'RU' }, 'nationality'],
    ['a blank name', { ...ivan, firstName: '   ' }, 'firstName'],
    ['a lower-case country', { ...ivan, country: 'ru' }, 'country'],
    ['a control character in a name', { ...ivan, lastName: 'Test\u0000sanctioned' }, 'lastName'],
    ['a lone surrogate in a name', { ...ivan, firstName: '\ud800' }, 'firstName'],
  ])('refuses %s with 400 in the create shape', async (_, body, message) => {
    const p = await aPartner(t.app);
    const response = await screen(p, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'ValidationError',
      message: expect.stringContaining(message),
    });
  });
});

describe('GET /v1/aml-screenings', () => {
  it('reads one (enveloped), 404 for an unknown id, 401 for another workspace', async () => {
    const p = await aPartner(t.app);
    const created = (await screen(p, ivan)).json().value;
    const one = await read(p, created.screeningId);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ ok: true, value: created });
    expect((await read(p, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      ok: false,
      error: 'ExistenceError',
    });
    const other = await aPartner(t.app);
    const foreign = await read(other, created.screeningId);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
  });

  it('lists newest first with filters and pages; unknown query parameters are 400', async () => {
    const p = await aPartner(t.app);
    const email = `listed-${++n}@example.com`;
    const clear = (await screen(p, { entityType: 'INDIVIDUAL', firstName: 'Jane', lastName: 'Doe' })).json().value;
    const potential = (await screen(p, { ...ivan, userEmail: email })).json().value;
    const business = (await screen(p, { entityType: 'BUSINESS', businessName: 'SET Trading' })).json().value;
    const ids = async (query: string) => {
      const response = await list(p, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.map((s: { screeningId: string }) => s.screeningId);
    };
    expect(await ids('')).toEqual([business.screeningId, potential.screeningId, clear.screeningId]);
    expect(await ids('?status=CLEAR')).toEqual([clear.screeningId]);
    expect(await ids('?status=CLEAR&status=POTENTIAL_MATCH')).toHaveLength(3);
    expect(await ids('?status=POTENTIAL_MATCH&entityType=INDIVIDUAL')).toEqual([potential.screeningId]);
    expect(await ids('?entityType=BUSINESS')).toEqual([business.screeningId]);
    expect(await ids(`?userEmail=${email}`)).toEqual([potential.screeningId]);
    expect(await ids('?limit=2&page=1')).toEqual([clear.screeningId]);
    expect(await ids(`?from=${clear.createdAt}&to=${business.createdAt}`)).toHaveLength(3);
    expect(await ids('')).not.toContain((await screen(await aPartner(t.app), ivan)).json().value.screeningId);
    for (const query of ['?currency=EUR', '?status=MAYBE', '?limit=501']) {
      const refused = await list(p, query);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    }
  });
});

describe('Idempotency-Key on POST /v1/aml-screenings (workspace scope)', () => {
  it('replays the original screening for the same payload, once, even after it was resolved', async () => {
    const p = await aPartner(t.app);
    const key = { 'idempotency-key': `aml-${++n}` };
    const first = await screen(p, ivan, key);
    expect(first.statusCode).toBe(201);
    const again = await screen(p, { lastName: 'Testsanctioned', firstName: 'Ivan', entityType: 'INDIVIDUAL' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await list(p)).json().value).toHaveLength(1);
    await resolve(first.json().value.screeningId, { status: 'FALSE_POSITIVE' });
    const later = await screen(p, ivan, key);
    expect(later.body).toBe(first.body);
  });

  it('answers 409 for another payload, and for a key the workspace used on another endpoint', async () => {
    const p = await aPartner(t.app);
    const key = { 'idempotency-key': `aml-${++n}` };
    await screen(p, ivan, key);
    const other = await screen(p, { ...ivan, dateOfBirth: '1970-01-01' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, message: expect.stringContaining('different payload') });
    const paid = await fundedPartner(t, 100);
    const withdrawalKey = { 'idempotency-key': `aml-${++n}` };
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...paid.headers, ...withdrawalKey },
      payload: { currency: 'EUR', amount: 10, destinationTransferData: destinations.SEPA },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const reused = await screen(paid, ivan, withdrawalKey);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toContain('POST /v1/withdrawals');
  });

  it('keeps keys of different workspaces apart, and refuses a malformed key before anything else', async () => {
    const [a, b] = [await aPartner(t.app), await aPartner(t.app)];
    const key = { 'idempotency-key': `aml-${++n}` };
    const fromA = (await screen(a, ivan, key)).json().value;
    const fromB = await screen(b, ivan, key);
    expect(fromB.statusCode).toBe(201);
    expect(fromB.json().value.screeningId).not.toBe(fromA.screeningId);
    const malformed = await screen(a, { entityType: 'NOPE' }, { 'idempotency-key': '-bad key' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Idempotency-Key');
  });
});

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
