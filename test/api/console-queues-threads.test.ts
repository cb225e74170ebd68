import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { conversationsApi } from '../support/conversations.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { pngBytes } from '../support/kyc-flow.js';
import { type CookieJar, getPage, postForged, postForm, signedInOperator } from '../support/operators.js';

// Goal: support tickets and conversations in the console (issue 14, items 3 and 4): listed with those awaiting the
// brokerage first, read as a thread with attachments served by the console, answered and closed through the pages'
// forms; what support did is what the partner's GET then shows. A viewer reads but is refused every POST (403,
// nothing changed); a forged form is refused; a closed ticket or conversation answers its page with the message.
// Method: app.inject over the test database, operators signed in with TOTP.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
let support: CookieJar;
let viewer: CookieJar;
const api = conversationsApi(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  partner = await aPartner(t.app);
  support = await signedInOperator(t.app, clock, 'support');
  viewer = await signedInOperator(t.app, clock, 'viewer');
});
afterAll(async () => {
  await t.app.close();
});

async function aTicket(subject: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/support-tickets',
    headers: partner.headers,
    payload: { subject, description: 'The beneficiary says nothing arrived.', category: 'PAYMENT' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().value.ticketId;
}
const partnerTicket = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/support-tickets/${id}`, headers: partner.headers })).json().value;

describe('support tickets in the console', () => {
  it('lists an open ticket; support replies with a status, then closes it; the partner reads both', async () => {
    const id = await aTicket('Payout not received <b>');
    const list = await getPage(
      t.app,
      support,
      `/console/queues/tickets?workspaceId=${partner.credentials.workspaceId}`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/queues/tickets/${id}"`);
    expect(list.body).toContain('Payout not received &lt;b&gt;');
    const page = await getPage(t.app, support, `/console/queues/tickets/${id}`);
    expect(page.body).toContain('The beneficiary says nothing arrived.');

    const url = `/console/queues/tickets/${id}`;
    const replied = await postForm(t.app, support, `${url}/messages`, {
      message: 'We are looking into it.\r\nOne moment.',
      status: 'WAITING_ON_PARTNER',
    });
    expect(replied.statusCode, replied.body).toBe(303);
    expect(replied.headers.location).toBe(`${url}?done=replied`);
    const afterReply = await partnerTicket(id);
    expect(afterReply.status).toBe('WAITING_ON_PARTNER');
    expect(afterReply.messages).toEqual([
      expect.objectContaining({ author: 'brokerage', message: 'We are looking into it.\nOne moment.' }),
    ]);
    expect((await getPage(t.app, support, url)).body).toContain('<p>We are looking into it.</p><p>One moment.</p>');

    expect((await postForm(t.app, support, `${url}/status`, { status: 'CLOSED' })).statusCode).toBe(303);
    expect((await partnerTicket(id)).status).toBe('CLOSED');
    const closedPage = await getPage(t.app, support, url);
    expect(closedPage.body).toContain('The ticket is closed');
    expect(closedPage.body).not.toContain(`action="${url}/messages"`);

    const late = await postForm(t.app, support, `${url}/messages`, { message: 'One more thing', status: '' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('CLOSED');
    expect((await partnerTicket(id)).messages).toHaveLength(1);
  });

  it('names the workspace on the list and on the ticket page, linked, its id kept beneath (issue 30, item 2)', async () => {
    const named = await aPartner(t.app, { name: 'Remit & <Go>' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/support-tickets',
      headers: named.headers,
      payload: { subject: 'Which workspace', description: 'Named, please.', category: 'PAYMENT' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ws = named.credentials.workspaceId;
    const label = `<a href="/console/workspaces/${ws}">Remit &amp; &lt;Go&gt;</a><br><span class="muted id">${ws}</span>`;
    const page = await getPage(t.app, viewer, `/console/queues/tickets/${created.json().value.ticketId}`);
    expect(page.body).toContain(`<dt>Workspace</dt><dd>${label}</dd>`);
    const list = await getPage(t.app, viewer, `/console/queues/tickets?workspaceId=${ws}`);
    expect(list.body).toContain(`<td data-label="Workspace">${label}</td>`);
  });

  it('an empty reply or an unknown status is a message; an unknown ticket is 404', async () => {
    const id = await aTicket('Empty reply');
    const url = `/console/queues/tickets/${id}`;
    const empty = await postForm(t.app, support, `${url}/messages`, { message: '  ', status: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Write a message before sending.');
    expect((await postForm(t.app, support, `${url}/status`, { status: 'OPEN' })).statusCode).toBe(400);
    expect(
      (await getPage(t.app, support, '/console/queues/tickets/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await partnerTicket(id)).status).toBe('OPEN');
  });

  it('a viewer reads the ticket without forms and is refused the POSTs; a forged form too; nothing changes', async () => {
    const id = await aTicket('Viewer');
    const url = `/console/queues/tickets/${id}`;
    const page = await getPage(t.app, viewer, url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<textarea');
    expect((await postForm(t.app, viewer, `${url}/messages`, { message: 'Hi', status: '' })).statusCode).toBe(403);
    expect((await postForm(t.app, viewer, `${url}/status`, { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await postForged(t.app, support, `${url}/status`, { status: 'CLOSED' })).statusCode).toBe(403);
    expect(await partnerTicket(id)).toMatchObject({ status: 'OPEN', messages: [] });
  });
});

describe('conversations in the console', () => {
  it('lists those awaiting the brokerage first, shows attachments, replies and closes; the partner reads it', async () => {
    const answered = await api.anOpenConversation(partner, { ...api.opening(), subject: 'Answered already' });
    const waiting = await api.anOpenConversation(partner, {
      ...api.opening(),
      subject: 'Source of funds',
      attachments: [{ fileName: 'statement.png', content: pngBytes.toString('base64') }],
    });
    // The brokerage spoke last in the first one: it waits for the partner, not for us, and comes after.
    const spoke = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/conversations/${answered.conversationId}/messages`,
      headers: adminHeaders,
      payload: { message: 'We will check.' },
    });
    expect(spoke.statusCode, spoke.body).toBe(201);
    const list = await getPage(
      t.app,
      support,
      `/console/queues/conversations?workspaceId=${partner.credentials.workspaceId}&status=`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.body.indexOf('Source of funds')).toBeGreaterThan(0);
    expect(list.body.indexOf('Source of funds')).toBeLessThan(list.body.indexOf('Answered already'));
    const awaitingOnly = await getPage(
      t.app,
      support,
      `/console/queues/conversations?workspaceId=${partner.credentials.workspaceId}`,
    );
    expect(awaitingOnly.body).not.toContain('Answered already');
    expect(
      (await getPage(t.app, support, '/console/queues/conversations/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);

    const url = `/console/queues/conversations/${waiting.conversationId}`;
    const page = await getPage(t.app, support, url);
    expect(page.body).toContain('Our customer asks why the order is held.');
    const href = /href="([^"]+\/attachments\/1)"/.exec(page.body)?.[1] ?? '';
    expect(href).toContain(`/console/queues/conversations/${waiting.conversationId}/messages/`);
    const file = await getPage(t.app, viewer, href);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline; filename="statement.png"');
    expect(file.rawPayload.equals(pngBytes)).toBe(true);

    const replied = await postForm(t.app, support, `${url}/messages`, { message: 'Please send the bank statement.' });
    expect(replied.statusCode, replied.body).toBe(303);
    const read = async () => (await api.read(partner, waiting.conversationId)).json().value;
    expect((await read()).messages.at(-1)).toMatchObject({
      author: 'brokerage',
      message: 'Please send the bank statement.',
    });
    expect((await read()).lastMessageBy).toBe('brokerage');

    expect((await postForm(t.app, support, `${url}/close`, {})).statusCode).toBe(303);
    expect(await read()).toMatchObject({ status: 'CLOSED', closedBy: 'brokerage' });
    const again = await postForm(t.app, support, `${url}/close`, {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('is CLOSED already');
  });

  it('a viewer reads but is refused the reply and the close; a forged form too; nothing changes', async () => {
    const opened = await api.anOpenConversation(partner);
    const url = `/console/queues/conversations/${opened.conversationId}`;
    const page = await getPage(t.app, viewer, url);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<textarea');
    expect(page.body).not.toContain(`action="${url}/close"`);
    expect((await postForm(t.app, viewer, `${url}/messages`, { message: 'Hi' })).statusCode).toBe(403);
    expect((await postForm(t.app, viewer, `${url}/close`, {})).statusCode).toBe(403);
    expect((await postForged(t.app, support, `${url}/close`)).statusCode).toBe(403);
    expect(await (await api.read(partner, opened.conversationId)).json().value).toMatchObject({
      status: 'OPEN',
      messageCount: 1,
    });
  });
});
