import { beforeAll, describe, expect, it } from 'vitest';
import { amlApi, ivan } from '../support/aml.js';
import { aPartner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { destinations, fundedPartner } from '../support/orders.js';

// Goal: POST /v1/aml-screenings screens against the sandbox list's documented test names, lists and reads
// screenings, and takes the spec's narrower Idempotency-Key. Method: the HTTP API only. (Operators' imports and
// resolutions, and what a CONFIRMED_MATCH stops: aml-screenings-operators.test.ts.)

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

const { screen, read, list, resolve } = amlApi(() => t.app);

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
