import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { aDeposit, aWebForm, banks, obStatus, postWebForm } from '../support/openbanking.js';
import { approvedPartner, sepaToPixOrder } from '../support/orders.js';

// Goal: a partner creates the hosted open banking page of a deposit or an order's origin leg, and reads the
// session's status before it is paid: the link, an iframe snippet and how to use them (only the hash of the link's
// secret stored), the page's amount, recipient, reference and banks in the payer's language, and the status before
// any form. Refusals: openbanking-refusals.test.ts; paying and what follows: openbanking.test.ts. Method: the API and
// the page over HTTP (inject), a clock shared with the app.

let t: TestApp;
let p: Partner;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://pay.example.test' }, clock });
  p = await approvedPartner(t);
});

const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });
const sessionRow = async (entityId: string) =>
  (
    await t.ctx.db.query<Record<string, unknown>>(
      'select * from openbanking_sessions where entity_id = $1 order by created_at_ms desc limit 1',
      [entityId],
    )
  )[0];

describe('POST /v1/openbanking/{id}/web-form', () => {
  it('answers the link, an iframe snippet and how to use them; only the hash of the secret is stored', async () => {
    const deposit = await aDeposit(t, p);
    const response = await postWebForm(t, p, deposit.depositId, { language: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const form = response.json();
    expect(Object.keys(form).sort()).toEqual(['embed', 'orderId', 'usage', 'webForm']);
    expect(form.orderId).toBe(deposit.depositId);
    expect(form.webForm).toMatch(/^https:\/\/pay\.example\.test\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(form.embed).toBe(
      `<iframe src="${form.webForm}" title="Pay by bank" width="100%" height="640" allow="payment"></iframe>`,
    );
    expect(form.usage).toMatch(/once.*expires at \d{4}-\d\d-\d\dT.*30 minutes/);
    const token = form.webForm.split('/pay/')[1];
    const row = await sessionRow(deposit.depositId);
    expect(row).toMatchObject({
      token_hash: createHash('sha256').update(token).digest('hex'),
      status: 'CREATED',
      entity_type: 'deposit',
    });
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(token);
  });

  it('reads CREATED with the amount left to pay, and the page shows amount, recipient, reference and the banks', async () => {
    const deposit = await aDeposit(t, p, { amount: 1234.5 });
    const form = await aWebForm(t, p, deposit.depositId);
    const status = await obStatus(t, p, deposit.depositId);
    expect(status).toMatchObject({
      success: true,
      orderId: deposit.depositId,
      openbanking: { status: 'CREATED', amount: 1234.5, currency: 'EUR', language: 'en' },
      metadata: { entityType: 'deposit', amount: 1234.5, currency: 'EUR', entityStatus: 'Pending' },
      note: expect.stringContaining('Waiting for the payer'),
    });
    expect(status.openbanking.expireAt - status.openbanking.createdAt).toBe(1800);
    const html = await page(form.path);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['cache-control']).toBe('no-store');
    for (const text of [
      '€1,234.50',
      deposit.depositInfo.accountHolder,
      deposit.depositInfo.referenceCode,
      banks.approves.name,
      banks.declines.name,
      'Your IBAN',
      'Sandbox',
    ]) {
      expect(html.body).toContain(text);
    }
  });

  it.each([
    ['es', 'es', 'Pagar con tu banco'],
    ['pt-BR', 'pt', 'Pagar pelo banco'],
    ['de_DE', 'de', 'Per Bank bezahlen'],
    ['fr', 'en', 'Pay by bank'],
  ])('language %s shows the page in %s', async (language, lang, title) => {
    const deposit = await aDeposit(t, p);
    const form = await aWebForm(t, p, deposit.depositId, language);
    const html = (await page(form.path)).body;
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(form.embed).toContain(`title="${title}"`);
  });

  it('takes a request without a body: the page is in English', async () => {
    const deposit = await aDeposit(t, p);
    const response = await t.app.inject({
      method: 'POST',
      url: `/v1/openbanking/${deposit.depositId}/web-form`,
      headers: p.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await obStatus(t, p, deposit.depositId)).openbanking.language).toBe('en');
  });

  it('serves an order collecting EUR over SEPA, with the order id', async () => {
    const { order } = await sepaToPixOrder(t, p);
    const form = await aWebForm(t, p, order.orderId, 'de');
    expect(form.orderId).toBe(order.orderId);
    expect(await obStatus(t, p, order.orderId)).toMatchObject({
      openbanking: { status: 'CREATED', amount: 100, language: 'de' },
      metadata: { entityType: 'order', amount: 100, currency: 'EUR', entityStatus: 'Pending' },
    });
  });

  it('reads null before any form, with a note', async () => {
    const deposit = await aDeposit(t, p);
    expect(await obStatus(t, p, deposit.depositId)).toMatchObject({
      openbanking: null,
      metadata: { entityType: 'deposit', entityStatus: 'Pending' },
      note: expect.stringContaining('No open banking payment'),
    });
  });
});
