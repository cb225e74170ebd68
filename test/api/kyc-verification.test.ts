import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, aToken, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import {
  documentFields,
  kycStatusOf,
  mailedCode,
  openFlow,
  pathOf,
  photo,
  postStep,
  secretOf,
  sendKycData,
  standardProfile,
  startKyc,
  transitionsOf,
  verificationEventsOf,
} from '../support/kyc-flow.js';

// Goal: POST /v1/kyc follows the spec (Identity verification (KYC), KYC verification) and docs/decisions/
// (Verification: POST /v1/kyc, sessions): validation, missing fields, one verification per customer, single-use
// expiring links of which only the newest works. Method: the HTTP API and the hosted page's GETs.

const env = { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://verify.example.test' };
let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp({ env });
  partner = await aPartner(t.app);
});

const statusOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers })).json().value;

const verificationEvents = async (email: string) =>
  (
    await t.ctx.db.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from outbox_events where workspace_id = $1 and data->>'customerEmail' = $2 order by id`,
      [partner.credentials.workspaceId, email],
    )
  ).map((e) => `${e.type}:${e.data.previousStatus}->${e.data.status}`);

const startBody = (userEmail: string, extra: Record<string, unknown> = {}) => ({
  userEmail,
  countryCode: 'PT',
  type: 'INDIVIDUAL',
  sendOTPMail: true,
  ...extra,
});

/** A complete profile, then POST /v1/kyc: the kycUrl it answers. */
async function linkFor(p: Partner, email: string, app = t.app): Promise<string> {
  expect((await sendKycData(app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
  return newLink(p, email, app);
}

async function newLink(p: Partner, email: string, app = t.app): Promise<string> {
  const started = await startKyc(app, p, startBody(email));
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().kycUrl, started.body).toBeDefined();
  return started.json().kycUrl;
}

const open = (url: string, app = t.app) => app.inject({ method: 'GET', url: url.startsWith('/') ? url : pathOf(url) });

describe('the hosted verification, end to end through HTTP', () => {
  it('consent, mailed code, document: IN_PROGRESS, then REVIEWING and APPROVED through jobs', async () => {
    const email = 'flow-approved@example.com';
    expect((await sendKycData(t.app, partner, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
    const started = await startKyc(t.app, partner, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({
      success: true,
      status: 'PENDING',
      userEmail: email,
      missingFields: [],
      accountId: email,
    });
    expect(body.kycUrl).toMatch(/^https:\/\/verify\.example\.test\/kyc\/start\/[A-Za-z0-9_-]{43}$/);
    expect(body.kycId).toMatch(/^kyc_/);

    const flow = await openFlow(t.app, body.kycUrl);
    const consentPage = await t.app.inject({ method: 'GET', url: flow });
    expect(consentPage.statusCode).toBe(200);
    expect(consentPage.headers['content-type']).toMatch(/text\/html/);
    expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    expect((await statusOf(email)).status).toBe('IN_PROGRESS');

    const code = await mailedCode(t.app, partner, email);
    expect((await postStep(t.app, `${flow}/code`, { code })).statusCode).toBe(303);
    const submitted = await postStep(t.app, `${flow}/document`, documentFields(), photo);
    expect(submitted.statusCode, submitted.body).toBe(303);
    await t.ctx.jobs.runDue();
    expect((await statusOf(email)).status).toBe('APPROVED');
    expect(await verificationEvents(email)).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
      'verification_status_updated:REVIEWING->APPROVED',
      'kyc_completed:REVIEWING->APPROVED',
    ]);
    const again = await startKyc(t.app, partner, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: true,
    });
    expect(again.json()).toMatchObject({ status: 'APPROVED' });
    expect(again.json().kycUrl).toBeUndefined();
  });
});

describe('POST /v1/kyc validation (400 ValidationError in the create envelope; nothing is created)', () => {
  const email = 'never-created@example.com';
  const refusedWith = async (body: Record<string, unknown>, field: string) => {
    const response = await startKyc(t.app, partner, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'ValidationError',
      message: expect.stringContaining(field),
      errorId: expect.anything(),
      errorName: expect.any(String),
    });
    expect(await kycStatusOf(t.app, partner, email)).toEqual({
      status: 'NOT_AVAILABLE',
      missingFields: expect.any(Array),
    });
  };

  it.each(['userEmail', 'countryCode', 'type', 'sendOTPMail'])(
    'refuses a body without the required %s',
    async (field) => {
      const { [field]: _left, ...body }: Record<string, unknown> = startBody(email);
      await refusedWith(body, field);
    },
  );

  it.each([
    ['countryCode of three letters', { countryCode: 'PRT' }, 'countryCode'],
    ['countryCode outside the fixed set', { countryCode: 'ZZ' }, 'countryCode'],
    ['userPhone without + and hyphen', { userPhone: '351912345678' }, 'userPhone'],
    ['userPhone with a space instead of the hyphen', { userPhone: '+351 912' }, 'userPhone'],
    ['successUrl with a script scheme', { successUrl: 'javascript:alert(1)' }, 'successUrl'],
    ['successUrl not http(s)', { successUrl: 'ftp://x' }, 'successUrl'],
    ['errorUrl with a script scheme', { errorUrl: 'javascript:alert(1)' }, 'errorUrl'],
    ['width carrying more CSS', { width: '100px;color:red' }, 'width'],
    ['height without a unit', { height: '600' }, 'height'],
    ['type not INDIVIDUAL or BUSINESS', { type: 'PERSON' }, 'type'],
    ['theme not dark or light', { theme: 'blue' }, 'theme'],
    ['sendOTPMail as a string', { sendOTPMail: 'true' }, 'sendOTPMail'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s', async (_case, extra, field) => {
    await refusedWith(startBody(email, extra), field);
  });

  it('accepts userPhone +91-9876543210 and CSS sizes such as 420px', async () => {
    const response = await startKyc(
      t.app,
      partner,
      startBody('accepted@example.com', {
        countryCode: 'IN',
        userPhone: '+91-9876543210',
        width: '420px',
        height: '80vh',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, status: 'PENDING' });
  });
});

describe('POST /v1/kyc while profile fields are missing', () => {
  const { firstName: _f, phone: _p, ...withoutNameAndPhone } = standardProfile;

  it('answers PENDING without kycUrl, missingFields as GET /v1/kyc shows, missingInfo flags and errorMessage', async () => {
    const p = await aPartner(t.app);
    const email = 'missing@example.com';
    expect((await sendKycData(t.app, p, { userEmail: email, ...withoutNameAndPhone })).statusCode).toBe(200);
    const first = await startKyc(t.app, p, startBody(email));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      success: true,
      status: 'PENDING',
      userEmail: email,
      accountId: email,
      kycId: expect.stringMatching(/^kyc_/),
      missingFields: ['firstName', 'phone'],
      missingInfo: { firstName: true, phone: true },
      errorMessage: expect.stringContaining('/v1/kyc/data'),
    });
    expect((await kycStatusOf(t.app, p, email)).missingFields).toEqual(body.missingFields);

    await sendKycData(t.app, p, { userEmail: email, firstName: 'Ana', phone: '+351912345678' });
    const second = (await startKyc(t.app, p, startBody(email))).json();
    expect(second).toMatchObject({ status: 'PENDING', missingFields: [], missingInfo: {}, kycId: body.kycId });
    expect(second.kycUrl).toMatch(/\/kyc\/start\//);
    expect(second.errorMessage).toBeUndefined();
  });

  it('with nothing sent, missingInfo flags firstName, lastName and phone (email is the key, never missing)', async () => {
    const body = (await startKyc(t.app, partner, startBody('nothing-sent@example.com'))).json();
    expect(body.missingInfo).toEqual({ firstName: true, lastName: true, phone: true });
    expect(body.missingFields).toEqual((await kycStatusOf(t.app, partner, 'nothing-sent@example.com')).missingFields);
    expect(body.kycUrl).toBeUndefined();
  });

  it('India and Turkey need a phone: userPhone or the profile phone, else phone is missing', async () => {
    // The basic profile does not ask for the phone, so only the corridor rule can.
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { verificationProfile: 'basic' });
    const basic = { firstName: 'Ravi', lastName: 'Kumar', birthdate: '1988-01-02', nationality: 'IN' };
    for (const email of ['in@example.com', 'tr@example.com'])
      await sendKycData(t.app, p, { userEmail: email, ...basic });

    expect((await startKyc(t.app, p, startBody('in@example.com'))).json().kycUrl).toBeDefined();
    for (const [email, countryCode] of [
      ['in@example.com', 'IN'],
      ['tr@example.com', 'TR'],
    ] as const) {
      const refused = (await startKyc(t.app, p, startBody(email, { countryCode }))).json();
      expect(refused).toMatchObject({ missingFields: ['phone'], missingInfo: { phone: true } });
      expect(refused.kycUrl).toBeUndefined();
    }
    const withUserPhone = await startKyc(
      t.app,
      p,
      startBody('in@example.com', { countryCode: 'IN', userPhone: '+91-9876543210' }),
    );
    expect(withUserPhone.json()).toMatchObject({ missingFields: [], missingInfo: {} });
    expect(withUserPhone.json().kycUrl).toBeDefined();
    await sendKycData(t.app, p, { userEmail: 'tr@example.com', phone: '+905321234567' });
    expect((await startKyc(t.app, p, startBody('tr@example.com', { countryCode: 'TR' }))).json().kycUrl).toBeDefined();
  });

  it('creates the verification once: one NOT_AVAILABLE→PENDING event however many calls, one kycId', async () => {
    const email = 'created-once@example.com';
    const calls = [await startKyc(t.app, partner, startBody(email)), await startKyc(t.app, partner, startBody(email))];
    await sendKycData(t.app, partner, { userEmail: email, ...standardProfile });
    for (let i = 0; i < 3; i += 1) calls.push(await startKyc(t.app, partner, startBody(email)));
    expect(new Set(calls.map((c) => c.json().kycId)).size).toBe(1);
    expect(calls.map((c) => c.json().status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect(await verificationEvents(email)).toEqual(['verification_status_updated:NOT_AVAILABLE->PENDING']);
  });
});

describe('kycUrl sessions', () => {
  it('every call gives a different kycUrl; an older unopened link answers 410, and so does an older open flow', async () => {
    const email = 'superseded@example.com';
    const first = await linkFor(partner, email);
    const second = await newLink(partner, email);
    expect(second).not.toBe(first);
    const old = await open(first);
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain('A newer link replaced this one');
    const flow = await openFlow(t.app, second);
    await newLink(partner, email);
    const oldFlow = await open(flow);
    expect(oldFlow.statusCode).toBe(410);
    expect(oldFlow.body).toContain('A newer link replaced this one');
    expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(410);
    expect((await statusOf(email)).status).toBe('PENDING');
  });

  it('a link works once: the second opening answers 410', async () => {
    const url = await linkFor(partner, 'once@example.com');
    expect((await open(url)).statusCode).toBe(303);
    const again = await open(url);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toMatch(/text\/html/);
    expect(again.body).toContain('This link was already used');
  });

  it('an unknown well-formed secret answers 404; a malformed one 400', async () => {
    for (const path of [`/kyc/start/${'A'.repeat(43)}`, `/kyc/flow/${'b'.repeat(43)}`]) {
      const unknown = await open(path);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Link not found');
    }
    for (const path of ['/kyc/start/short', `/kyc/start/${'A'.repeat(44)}`, `/kyc/flow/${'A'.repeat(42)}.`]) {
      expect((await open(path)).statusCode, path).toBe(400);
    }
  });

  it('a link unopened for 15 minutes answers 410; a flow older than 60 minutes answers 410', async () => {
    const clock = new TestClock();
    const c = await buildTestApp({ env, clock });
    let p = await aPartner(c.app);
    // Tokens live about 5 minutes; a partner past the clock jump mints a new one.
    const refreshed = async () => ({
      ...p,
      headers: { authorization: `Bearer ${await aToken(c.app, p.credentials)}` },
    });
    const stale = await linkFor(p, 'clock@example.com', c.app);
    clock.advance(15 * 60_000 + 1_000);
    const expired = await open(stale, c.app);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');

    p = await refreshed();
    const fresh = await newLink(p, 'clock@example.com', c.app);
    clock.advance(14 * 60_000);
    const flow = await openFlow(c.app, fresh);
    clock.advance(59 * 60_000);
    expect((await open(flow, c.app)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const late = await open(flow, c.app);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('This link has expired');
    expect((await postStep(c.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(410);
    p = await refreshed();
    expect((await kycStatusOf(c.app, p, 'clock@example.com')).status).toBe('PENDING');
    await c.app.close();
  });

  it('the page never echoes the secret of another session, nor its own link secret', async () => {
    const linkA = await linkFor(partner, 'echo-a@example.com');
    const linkB = await linkFor(partner, 'echo-b@example.com');
    const flowA = await openFlow(t.app, linkA);
    const flowB = await openFlow(t.app, linkB);
    const linkB2 = await newLink(partner, 'echo-b@example.com');
    const pages = [await open(flowA), await open(flowB), await open(linkA), await open(linkB)];
    expect(pages.map((page) => page.statusCode)).toEqual([200, 410, 410, 410]);
    const secrets = [linkA, linkB, linkB2, flowB].map(secretOf);
    for (const page of pages) for (const secret of secrets) expect(page.body).not.toContain(secret);
    expect(pages[0]?.body).toContain(`action="${flowA}/consent"`);
    for (const page of pages.slice(1)) expect(page.body).not.toContain(secretOf(flowA));
  });

  it('6 concurrent calls for a new email: all 200, one NOT_AVAILABLE→PENDING event, exactly one link opens', async () => {
    const email = 'concurrent@example.com';
    await sendKycData(t.app, partner, { userEmail: email, ...standardProfile });
    const responses = await Promise.all(Array.from({ length: 6 }, () => startKyc(t.app, partner, startBody(email))));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const urls = responses.map((r) => r.json().kycUrl as string);
    expect(new Set(urls).size).toBe(6);
    expect(await verificationEvents(email)).toEqual(['verification_status_updated:NOT_AVAILABLE->PENDING']);
    const openings = [];
    for (const url of urls) openings.push(await open(url));
    expect(openings.map((o) => o.statusCode).sort()).toEqual([303, 410, 410, 410, 410, 410]);

    // The surviving attempt is the account's current one: once it is submitted, no new link is offered.
    const flow = String(openings.find((o) => o.statusCode === 303)?.headers.location);
    await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
    await postStep(t.app, `${flow}/code`, { code: await mailedCode(t.app, partner, email) });
    expect((await postStep(t.app, `${flow}/document`, documentFields(), photo)).statusCode).toBe(303);
    const recall = (await startKyc(t.app, partner, startBody(email))).json();
    expect(recall).toMatchObject({ status: 'IN_PROGRESS', errorMessage: expect.any(String) });
    expect(recall.kycUrl).toBeUndefined();
  });
});

describe('production', () => {
  it('POST /v1/kyc answers and the page works (manual review holds it in REVIEWING); the sandbox mailbox is 404', async () => {
    const prod = await buildTestApp({
      env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
      providersFile: { verification: { provider: 'manual-review' } },
    });
    const p = await aPartner(prod.app);
    const email = 'prod@example.com';
    await sendKycData(prod.app, p, { userEmail: email, ...standardProfile });
    const started = await startKyc(
      prod.app,
      p,
      startBody(email, { sendOTPMail: false, successUrl: 'https://partner.example/ok' }),
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'PENDING', kycId: expect.stringMatching(/^kyc_/) });
    const flow = await openFlow(prod.app, started.json().kycUrl);
    expect((await postStep(prod.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    const documentPage = await open(flow, prod.app);
    expect(documentPage.body).toContain('name="documentNumber"');
    expect(documentPage.body).not.toContain('class="sandbox"');
    const submitted = await postStep(prod.app, `${flow}/document`, documentFields(), photo);
    expect(submitted.statusCode, submitted.body).toBe(303);
    expect(submitted.headers.location).toBe('https://partner.example/ok');
    await prod.ctx.jobs.runDue();
    expect((await kycStatusOf(prod.app, p, email)).status).toBe('REVIEWING');
    expect(transitionsOf(await verificationEventsOf(prod.ctx.db, p.credentials.workspaceId, email))).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
    ]);
    const mailbox = await prod.app.inject({
      method: 'GET',
      url: `/v1/simulate/mailbox?email=${encodeURIComponent(email)}`,
      headers: p.headers,
    });
    expect(mailbox.statusCode).toBe(404);
    await prod.app.close();
  });
});
