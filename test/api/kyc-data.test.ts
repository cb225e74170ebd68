import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: POST /v1/kyc/data merges and validates every profile field; missingFields follows the workspace's
// verification profile; GET /v1/kyc/{email} is the enveloped authoritative read. Method: the HTTP API.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const send = (p: Partner, body: object) =>
  t.app.inject({ method: 'POST', url: '/v1/kyc/data', headers: p.headers, payload: body });
const read = (p: Partner, email: string) =>
  t.app.inject({ method: 'GET', url: `/v1/kyc/${encodeURIComponent(email)}`, headers: p.headers });

const complete = {
  firstName: 'Ana',
  lastName: 'Silva',
  birthdate: '1990-04-12',
  nationality: 'PT',
  phone: '+351912345678',
  addresses: [{ street: 'Rua Augusta 1', city: 'Lisboa', state: 'Lisboa', zip: '1100-048', country: 'PT' }],
  employmentStatus: 'employed',
  fundsOrigin: 'salary',
  accountPurpose: 'currencyExchange',
};

describe('POST /v1/kyc/data', () => {
  it('merges calls: a re-sent field overwrites, nested objects are replaced whole; missingFields shrinks', async () => {
    const p = await aPartner(t.app);
    const email = 'merge@example.com';
    const first = await send(p, {
      userEmail: email,
      firstName: 'Ana',
      addresses: [complete.addresses[0], complete.addresses[0]],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      providedFields: ['firstName', 'addresses'],
      missingFields: [
        'lastName',
        'birthdate',
        'nationality',
        'phone',
        'employmentStatus',
        'fundsOrigin',
        'accountPurpose',
      ],
    });
    const second = (await send(p, { userEmail: email, ...complete, firstName: 'Ana Maria' })).json();
    expect(second.missingFields).toEqual([]);
    const db = t.ctx.db;
    const [row] = await db.query<{ profile: Record<string, unknown> }>(
      `select k.profile from kyc_profiles k join accounts a on a.id = k.account_id
       where a.email = $1 and a.workspace_id = $2`,
      [email, p.credentials.workspaceId],
    );
    expect(row?.profile.firstName).toBe('Ana Maria');
    expect(row?.profile.addresses).toHaveLength(1);
  });

  it('records profession only when it is a sector code; free text counts as not declared', async () => {
    const p = await aPartner(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${p.credentials.workspaceId}`,
      headers: adminHeaders,
      payload: { verificationProfile: 'enhanced' },
    });
    const email = 'profession@example.com';
    expect((await send(p, { userEmail: email, profession: '6201' })).json().providedFields).toContain('profession');
    const free = (await send(p, { userEmail: email, profession: 'software engineer' })).json();
    expect(free.providedFields).not.toContain('profession');
    expect(free.missingFields).toContain('profession');
  });

  it('fundsOriginOthersReason is required when fundsOrigin is others, also across calls', async () => {
    const p = await aPartner(t.app);
    const refused = await send(p, { userEmail: 'funds@example.com', fundsOrigin: 'others' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('fundsOriginOthersReason');
    const ok = await send(p, {
      userEmail: 'funds@example.com',
      fundsOrigin: 'others',
      fundsOriginOthersReason: 'lottery',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().providedFields).toEqual(expect.arrayContaining(['fundsOrigin', 'fundsOriginOthersReason']));
  });

  it('the removed boolean pep is accepted and ignored', async () => {
    const p = await aPartner(t.app);
    const response = await send(p, { userEmail: 'pep@example.com', pep: true, pepDeclaration: 'no' });
    expect(response.statusCode).toBe(200);
    expect(response.json().providedFields).toEqual(['pepDeclaration']);
  });

  it.each([
    ['nationality as a three-letter code', { nationality: 'PRT' }, 'nationality'],
    ['nationality in lowercase', { nationality: 'pt' }, 'nationality'],
    ['birthCountry of one letter', { birthCountry: 'P' }, 'birthCountry'],
    ['phone without +', { phone: '351912345678' }, 'phone'],
    ['phone with letters', { phone: '+35191234567a' }, 'phone'],
    ['phone too short', { phone: '+12345' }, 'phone'],
    ['birthdate not ISO', { birthdate: '12/04/1990' }, 'birthdate'],
    ['birthdate impossible', { birthdate: '1990-02-30' }, 'birthdate'],
    ['birthdate in the future', { birthdate: '2999-01-01' }, 'birthdate'],
    ['employmentStatus unknown', { employmentStatus: 'freelancer' }, 'employmentStatus'],
    ['fundsOrigin unknown', { fundsOrigin: 'lottery' }, 'fundsOrigin'],
    ['accountPurpose unknown', { accountPurpose: 'gambling' }, 'accountPurpose'],
    ['gender unknown', { gender: 'x' }, 'gender'],
    ['pepDeclaration unknown', { pepDeclaration: 'maybe' }, 'pepDeclaration'],
    ['depositEstimation with a decimal', { depositEstimation: { minimum: 1.5, maximum: 10 } }, 'depositEstimation'],
    [
      'depositEstimation minimum above maximum',
      { depositEstimation: { minimum: 100, maximum: 10 } },
      'depositEstimation',
    ],
    ['depositEstimation without maximum', { depositEstimation: { minimum: 1 } }, 'depositEstimation'],
    ['addresses empty', { addresses: [] }, 'addresses'],
    ['an address without zip', { addresses: [{ street: 'a', city: 'b', state: 'c', country: 'PT' }] }, 'zip'],
    [
      'an address with a three-letter country',
      { addresses: [{ ...complete.addresses[0], country: 'PRT' }] },
      'country',
    ],
    ['document without expiryDate', { document: { type: 'passport', id: 'X1', issuingCountry: 'PT' } }, 'expiryDate'],
    [
      'document of an unknown type',
      { document: { type: 'card', id: 'X1', expiryDate: '2030-01-01', issuingCountry: 'PT' } },
      'type',
    ],
    [
      'document issuingCountry of three letters',
      { document: { type: 'passport', id: 'X1', expiryDate: '2030-01-01', issuingCountry: 'PRT' } },
      'issuingCountry',
    ],
    ['taxId without country', { taxId: { number: '123' } }, 'country'],
    ['an unknown field', { favouriteColour: 'blue' }, 'favouriteColour'],
    ['firstName empty', { firstName: '' }, 'firstName'],
  ])('400 for %s, naming the field', async (_, fields, field) => {
    const p = await aPartner(t.app);
    const response = await send(p, { userEmail: 'invalid@example.com', ...fields });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toContain(field);
  });

  it('400 without userEmail, or with one that is not an email', async () => {
    const p = await aPartner(t.app);
    expect((await send(p, { firstName: 'Ana' })).statusCode).toBe(400);
    expect((await send(p, { userEmail: 'not-an-email' })).statusCode).toBe(400);
  });
});

describe('GET /v1/kyc/{accountEmail}', () => {
  it('answers NOT_AVAILABLE without an accountId before the first use, then the status and what is missing', async () => {
    const p = await aPartner(t.app);
    const email = 'status@example.com';
    const before = await read(p, email);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      ok: true,
      value: {
        status: 'NOT_AVAILABLE',
        missingFields: [
          'firstName',
          'lastName',
          'birthdate',
          'nationality',
          'phone',
          'addresses',
          'employmentStatus',
          'fundsOrigin',
          'accountPurpose',
        ],
      },
    });
    await send(p, { userEmail: email, ...complete });
    await verifyCustomer(t.app, p, email);
    expect((await read(p, email.toUpperCase())).json()).toEqual({
      ok: true,
      value: { status: 'APPROVED', missingFields: [], accountId: email },
    });
  });

  it('is scoped to the workspace: another workspace sees no account', async () => {
    const p = await aPartner(t.app);
    const other = await aPartner(t.app);
    await send(p, { userEmail: 'scoped@example.com', firstName: 'Ana' });
    expect((await read(other, 'scoped@example.com')).json().value.status).toBe('NOT_AVAILABLE');
    expect((await read(other, 'scoped@example.com')).json().value.accountId).toBeUndefined();
  });

  it('400 for a path that is not an email', async () => {
    const p = await aPartner(t.app);
    const response = await read(p, 'nobody');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
  });
});
