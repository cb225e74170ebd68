import { beforeAll, describe, expect, it } from 'vitest';
import { movements } from '../../src/domain/ledger/entry.js';
import { postEntry } from '../../src/ledger/ledger.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  documentFields,
  kycStatusOf,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
  transitionsOf,
  verificationEventsOf,
} from '../support/kyc-flow.js';

// Goal: organisations (KYB) as docs/decisions/ (Organisations) and the spec (KYC verification: accountId; Events:
// verificationType KYB with `emails`) say: representatives share the organisation's account, verification and
// balances; the conflicting cases are 409 StateError. Method: the HTTP API and the hosted page.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

const business = (userEmail: string, extra: Record<string, unknown> = {}) => ({
  userEmail,
  countryCode: 'PT',
  type: 'BUSINESS',
  sendOTPMail: false,
  ...extra,
});

async function profiled(p: Partner, ...emails: string[]) {
  for (const email of emails) {
    expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
  }
}

async function started(p: Partner, body: Record<string, unknown>) {
  const response = await startKyc(t.app, p, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const balancesOf = async (p: Partner, email: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/v1/balances?userEmail=${encodeURIComponent(email)}`,
      headers: p.headers,
    })
  ).json().balances;

const organisationId = /^org_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('organisations (KYB)', () => {
  it('representatives sent with the same externalUserId share one organisation account', async () => {
    const p = await aPartner(t.app);
    await profiled(p, 'rep1@org.example', 'rep2@org.example');
    const first = await started(p, business('rep1@org.example', { externalUserId: 'org-1' }));
    expect(first).toMatchObject({ success: true, status: 'PENDING', userEmail: 'rep1@org.example', missingFields: [] });
    expect(first.accountId).toMatch(organisationId);
    expect(first.kycUrl).toBeDefined();
    const second = await started(p, business('rep2@org.example', { externalUserId: 'org-1' }));
    expect(second).toMatchObject({ accountId: first.accountId, kycId: first.kycId, userEmail: 'rep2@org.example' });
    for (const email of ['rep1@org.example', 'rep2@org.example']) {
      expect(await kycStatusOf(t.app, p, email)).toEqual({
        status: 'PENDING',
        missingFields: [],
        accountId: first.accountId,
      });
    }
    // externalUserId names an organisation within the workspace only.
    const other = await aPartner(t.app);
    await profiled(other, 'rep1@org.example');
    const elsewhere = await started(other, business('rep1@org.example', { externalUserId: 'org-1' }));
    expect(elsewhere.accountId).toMatch(organisationId);
    expect(elsewhere.accountId).not.toBe(first.accountId);
  });

  it('completing the flow: the KYB document needs legalName and registrationNumber; KYB events list both emails', async () => {
    const p = await aPartner(t.app);
    const [rep1, rep2] = ['alice@acme.example', 'bruno@acme.example'];
    await profiled(p, rep1, rep2);
    const { accountId } = await started(p, business(rep1, { externalUserId: 'acme' }));
    await started(p, business(rep2, { externalUserId: 'acme' }));
    // One attempt per account: the newest call's link is the one that works, so rep1 asks again.
    const { kycUrl } = await started(p, business(rep1, { externalUserId: 'acme' }));
    const flow = await openFlow(t.app, kycUrl);
    const consent = await t.app.inject({ method: 'GET', url: flow });
    expect(consent.body).toContain('<h1>Verify your organisation</h1>');
    expect(consent.body).toContain('on behalf of an organisation');
    expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    expect((await kycStatusOf(t.app, p, rep2)).status).toBe('IN_PROGRESS');

    const refused = await postStep(t.app, `${flow}/document`, documentFields(), photo);
    expect(refused.statusCode).toBe(400);
    for (const field of ['legalName', 'registrationNumber']) {
      expect(refused.body).toMatch(new RegExp(`<input[^>]*id="${field}"[^>]*aria-invalid="true"`));
    }
    const company = { legalName: 'Acme Lda', registrationNumber: 'PT509999999' };
    expect((await postStep(t.app, `${flow}/document`, documentFields(company), photo)).statusCode).toBe(303);
    await t.ctx.jobs.runDue();

    const events = await verificationEventsOf(t.ctx.db, p.credentials.workspaceId, accountId);
    expect(transitionsOf(events)).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
      'verification_status_updated:REVIEWING->APPROVED',
      'kyc_completed:REVIEWING->APPROVED',
    ]);
    for (const [i, event] of events.entries()) {
      expect(event.data).toEqual({
        eventId: expect.any(String),
        occurredAt: expect.any(Number),
        verificationType: 'KYB',
        // The organisation was founded by rep1's call; rep2 had joined before it moved on.
        emails: i === 0 ? [rep1] : [rep1, rep2],
        entityId: accountId,
        status: expect.any(String),
        previousStatus: expect.any(String),
      });
    }
    for (const email of [rep1, rep2])
      expect(await kycStatusOf(t.app, p, email)).toMatchObject({ status: 'APPROVED', accountId });
    const recall = await started(p, business(rep2, { externalUserId: 'acme' }));
    expect(recall).toMatchObject({ status: 'APPROVED', accountId });
    expect(recall.kycUrl).toBeUndefined();
  });

  it("a representative's balances are the organisation's: both read the same account", async () => {
    const p = await aPartner(t.app);
    await profiled(p, 'cash1@org.example', 'cash2@org.example');
    const { accountId } = await started(p, business('cash1@org.example', { externalUserId: 'cash-org' }));
    await started(p, business('cash2@org.example', { externalUserId: 'cash-org' }));
    expect(await balancesOf(p, 'cash1@org.example')).toEqual([]);
    expect(await balancesOf(p, 'cash2@org.example')).toEqual([]);
    // No partner call credits a customer's account directly, so the test posts the credit to the ledger itself.
    await t.ctx.db.transaction((tx) =>
      postEntry(tx, {
        workspaceId: p.credentials.workspaceId,
        kind: 'test_credit',
        reference: 'kyb-balances',
        postings: movements.credit(accountId, 'EUR', 2_500n),
        nowMs: Date.now(),
      }),
    );
    const shared = [{ currency: 'EUR', available: 25, pending: 0, total: 25 }];
    expect(await balancesOf(p, 'cash1@org.example')).toEqual(shared);
    expect(await balancesOf(p, 'CASH2@org.example')).toEqual(shared);
    expect(await balancesOf(p, 'outsider@org.example')).toEqual([]);
  });

  it('409 StateError: INDIVIDUAL for a representative, BUSINESS for an individual, another externalUserId', async () => {
    const p = await aPartner(t.app);
    await profiled(p, 'rep@org1.example', 'person@example.com', 'pending@example.com');
    const { accountId } = await started(p, business('rep@org1.example', { externalUserId: 'org-1' }));
    await verifyCustomer(t.app, p, 'person@example.com');
    await started(p, { ...business('pending@example.com'), type: 'INDIVIDUAL' });

    const refusals = [
      { ...business('rep@org1.example', { externalUserId: 'org-1' }), type: 'INDIVIDUAL' },
      business('person@example.com'),
      business('person@example.com', { externalUserId: 'org-1' }),
      business('pending@example.com'),
      business('rep@org1.example', { externalUserId: 'org-2' }),
    ];
    for (const body of refusals) {
      const response = await startKyc(t.app, p, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        error: 'StateError',
        message: expect.any(String),
        errorId: expect.anything(),
        errorName: expect.any(String),
      });
    }
    expect(await kycStatusOf(t.app, p, 'rep@org1.example')).toMatchObject({ status: 'PENDING', accountId });
    expect(await kycStatusOf(t.app, p, 'person@example.com')).toMatchObject({
      status: 'APPROVED',
      accountId: 'person@example.com',
    });
    expect(await kycStatusOf(t.app, p, 'pending@example.com')).toMatchObject({
      status: 'PENDING',
      accountId: 'pending@example.com',
    });
    const org2 = await t.ctx.db.query(`select 1 from accounts where workspace_id = $1 and external_id = 'org-2'`, [
      p.credentials.workspaceId,
    ]);
    expect(org2).toEqual([]);
  });

  it('without externalUserId each new email founds its own organisation; a repeat call keeps it', async () => {
    const p = await aPartner(t.app);
    await profiled(p, 'solo1@example.com', 'solo2@example.com', 'member@example.com');
    const one = await started(p, business('solo1@example.com'));
    const two = await started(p, business('solo2@example.com'));
    expect(one.accountId).toMatch(organisationId);
    expect(two.accountId).toMatch(organisationId);
    expect(two.accountId).not.toBe(one.accountId);
    expect((await started(p, business('solo1@example.com'))).accountId).toBe(one.accountId);
    // A representative of a named organisation keeps it when a later call omits externalUserId.
    const named = await started(p, business('member@example.com', { externalUserId: 'named' }));
    expect((await started(p, business('member@example.com'))).accountId).toBe(named.accountId);
  });

  it('concurrent first BUSINESS calls of one new email found one organisation', async () => {
    const p = await aPartner(t.app);
    await profiled(p, 'race@example.com');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => startKyc(t.app, p, business('race@example.com'))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const { accountId } = await kycStatusOf(t.app, p, 'race@example.com');
    expect(responses.map((r) => r.json().accountId)).toEqual([accountId, accountId, accountId, accountId]);
    const organisations = await t.ctx.db.query(
      `select id from accounts where workspace_id = $1 and kind = 'organisation'`,
      [p.credentials.workspaceId],
    );
    expect(organisations).toEqual([{ id: accountId }]);
    expect(transitionsOf(await verificationEventsOf(t.ctx.db, p.credentials.workspaceId, accountId))).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
    ]);
  });
});
