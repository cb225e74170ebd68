import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import {
  documentFields,
  kycStatusOf,
  mailboxOf,
  mailedCode,
  openFlow,
  otherCode,
  photo,
  pngOfSize,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
  transitionsOf,
  type Upload,
  verificationEventsOf,
} from '../support/kyc-flow.js';

// Goal: the hosted verification page behaves as docs/decisions/ (Verification: steps, sessions) and the spec
// (POST /v1/kyc options, Events) say: each step, its errors, the redirects, and the events it causes (the looks:
// kyc-page-looks.test.ts).
// Method: plain form posts through HTTP, as a browser without scripts sends them; jobs run by moving a test clock.

const settleDelayMs = 60_000;
const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { SANDBOX_SETTLE_DELAY_MS: String(settleDelayMs), PUBLIC_BASE_URL: 'https://verify.example.test' },
  });
});

/** One check job (review, then decide) falls due per call. */
async function nextCheck() {
  clock.advance(settleDelayMs);
  await t.ctx.jobs.runDue();
}
const settle = async () => {
  await nextCheck();
  await nextCheck();
};

interface Attempt {
  readonly p: Partner;
  readonly email: string;
  readonly flow: string;
}

let customers = 0;
const startBody = (email: string, options: Record<string, unknown>) => ({
  userEmail: email,
  countryCode: 'PT',
  type: 'INDIVIDUAL',
  sendOTPMail: true,
  ...options,
});

/** A fresh partner (tokens outlive no clock jump) and customer with a complete profile, its link opened. */
async function attempt(options: Record<string, unknown> = {}, profile: Record<string, unknown> = {}): Promise<Attempt> {
  const p = await aPartner(t.app);
  customers += 1;
  const email = `page-${customers}@example.com`;
  expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile, ...profile })).statusCode).toBe(200);
  const started = await startKyc(t.app, p, startBody(email, options));
  expect(started.statusCode, started.body).toBe(200);
  return { p, email, flow: await openFlow(t.app, started.json().kycUrl) };
}

const page = (path: string) => t.app.inject({ method: 'GET', url: path });
const statusOf = async (a: Attempt) => (await kycStatusOf(t.app, a.p, a.email)).status;
const eventsOf = async (a: Attempt) => verificationEventsOf(t.ctx.db, a.p.credentials.workspaceId, a.email);

