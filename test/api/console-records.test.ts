import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sepa } from '../support/banking-accounts.js';
import type { Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { type CookieJar, getPage, postForm, signedInOperator } from '../support/operators.js';
import {
  approvedPartner,
  aQuote,
  destinations,
  payer,
  payerFields,
  payIn,
  pixOrderBody,
  postOrder,
} from '../support/orders.js';
import { aReceiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: the console's record pages (issue 14, item 3) show what happened to a known order, deposit, withdrawal and
// customer: the partner API's fields, status changes from the status events, ledger entries with their postings,
// events with every delivery attempt; partner text is escaped; a resend queues the event again through the partner
// API's use case (support may, a viewer is refused with 403 and nothing queued); search finds each kind of id and an
// email. Method: real operations through the partner API (sandbox), a loopback webhook receiver, the job runner and
// the dispatcher run on demand; the console through app.inject with signed-in operators.

let t: TestApp;
const clock = new TestClock();
let receiver: Awaited<ReturnType<typeof aReceiver>>;
let admin: CookieJar;
let support: CookieJar;
let viewer: CookieJar;
let p: Partner;
const hostile = '<script>alert("ref")</script>';
const known = { orderId: '', depositId: '', withdrawalId: '', quoteId: '', endpointId: '', orderEventUid: '' };

const api = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...p.headers, ...headers }, ...(payload ? { payload } : {}) });

async function deliver() {
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
}

