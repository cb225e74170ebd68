// Production stores a banking account only for a rail it pays out (issue #27, item 6): a banking account exists only
// to be paid out to, so one on a rail the providers file does not connect is refused with the 503
// ExternalServiceError a withdrawal to it gets, and nothing is stored (spec: Environments). Stage is unchanged
// (test/api/banking-accounts.test.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurAccount } from '../support/bank-providers.js';
import { achUS, beneficiaryUS, sepa } from '../support/banking-accounts.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import { valid } from '../support/payout-instruments.js';

let nothing: TestApp;
let sepaOnly: TestApp;
let stage: TestApp;
let partner: Partner;

beforeAll(async () => {
  nothing = await buildTestApp({ env: productionEnv });
  sepaOnly = await buildTestApp({
    env: productionEnv,
    providersFile: {
      bankPayouts: { sepa: { debtorName: 'Brokerage Collections GmbH', iban: eurAccount, bic: 'COBADEFFXXX' } },
      // COP paid out under one of the two names of its bank rail (catalogue: samePayoutRailAs); never called here.
      providerService: {
        url: 'http://127.0.0.1:9',
        secret: 'reference-provider-shared-secret-0123456789',
        collects: [],
        pays: [{ currency: 'COP', rail: 'ACH_COP' }],
        timeoutMs: 1_000,
        maxAttempts: 1,
      },
    },
  });
  // The workspace and its token are the same on every server of the one database.
  stage = await buildTestApp({});
  partner = await aPartner(stage.app);
});

afterAll(async () => {
  await nothing.app.close();
  await sepaOnly.app.close();
  await stage.app.close();
});

const store = (on: TestApp, payload: object) =>
  on.app.inject({ method: 'POST', url: '/v1/banking-accounts', headers: partner.headers, payload });
const listed = async (on: TestApp, query = '') => {
  const response = await on.app.inject({
    method: 'GET',
    url: `/v1/banking-accounts${query}`,
    headers: partner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as { bankingAccountId: string; rail: string }[];
};
/** Whether the owner's account was created: a refusal must not leave one behind either. */
const holderExists = async (on: TestApp, email: string) =>
  (
    await on.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from accounts where workspace_id = $1 and lower(email) = $2',
      [partner.credentials.workspaceId, email],
    )
  )[0]?.n !== 0;

describe('banking accounts in production', () => {
  it('stores none when nothing pays out: 503 ExternalServiceError, and nothing is stored', async () => {
    const owner = 'nothing-connected-owner@example.com';
    const response = await store(nothing, { currency: 'EUR', destinationTransferData: sepa, customerEmail: owner });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({
      error: 'ExternalServiceError',
      message: 'Paying out EUR on SEPA is not available on this server: the brokerage has not connected it',
    });
    expect(await listed(nothing)).toEqual([]);
    expect(await listed(nothing, `?customerEmail=${encodeURIComponent(owner)}`)).toEqual([]);
    expect(await holderExists(nothing, owner)).toBe(false);
  });

  it('still answers a request that is wrong in itself with its 400, before the 503', async () => {
    const response = await store(nothing, { currency: 'EUR', destinationTransferData: { ...sepa, iban: 'DE00' } });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('stores one for a connected rail (SEPA payouts by file), and refuses an unconnected one (ACH_US)', async () => {
    const created = await store(sepaOnly, { currency: 'EUR', destinationTransferData: sepa, label: 'payouts' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value).toMatchObject({ currency: 'EUR', rail: 'SEPA', label: 'payouts' });

    const owner = 'ach-owner@example.com';
    const refused = await store(sepaOnly, {
      currency: 'USD',
      destinationTransferData: achUS,
      destinationUserData: beneficiaryUS,
      customerEmail: owner,
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({
      error: 'ExternalServiceError',
      message: expect.stringMatching(/USD on ACH_US/),
    });
    expect(await holderExists(sepaOnly, owner)).toBe(false);

    expect((await listed(sepaOnly)).map((a) => a.rail)).toEqual(['SEPA']);
    expect((await listed(sepaOnly))[0]?.bankingAccountId).toBe(created.json().value.bankingAccountId);
  });

  it('stores one under either name of a connected rail (BANK_DEPOSIT_COL is ACH_COP)', async () => {
    const created = await store(sepaOnly, {
      currency: 'COP',
      destinationTransferData: { type: 'BANK_DEPOSIT_COL', ...valid.BANK_DEPOSIT_COL },
      customerEmail: 'cop-owner@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value.rail).toBe('BANK_DEPOSIT_COL');
    expect(await holderExists(sepaOnly, 'cop-owner@example.com')).toBe(true);
  });
});
