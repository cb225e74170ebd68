import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlApi, ivan } from '../support/aml.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, postForged, postForm, signedInOperator } from '../support/operators.js';

// Goal: three queues of the console (issue 14, items 3 and 4): AML potential matches (confirm, false positive),
// refunds awaiting approval (approve) and the release of a consumed idempotency key. Each action through the page's
// form is what the partner API then shows; a role without the permission sees no form and is refused the POST
// (403, nothing changed); a forged form is refused; an item decided already answers the page with the message.
// Confirming a match takes a second step (issue 30, item 4): the queue's button answers a page that asks, and a POST
// without that page's `confirmed` confirms nothing. The queue names each workspace (issue 30, item 2).
// Method: app.inject over the test database, operators signed in with TOTP.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
let compliance: CookieJar;
let support: CookieJar;
let viewer: CookieJar;
const { screen, read } = amlApi(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
  partner = await aPartner(t.app, { name: 'Sanctions <Desk> Ltd' });
  compliance = await signedInOperator(t.app, clock, 'compliance');
  support = await signedInOperator(t.app, clock, 'support');
  viewer = await signedInOperator(t.app, clock, 'viewer');
});
afterAll(async () => {
  await t.app.close();
});

const potentialMatch = async (): Promise<string> => {
  const screened = (
    await screen(partner, { ...ivan, userEmail: `ivan-${randomUUID().slice(0, 6)}@example.com` })
  ).json().value;
  expect(screened.status).toBe('POTENTIAL_MATCH');
  return screened.screeningId;
};
const partnerScreening = async (id: string) => (await read(partner, id)).json().value;
const amlQueue = (jar: CookieJar) =>
  getPage(t.app, jar, `/console/queues/aml?workspaceId=${partner.credentials.workspaceId}`);