const deliveryCount = async (eventUid: string) => {
  const [row] = await (await testDb()).query<{ n: bigint }>(
    `select count(*) as n from webhook_deliveries d join outbox_events o on o.id = d.outbox_id where o.event_uid = $1`,
    [eventUid],
  );
  return Number(row?.n ?? 0);
};

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  admin = await signedInOperator(t.app, clock, 'admin');
  support = await signedInOperator(t.app, clock, 'support');
  viewer = await signedInOperator(t.app, clock, 'viewer');

  p = await approvedPartner(t);
  const endpoint = await aWebhookEndpoint(t.app, p, `${receiver.url}/records`, {
    name: 'records',
    secret: 'records-secret',
  });
  known.endpointId = endpoint.id;

  // A deposit collected in full.
  const deposit = await api('POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 75 });
  known.depositId = deposit.json().depositId;
  await api('POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId: known.depositId,
    amount: 75,
    ...payerFields.EUR,
  });
  await deliver();

  // An order with a partner's reference that is markup, paid in and carried through.
  const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
  known.quoteId = quote.quoteId;
  const order = await postOrder(t.app, p, { ...pixOrderBody(quote.quoteId), externalReference: hostile });
  expect(order.statusCode, order.body).toBe(201);
  known.orderId = order.json().orderId;
  await payIn(t, p, known.orderId, 100);
  await deliver();
  await deliver();

  // A withdrawal of the partner's own balance, paid out.
  const withdrawal = await api('POST', '/v1/withdrawals', {
    currency: 'EUR',
    amount: 20,
    destinationTransferData: destinations.SEPA,
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(201);
  known.withdrawalId = withdrawal.json().withdrawalId;
  await deliver();

  const [event] = await (await testDb()).query<{ event_uid: string }>(
    `select event_uid::text as event_uid from outbox_events where event_id = $1 order by id limit 1`,
    [known.orderId],
  );
  known.orderEventUid = event?.event_uid as string;
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

describe('record pages', () => {
  it("shows an order: its fields, its status changes, its ledger entries' postings, its events' attempts", async () => {
    const order = (await api('GET', `/v1/orders/${known.orderId}`)).json();
    const page = await getPage(t.app, viewer, `/console/orders/${known.orderId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`<h1>Order ${known.orderId}</h1>`);
    expect(page.body).toContain(`<td>${order.status}</td>`);
    expect(page.body).toMatch(/Status [A-Za-z]+ → [A-Za-z]+ \(order_status_updated\)/);
    expect(page.body).toMatch(/Ledger entry \d+: /);
    expect(page.body).toContain('100.00 EUR');
    expect(page.body).toContain('order_status_updated');
    expect(page.body).toContain(`${receiver.url}/records`);
    expect(page.body).toMatch(/<td data-label="State">delivered<\/td>/);
    // The partner's text is text.
    expect(page.body).not.toContain(hostile);
    expect(page.body).toContain('&lt;script&gt;alert(&quot;ref&quot;)&lt;/script&gt;');
    expect(page.body).toContain(`/console/customers?workspace=${p.credentials.workspaceId}&amp;email=`);
    // A viewer is not offered the resend.
    expect(page.body).not.toContain('/resend');
  });

  it('shows a deposit and a withdrawal with their entries and events', async () => {
    const deposit = await getPage(t.app, viewer, `/console/deposits/${known.depositId}`);
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.body).toContain('deposit_completed');
    expect(deposit.body).toContain('75.00 EUR');
    expect(deposit.body).toMatch(/Ledger entry \d+: deposit/);

    const withdrawal = await getPage(t.app, viewer, `/console/withdrawals/${known.withdrawalId}`);
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.body).toContain('withdrawal_completed');
    expect(withdrawal.body).toContain('Status Success (withdrawal_status_updated)');
    expect(withdrawal.body).toContain('Event withdrawal_completed (status Success)');
    expect(withdrawal.body).toMatch(/Ledger entry \d+: withdrawal_hold/);
    expect(withdrawal.body).toContain('20.00 EUR');

    for (const url of [
      '/console/orders/PRENOSUCHORDER',
      '/console/deposits/nope',
      `/console/withdrawals/${randomUUID()}`,
    ]) {
      expect((await getPage(t.app, viewer, url)).statusCode, url).toBe(404);
    }
  });

  it("shows a customer: KYC status and history, orders and deposits, balances' ledger", async () => {
    const page = await getPage(
      t.app,
      viewer,
      `/console/customers?workspace=${p.credentials.workspaceId}&email=${encodeURIComponent(payer.userEmail.toUpperCase())}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`Customer ${payer.userEmail}`);
    expect(page.body).toContain('<td>APPROVED</td>');
    expect(page.body).toContain('(verification_status_updated)');
    expect(page.body).toContain(`/console/orders/${known.orderId}`);
    expect(page.body).toContain(`/console/deposits/${known.depositId}`);
    const missing = await getPage(
      t.app,
      viewer,
      `/console/customers?workspace=${p.credentials.workspaceId}&email=x@y.z`,
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('resend', () => {
  const path = () => `/console/orders/${known.orderId}`;
  const resend = (jar: CookieJar) =>
    postForm(t.app, jar, `/console/events/${known.orderEventUid}/resend`, { back: path() }, path());

  it('queues the event again for the endpoint, as the partner API would, and says so on the page', async () => {
    const before = await deliveryCount(known.orderEventUid);
    const answer = await resend(support);
    expect(answer.statusCode, answer.body).toBe(303);
    expect(answer.headers.location).toBe(`${path()}?resent=1#events`);
    expect(await deliveryCount(known.orderEventUid)).toBe(before + 1);
    const received = receiver.received.length;
    await deliver();
    expect(receiver.received.length).toBe(received + 1);
    expect(receiver.received.at(-1)?.body.eventId).toBe(known.orderEventUid);
    const page = await getPage(t.app, support, `${path()}?resent=1`);
    expect(page.body).toContain('The event was queued for 1 delivery.');
  });

  it('refuses a viewer (403) and a forged form (403), queueing nothing; sends a stray back link to search', async () => {
    const before = await deliveryCount(known.orderEventUid);
    expect((await resend(viewer)).statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/console/events/${known.orderEventUid}/resend`,
      headers: { ...admin.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `back=${encodeURIComponent(path())}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(await deliveryCount(known.orderEventUid)).toBe(before);
    const stray = await postForm(
      t.app,
      admin,
      `/console/events/${known.orderEventUid}/resend`,
      { back: 'https://evil.example/' },
      path(),
    );
    expect(stray.headers.location).toBe('/console/search?resent=1#events');
    const unknown = await postForm(t.app, admin, `/console/events/${randomUUID()}/resend`, { back: path() }, path());
    expect(unknown.statusCode).toBe(404);
  });
});

describe('search', () => {
  const search = (text: string) => getPage(t.app, viewer, `/console/search?q=${encodeURIComponent(text)}`);
  const idOf = async (sql: string, params: unknown[]) =>
    ((await (await testDb()).query<{ id: string }>(sql, params))[0]?.id ?? '') as string;

  it('finds each kind of id and links it to its page', async () => {
    const ticket = await api('POST', '/v1/support-tickets', {
      subject: 'Where is it',
      description: 'The beneficiary says nothing arrived.',
      category: 'PAYMENT',
      entityType: 'order',
      entityId: known.orderId,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const conversation = await api(
      'POST',
      '/v1/conversations',
      {
        endUserEmail: payer.userEmail,
        subject: 'Source of funds',
        message: 'Why is it held?',
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(conversation.statusCode, conversation.body).toBe(201);
    const screening = await api(
      'POST',
      '/v1/aml-screenings',
      { entityType: 'INDIVIDUAL', firstName: 'Ana', lastName: 'Silva', userEmail: payer.userEmail },
      { 'idempotency-key': randomUUID() },
    );
    expect(screening.statusCode, screening.body).toBe(201);
    const bankingAccount = await api('POST', '/v1/banking-accounts', {
      currency: 'EUR',
      destinationTransferData: sepa,
      customerEmail: payer.userEmail,
    });
    expect(bankingAccount.statusCode, bankingAccount.body).toBe(201);
    const method = await api('POST', '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' });
    await t.ctx.jobs.runDue();
    const detected = await api('POST', '/v1/simulate/incoming-transfer/method', {
      methodId: method.json().methodId,
      amount: 12.5,
      counterparty: { name: 'Payer GmbH', iban: 'DE89370400440532013000' },
    });
    expect(detected.statusCode, detected.body).toBe(201);
    const order = `/console/orders/${known.orderId}`;
    const workspace = `/console/workspaces/${p.credentials.workspaceId}`;
    const customer = `/console/customers?workspace=${p.credentials.workspaceId}&amp;email=${encodeURIComponent(payer.userEmail)}`;
    const referenceCode = await idOf('select reference_code as id from orders where id = $1', [known.orderId]);
    const cases: [string, string, string][] = [
      [known.orderId, 'order', order],
      [referenceCode, 'order', order],
      [known.depositId, 'deposit', `/console/deposits/${known.depositId}`],
      [known.withdrawalId, 'withdrawal', `/console/withdrawals/${known.withdrawalId}`],
      [known.quoteId, 'quote', order],
      [known.endpointId, 'webhook endpoint', `/console/webhooks/${known.endpointId}`],
      [bankingAccount.json().value.bankingAccountId, 'banking account', customer],
      [detected.json().transferId, 'pending payment', workspace],
      [known.orderEventUid, 'event', `/console/search?q=${known.orderId}`],
      [ticket.json().value.ticketId, 'support ticket', order],
      [conversation.json().value.conversationId, 'conversation', customer],
      [screening.json().value.screeningId, 'screening', customer],
      [p.credentials.workspaceId, 'workspace', workspace],
      [p.credentials.clientId, 'workspace', workspace],
    ];
    for (const [text, kind, link] of cases) {
      const page = await search(text);
      expect(page.statusCode, text).toBe(200);
      expect(page.body, `${kind} ${text}`).toContain(`<td data-label="Kind">${kind}</td>`);
      expect(page.body, `${kind} ${text}`).toContain(`href="${link}"`);
    }
  });

  it('finds a customer by email in every workspace, and says when nothing matches', async () => {
    const other = await approvedPartner(t);
    const page = await search(`  ${payer.userEmail.toUpperCase()} `);
    for (const workspaceId of [p.credentials.workspaceId, other.credentials.workspaceId]) {
      expect(page.body).toContain(`/console/customers?workspace=${workspaceId}&amp;email=`);
    }
    const none = await search('PRE000000000000');
    expect(none.body).toContain('Nothing matches PRE000000000000.');
    const hostileSearch = await search('<img src=x onerror=alert(1)>');
    expect(hostileSearch.body).not.toContain('<img src=x');
  });
});
