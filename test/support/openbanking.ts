import { expect } from 'vitest';
import { sandboxBanks } from '../../src/providers/openbanking/sandbox-openbanking.js';
import type { Partner } from './builders.js';
import type { TestApp } from './harness.js';
import { payer } from './orders.js';

// Builders for open banking tests (API and browser): deposits to pay, web forms, the payment form, events.

export const banks = sandboxBanks;

/** A valid IBAN (mod-97) and a UK account number for the payer fields. */
export const payerIban = 'DE89370400440532013000';
export const payerAccountNumber = '12345678';

export async function aDeposit(t: TestApp, p: Partner, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency: 'EUR', amount: 100, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    depositId: string;
    currency: string;
    depositInfo: { accountHolder: string; referenceCode: string };
  };
}

export const postWebForm = (t: TestApp, p: Partner, id: string, payload: object = { language: 'en' }) =>
  t.app.inject({ method: 'POST', url: `/v1/openbanking/${id}/web-form`, headers: p.headers, payload });

/** A web form of `id`; answers its parts and the page path (the link without the configured base URL). */
export async function aWebForm(t: TestApp, p: Partner, id: string, language = 'en') {
  const response = await postWebForm(t, p, id, { language });
  expect(response.statusCode, response.body).toBe(200);
  const form = response.json() as { orderId: string; webForm: string; embed: string; usage: string };
  return { ...form, path: new URL(form.webForm).pathname };
}

export async function obStatus(t: TestApp, p: Partner, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/v1/openbanking/${id}/status`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Posts the hosted form as a browser would (url-encoded). */
export const postPage = (t: TestApp, path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

export const payFields = (bank: { id: string } = banks.approves, account = payerIban) => ({
  action: 'pay',
  bank: bank.id,
  payerName: 'Ana Silva',
  payerAccount: account,
});

/** The data of the outbox events of `type` whose envelope id is `eventId`, oldest first. */
export async function eventsOf(t: TestApp, type: string, eventId: string): Promise<Record<string, unknown>[]> {
  const rows = await t.ctx.db.query<{ data: Record<string, unknown> }>(
    'select data from outbox_events where type = $1 and event_id = $2 order by id',
    [type, eventId],
  );
  return rows.map((r) => r.data);
}

export const obEvents = (t: TestApp, entityId: string) => eventsOf(t, 'openbanking_status_updated', entityId);