/** Consent, then the mailed code: the attempt waits on its document form. */
async function toDocument(a: Attempt, withCode = true) {
  expect((await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
  if (withCode)
    expect((await postStep(t.app, `${a.flow}/code`, { code: await mailedCode(t.app, a.p, a.email) })).statusCode).toBe(
      303,
    );
}
const submit = (a: Attempt, overrides: Record<string, string> = {}, upload: Upload | null = photo) =>
  postStep(t.app, `${a.flow}/document`, documentFields(overrides), upload ?? undefined);

describe('consent and the mailed code', () => {
  it('consent without the box: 400, the form again with role="alert" and the checkbox aria-invalid', async () => {
    const a = await attempt();
    const refused = await postStep(t.app, `${a.flow}/consent`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toMatch(/<input[^>]*id="consent"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('Tick the box to agree before you continue.');
    expect(await statusOf(a)).toBe('PENDING');
    expect(await mailboxOf(t.app, a.p, a.email)).toEqual([]);
  });

  it('sendOTPMail false skips the code step: after consent the flow shows the document form; no mail', async () => {
    const a = await attempt({ sendOTPMail: false });
    expect((await page(a.flow)).body).not.toContain('Email code');
    await toDocument(a, false);
    const form = await page(a.flow);
    expect(form.body).toContain(`action="${a.flow}/document"`);
    expect(form.body).toContain('enctype="multipart/form-data"');
    expect(await statusOf(a)).toBe('IN_PROGRESS');
    expect(await mailboxOf(t.app, a.p, a.email)).toEqual([]);
  });

  it('a wrong code: 400 with the attempts left; the right one then passes', async () => {
    const a = await attempt();
    await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' });
    const code = await mailedCode(t.app, a.p, a.email);
    const wrong = await postStep(t.app, `${a.flow}/code`, { code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Attempts left: 4.');
    expect(wrong.body).toMatch(/<input[^>]*id="code"[^>]*aria-invalid="true"/);
    expect((await postStep(t.app, `${a.flow}/code`, { code })).statusCode).toBe(303);
    expect((await page(a.flow)).body).toContain(`action="${a.flow}/document"`);
  });

  it.each([
    ['with errorUrl: 303 to it', 'https://partner.example/failed'],
    ['without errorUrl: the failed page', undefined],
  ])('5 wrong codes end the attempt, %s; the status stays and a new link works', async (_case, errorUrl) => {
    const a = await attempt(errorUrl ? { errorUrl } : {});
    await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' });
    const code = await mailedCode(t.app, a.p, a.email);
    for (let left = 4; left >= 1; left -= 1) {
      const wrong = await postStep(t.app, `${a.flow}/code`, { code: otherCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain(`Attempts left: ${left}.`);
    }
    const fifth = await postStep(t.app, `${a.flow}/code`, { code: otherCode(code) });
    expect(fifth.statusCode).toBe(303);
    expect(fifth.headers.location).toBe(errorUrl ?? a.flow);
    const failed = await page(a.flow);
    expect(failed.body).toContain('Verification stopped');
    // The right code no longer helps: the attempt is over.
    expect((await postStep(t.app, `${a.flow}/code`, { code })).statusCode).toBe(303);
    expect((await page(a.flow)).body).toContain('Verification stopped');
    expect(await statusOf(a)).toBe('IN_PROGRESS');
    const again = (await startKyc(t.app, a.p, startBody(a.email, {}))).json();
    expect((await page((await openFlow(t.app, again.kycUrl)) as string)).body).toContain(`/consent"`);
  });

  it('resend: 3 sends in all, the newest code works and an older one does not; a 4th send answers 429', async () => {
    const a = await attempt();
    await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' });
    for (let i = 0; i < 2; i += 1) {
      clock.advance(1_000); // one mail per second, so that "newest first" is unambiguous
      const resent = await postStep(t.app, `${a.flow}/code/resend`, {});
      expect(resent.statusCode).toBe(200);
      expect(resent.body).toContain('A new code is on its way.');
    }
    const refused = await postStep(t.app, `${a.flow}/code/resend`, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('No more codes can be sent for this attempt.');
    const mails = await mailboxOf(t.app, a.p, a.email);
    expect(mails).toHaveLength(3);
    const codes = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] as string);
    const older = codes.slice(1).find((c) => c !== codes[0]);
    if (older) expect((await postStep(t.app, `${a.flow}/code`, { code: older })).statusCode).toBe(400);
    expect((await postStep(t.app, `${a.flow}/code`, { code: codes[0] as string })).statusCode).toBe(303);
  });
});

describe('the document step', () => {
  const textAsPng: Upload = {
    name: 'image',
    filename: 'front.png',
    type: 'image/png',
    bytes: Buffer.from('just text'),
  };
  const tooLarge: Upload = { ...photo, bytes: pngOfSize(5 * 1024 * 1024 + 1) };

  it.each([
    ['no image', {}, null, 'image'],
    ['a text file named .png (its first bytes are not an image)', {}, textAsPng, 'image'],
    ['an image over 5 MB', {}, tooLarge, 'image'],
    ['no sector while the profile has no profession code', { sector: '' }, photo, 'sector'],
    ['an expiry date not as YYYY-MM-DD', { expiryDate: '31/01/2031' }, photo, 'expiryDate'],
  ])('%s: 400, the form again with the error and the typed values kept', async (_case, overrides, upload, field) => {
    const a = await attempt({ sendOTPMail: false });
    await toDocument(a, false);
    const typed: Record<string, string> = {
      documentNumber: 'AB987654',
      documentType: 'idcard',
      issuingCountry: 'ES',
      ...overrides,
    };
    const refused = await submit(a, typed, upload);
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(refused.body).toMatch(new RegExp(`<(input|select)[^>]*id="${field}"[^>]*aria-invalid="true"`));
    expect(refused.body).toContain('value="AB987654"');
    expect(refused.body).toContain(`value="${typed.expiryDate ?? '2031-01-31'}"`);
    expect(refused.body).toContain('<option value="idcard" selected>');
    expect(refused.body).toContain('<option value="ES" selected>');
    expect(await statusOf(a)).toBe('IN_PROGRESS');
    expect((await submit(a)).statusCode).toBe(303);
  });

  it('a profile with a profession code is not asked the sector', async () => {
    const a = await attempt({ sendOTPMail: false }, { profession: '50' });
    await toDocument(a, false);
    expect((await page(a.flow)).body).not.toContain('name="sector"');
    const { sector: _none, ...withoutSector } = documentFields();
    expect((await postStep(t.app, `${a.flow}/document`, withoutSector, photo)).statusCode).toBe(303);
  });

  it("the sector picked on the page becomes the profile's profession", async () => {
    const a = await attempt({ sendOTPMail: false });
    await toDocument(a, false);
    expect((await page(a.flow)).body).toContain('name="sector"');
    expect((await submit(a, { sector: '70' })).statusCode).toBe(303);
    const data = (await sendKycData(t.app, a.p, { userEmail: a.email })).json();
    expect(data.providedFields).toContain('profession');
    const [row] = await t.ctx.db.query<{ profession: string }>(
      `select k.profile->>'profession' as profession from kyc_profiles k join accounts a on a.id = k.account_id
        where a.workspace_id = $1 and a.email = $2`,
      [a.p.credentials.workspaceId, a.email],
    );
    expect(row?.profession).toBe('70');
  });

  it('after the submission: 303 to successUrl exactly; the flow then shows the done page linking back', async () => {
    const successUrl = 'https://partner.example/done?ref=a&step=2';
    const a = await attempt({ successUrl });
    await toDocument(a);
    const submitted = await submit(a);
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(successUrl);
    const done = await page(a.flow);
    expect(done.body).toContain('Thank you, we are checking your document');
    expect(done.body).toContain('href="https://partner.example/done?ref=a&amp;step=2"');
  });

  it('cancel: 303 to errorUrl; the status stays; a new POST /v1/kyc gives a working link', async () => {
    const a = await attempt({ errorUrl: 'https://partner.example/cancelled' });
    await toDocument(a);
    const cancelled = await postStep(t.app, `${a.flow}/cancel`, {});
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('https://partner.example/cancelled');
    expect((await page(a.flow)).body).toContain('Verification cancelled');
    expect((await submit(a)).statusCode).toBe(303);
    expect(await statusOf(a)).toBe('IN_PROGRESS');
    const again = (await startKyc(t.app, a.p, startBody(a.email, {}))).json();
    expect(again.status).toBe('IN_PROGRESS');
    await openFlow(t.app, again.kycUrl);
  });

  it('a re-call while submitted and while REVIEWING offers no kycUrl and shows the status', async () => {
    const a = await attempt({ sendOTPMail: false });
    await toDocument(a, false);
    expect((await submit(a)).statusCode).toBe(303);
    const recall = async () => (await startKyc(t.app, a.p, startBody(a.email, {}))).json();
    const submitted = await recall();
    expect(submitted).toMatchObject({ status: 'IN_PROGRESS', errorMessage: expect.any(String) });
    expect(submitted.kycUrl).toBeUndefined();
    await nextCheck();
    const reviewing = await recall();
    expect(reviewing).toMatchObject({ status: 'REVIEWING', errorMessage: expect.any(String) });
    expect(reviewing.kycUrl).toBeUndefined();
    await nextCheck();
    expect(await statusOf(a)).toBe('APPROVED');
  });

  it.each([
    ['a document number starting with RJ', { documentNumber: 'RJ1234567' }],
    ['an expired document', { expiryDate: '2020-01-31' }],
  ])('%s is REJECTED with kyc_completed; a re-call answers REJECTED without kycUrl', async (_case, overrides) => {
    const a = await attempt({ sendOTPMail: false });
    await toDocument(a, false);
    expect((await submit(a, overrides)).statusCode).toBe(303);
    await settle();
    expect(await statusOf(a)).toBe('REJECTED');
    expect(transitionsOf(await eventsOf(a)).slice(-2)).toEqual([
      'verification_status_updated:REVIEWING->REJECTED',
      'kyc_completed:REVIEWING->REJECTED',
    ]);
    const recall = (await startKyc(t.app, a.p, startBody(a.email, {}))).json();
    expect(recall).toMatchObject({ status: 'REJECTED', errorMessage: expect.any(String) });
    expect(recall.kycUrl).toBeUndefined();
  });

  it('posting the same step twice (a double click) changes nothing the second time', async () => {
    const a = await attempt();
    for (let i = 0; i < 2; i += 1)
      expect((await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    expect(await mailboxOf(t.app, a.p, a.email)).toHaveLength(1);
    const code = await mailedCode(t.app, a.p, a.email);
    for (let i = 0; i < 2; i += 1) expect((await postStep(t.app, `${a.flow}/code`, { code })).statusCode).toBe(303);
    for (let i = 0; i < 2; i += 1) expect((await submit(a)).statusCode).toBe(303);
    await settle();
    expect(transitionsOf(await eventsOf(a))).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
      'verification_status_updated:REVIEWING->APPROVED',
      'kyc_completed:REVIEWING->APPROVED',
    ]);
    const sessions = await t.ctx.db.query<{ step: string }>(
      `select s.step from kyc_sessions s join accounts a on a.id = s.account_id where a.workspace_id = $1`,
      [a.p.credentials.workspaceId],
    );
    expect(sessions.map((s) => s.step)).toEqual(['submitted']);
  });
});

describe('events of the hosted flow', () => {
  it('verification_status_updated carries eventId (not the envelope id), occurredAt, KYC, the email, the statuses', async () => {
    const a = await attempt({ sendOTPMail: false });
    await toDocument(a, false);
    await submit(a);
    await settle();
    const events = (await eventsOf(a)).filter((e) => e.type === 'verification_status_updated');
    expect(transitionsOf(events)).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
      'verification_status_updated:REVIEWING->APPROVED',
    ]);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const event of events) {
      expect(event.data).toEqual({
        eventId: expect.stringMatching(uuid),
        occurredAt: expect.any(Number),
        verificationType: 'KYC',
        customerEmail: a.email,
        entityId: a.email,
        status: expect.any(String),
        previousStatus: expect.any(String),
      });
      expect(event.event_id).toMatch(uuid);
      expect(event.event_id).not.toBe(event.data.eventId);
      expect(Math.abs(Number(event.data.occurredAt) - clock.nowMs())).toBeLessThan(10 * 60_000);
    }
    expect(new Set(events.map((e) => e.data.eventId)).size).toBe(events.length);
  });
});