describe('AML matches in the console', () => {
  it('compliance confirms one and marks another a false positive, with a note; the partner reads both', async () => {
    const confirmed = await potentialMatch();
    const cleared = await potentialMatch();
    const page = await amlQueue(compliance);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(confirmed);
    expect(page.body).toContain('Ivan Testsanctioned');
    const url = (id: string) => `/console/queues/aml/${id}/resolution`;
    const first = await postForm(t.app, compliance, url(confirmed), {
      status: 'CONFIRMED_MATCH',
      note: 'Same person',
      confirmed: 'yes',
    });
    expect(first.statusCode, first.body).toBe(303);
    const second = await postForm(t.app, compliance, url(cleared), { status: 'FALSE_POSITIVE', note: '' });
    expect(second.statusCode).toBe(303);
    expect(await partnerScreening(confirmed)).toMatchObject({
      status: 'CONFIRMED_MATCH',
      resolutionNote: 'Same person',
    });
    expect(await partnerScreening(cleared)).toMatchObject({ status: 'FALSE_POSITIVE' });
    const after = await amlQueue(compliance);
    expect(after.body).not.toContain(confirmed);

    const again = await postForm(t.app, compliance, url(confirmed), { status: 'FALSE_POSITIVE' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Cannot resolve AML screening ${confirmed}`);
    expect((await postForm(t.app, compliance, url(cleared), { status: 'MAYBE' })).statusCode).toBe(400);
    expect((await partnerScreening(confirmed)).status).toBe('CONFIRMED_MATCH');
  });

  it('names the workspace of each screening, linked, its id kept beneath', async () => {
    await potentialMatch();
    const page = await amlQueue(compliance);
    const ws = partner.credentials.workspaceId;
    expect(page.body).toContain(
      `<td data-label="Workspace"><a href="/console/workspaces/${ws}">Sanctions &lt;Desk&gt; Ltd</a><br><span class="muted id">${ws}</span></td>`,
    );
    expect(page.body).not.toContain(`<td data-label="Workspace">${ws}</td>`);
  });

  it('asks before confirming: the first POST answers a page naming the person; only its form confirms', async () => {
    const id = await potentialMatch();
    const url = `/console/queues/aml/${id}/resolution`;
    const audited = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin/v1/audit-log?via=console&workspaceId=${partner.credentials.workspaceId}&limit=100`,
          headers: adminHeaders,
        })
      ).json().length as number;
    const before = await audited();
    const asked = await postForm(t.app, compliance, url, { status: 'CONFIRMED_MATCH', note: 'Listed <alias>' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.body).toContain('<h1>Confirm the match</h1>');
    expect(asked.body).toContain(
      'Confirm the match for <strong>Ivan Testsanctioned</strong>? This stops the account moving money.',
    );
    expect(asked.body).toContain('<input type="hidden" name="confirmed" value="yes">');
    expect(asked.body).toContain('value="Listed &lt;alias&gt;"');
    expect(asked.body).toContain('<a class="button secondary" href="/console/queues/aml">Cancel</a>');
    expect(asked.body).toMatch(/name="csrf" value="[^"]+"/);
    // Asking changed nothing and recorded nothing; any other value of the field is no confirmation either.
    expect((await partnerScreening(id)).status).toBe('POTENTIAL_MATCH');
    const notYes = await postForm(t.app, compliance, url, { status: 'CONFIRMED_MATCH', confirmed: 'true' });
    expect(notYes.body).toContain('<h1>Confirm the match</h1>');
    expect((await partnerScreening(id)).status).toBe('POTENTIAL_MATCH');
    expect(await audited()).toBe(before);

    const confirmed = await postForm(t.app, compliance, url, {
      status: 'CONFIRMED_MATCH',
      note: 'Listed <alias>',
      confirmed: 'yes',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    expect(await partnerScreening(id)).toMatchObject({ status: 'CONFIRMED_MATCH', resolutionNote: 'Listed <alias>' });
    expect(await audited()).toBe(before + 1);
    // Asked again once decided: the queue with the message, no second page.
    const late = await postForm(t.app, compliance, url, { status: 'CONFIRMED_MATCH' });
    expect(late.statusCode).toBe(409);
    expect(late.body).not.toContain('<h1>Confirm the match</h1>');
    const unknown = await postForm(t.app, compliance, `/console/queues/aml/${randomUUID()}/resolution`, {
      status: 'CONFIRMED_MATCH',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('support and viewers see no form and are refused; a forged form is refused; nothing changes', async () => {
    const id = await potentialMatch();
    for (const jar of [support, viewer]) {
      const page = await amlQueue(jar);
      expect(page.body).toContain(id);
      expect(page.body).not.toContain(`/console/queues/aml/${id}/resolution`);
      expect(
        (await postForm(t.app, jar, `/console/queues/aml/${id}/resolution`, { status: 'FALSE_POSITIVE' })).statusCode,
      ).toBe(403);
    }
    for (const jar of [support, viewer]) {
      for (const confirmed of ['', 'yes']) {
        const answer = await postForm(t.app, jar, `/console/queues/aml/${id}/resolution`, {
          status: 'CONFIRMED_MATCH',
          confirmed,
        });
        expect(answer.statusCode).toBe(403);
        expect(answer.body).not.toContain('Confirm the match for');
      }
    }
    for (const fields of [
      { status: 'FALSE_POSITIVE' },
      { status: 'CONFIRMED_MATCH' },
      { status: 'CONFIRMED_MATCH', confirmed: 'yes' },
    ]) {
      const forged = await postForged(t.app, compliance, `/console/queues/aml/${id}/resolution`, fields);
      expect(forged.statusCode).toBe(403);
    }
    expect((await partnerScreening(id)).status).toBe('POTENTIAL_MATCH');
  });
});

describe('refunds awaiting approval in the console', () => {
  const iban = { name: 'Payer GmbH', iban: 'DE89370400440532013000' };
  async function refundAwaiting(): Promise<string> {
    const methodId = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/deposits/methods',
        headers: partner.headers,
        payload: { methodType: 'fiat', currency: 'EUR' },
      })
    ).json().methodId;
    await t.ctx.jobs.runDue();
    const detected = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      headers: partner.headers,
      payload: { methodId, amount: 75.25, counterparty: iban },
    });
    const id = detected.json().transferId as string;
    const started = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/pending-payments/${id}/refund/start`,
      headers: adminHeaders,
    });
    expect(started.json().refundStatus).toBe('pending_approval');
    return id;
  }
  const partnerPayment = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/pending-payments/${id}`, headers: partner.headers })).json().value;

  it('compliance approves; the partner sees the refund returning, then returned; again is a message', async () => {
    const id = await refundAwaiting();
    const page = await getPage(
      t.app,
      compliance,
      `/console/queues/refunds?workspaceId=${partner.credentials.workspaceId}`,
    );
    expect(page.body).toContain(id);
    expect(page.body).toContain('75.25 EUR');
    const approved = await postForm(t.app, compliance, `/console/queues/refunds/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(303);
    expect((await partnerPayment(id)).refundStatus).toBe('returning');
    await t.ctx.jobs.runDue();
    expect(await partnerPayment(id)).toMatchObject({ refundStatus: 'returned', status: 'RETURNED' });
    const again = await postForm(t.app, compliance, `/console/queues/refunds/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Pending payment ${id} is RETURNED`);
  });

  it('a viewer and support are refused; a forged form too; the refund still waits', async () => {
    const id = await refundAwaiting();
    for (const jar of [viewer, support]) {
      const page = await getPage(t.app, jar, '/console/queues/refunds');
      expect(page.body).not.toContain(`/console/queues/refunds/${id}/approve`);
      expect((await postForm(t.app, jar, `/console/queues/refunds/${id}/approve`, {})).statusCode).toBe(403);
    }
    expect((await postForged(t.app, compliance, `/console/queues/refunds/${id}/approve`)).statusCode).toBe(403);
    expect((await partnerPayment(id)).refundStatus).toBe('pending_approval');
  });
});

describe('releasing an idempotency key in the console', () => {
  const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'console.keys@example.com', country: 'PT' };
  const deposit = (key: string, userEmail = payer.userEmail) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: { ...partner.headers, 'idempotency-key': key },
      payload: { userData: { ...payer, userEmail }, currency: 'EUR', amount: 42 },
    });

  it('support releases a key left consumed; the partner may send it again; a completed key is a message', async () => {
    await verifyCustomer(t.app, partner, payer.userEmail);
    const key = `k-${randomUUID()}`;
    expect((await deposit(key, `nobody-${randomUUID()}@example.com`)).statusCode).toBe(403);
    expect((await deposit(key)).statusCode).toBe(409);
    const fields = { workspaceId: partner.credentials.workspaceId, key, accountScope: '' };
    const released = await postForm(t.app, support, '/console/queues/idempotency-keys', fields);
    expect(released.statusCode, released.body).toBe(303);
    expect(released.headers.location).toBe('/console/queues/idempotency-keys?released=failed');
    expect((await getPage(t.app, support, released.headers.location as string)).body).toContain('The key was released');
    expect((await deposit(key)).statusCode).toBe(201);

    const again = await postForm(t.app, support, '/console/queues/idempotency-keys', fields);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('The key completed successfully');
    const unknown = await postForm(t.app, support, '/console/queues/idempotency-keys', { ...fields, key: 'k-none' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No idempotency key k-none');
  });

  it('a viewer sees no form and is refused; a forged form is refused; the key stays consumed', async () => {
    const key = `k-${randomUUID()}`;
    expect((await deposit(key, `nobody-${randomUUID()}@example.com`)).statusCode).toBe(403);
    const fields = { workspaceId: partner.credentials.workspaceId, key };
    expect((await getPage(t.app, viewer, '/console/queues/idempotency-keys')).body).toContain(
      'Your role may not release keys',
    );
    expect((await postForm(t.app, viewer, '/console/queues/idempotency-keys', fields)).statusCode).toBe(403);
    expect((await postForged(t.app, support, '/console/queues/idempotency-keys', fields)).statusCode).toBe(403);
    expect((await deposit(key)).statusCode).toBe(409);
  });
});
