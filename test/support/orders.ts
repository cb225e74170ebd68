import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from './builders.js';
import type { TestApp } from './harness.js';

// Builders for order tests: payers, payout instruments per rail, quotes and orders through the API.

export const payer = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'ana.orders@example.com',
  country: 'PT',
  address: '1 Main St',
  city: 'Austin',
  postalCode: '73301',
  state: 'TX',
  taxId: '52998224725',
  phoneNumber: '+254712345678',
};

export const beneficiary = {
  firstName: 'Bruno',
  lastName: 'Costa',
  userEmail: 'bruno@example.com',
  country: 'BR',
  city: 'Berlin',
  postalCode: '10115',
  taxId: '52998224725',
  phoneNumber: '+5511999998888',
};

export const destinations = {
  SEPA: {
    type: 'SEPA',
    destinationName: 'Bruno Costa',
    iban: 'DE89370400440532013000',
    country: 'DE',
    city: 'Berlin',
    postalCode: '10115',
  },
  PIX_BR: {
    type: 'PIX_BR',
    destinationName: 'Bruno Costa',
    destinationPixCode: 'bruno@example.com',
    destinationTaxId: '52998224725',
  },
  ETH: { type: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  BALANCE: { type: 'BALANCE' },
} as const;

export const payerFields: Record<string, object> = {
  EUR: { counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' } },
  USD: { counterparty: { name: 'Ana Silva', accountNumber: '123456789' } },
  GBP: { counterparty: { name: 'Ana Silva', accountNumber: '12345678' } },
  BRL: { counterparty: { name: 'Ana Silva', taxId: '52998224725' } },
  MXN: { counterparty: { name: 'Ana Silva', clabe: '002010077777777771' } },
  KES: { counterparty: { name: 'Ana Silva', mobileMoneyNumber: '+254712345678' } },
  crypto: { fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
};

export async function aQuote(app: FastifyInstance, p: Partner, body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/v1/quotes', headers: p.headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { quoteId: string; originAmount: number; destinationAmount: number; fee: number };
}

export const postOrder = (app: FastifyInstance, p: Partner, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/orders', headers: { ...p.headers, ...headers }, payload });

export const readOrder = async (app: FastifyInstance, p: Partner, id: string) => {
  const response = await app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: p.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

export const simulateOrder = (app: FastifyInstance, p: Partner, payload: object) =>
  app.inject({ method: 'POST', url: '/v1/simulate/incoming-transfer/order', headers: p.headers, payload });

export async function expectLedgerConsistent(app: FastifyInstance) {
  const report = await app.inject({ method: 'GET', url: '/admin/v1/ledger/verification', headers: adminHeaders });
  expect(report.json()).toMatchObject({ consistent: true, problems: [] });
}

/** A fresh workspace whose payer (`payer.userEmail`) is APPROVED. */
export async function approvedPartner(t: TestApp): Promise<Partner> {
  const p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  return p;
}

/** An approved partner whose own account holds `amount` EUR, collected by a simulated deposit. */
export async function fundedPartner(t: TestApp, amount: number): Promise<Partner> {
  const p = await approvedPartner(t);
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency: 'EUR', amount },
  });
  await t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    headers: p.headers,
    payload: { depositId: deposit.json().depositId, amount, ...payerFields.EUR },
  });
  await t.ctx.jobs.runDue();
  return p;
}

/** The partner's balances by currency (`query` such as `?userEmail=...` for a customer's). */
export const balances = async (t: TestApp, p: Partner, query = '') =>
  Object.fromEntries(
    (await t.app.inject({ method: 'GET', url: `/v1/balances${query}`, headers: p.headers }))
      .json()
      .balances.map((b: { currency: string; available: number; pending: number }) => [b.currency, b]),
  );

export const pendingPayments = async (t: TestApp, p: Partner) =>
  (await t.app.inject({ method: 'GET', url: '/v1/pending-payments', headers: p.headers })).json().value;

export const listOrders = async (t: TestApp, p: Partner) =>
  (await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers })).json();

/** The body of an order from `payer` to `beneficiary` by PIX on the quote `quoteId`. */
export const pixOrderBody = (quoteId: string) => ({
  quoteId,
  userData: payer,
  destinationUserData: beneficiary,
  destinationTransferData: destinations.PIX_BR,
});

/** A Pending order collecting EUR by SEPA (100 unless `quoteBody` says otherwise) and paying out BRL by PIX. */
export async function sepaToPixOrder(t: TestApp, p: Partner, quoteBody: Record<string, unknown> = {}) {
  const quote = await aQuote(t.app, p, {
    originCurrency: 'EUR',
    destinationCurrency: 'BRL',
    originAmount: 100,
    ...quoteBody,
  });
  const response = await postOrder(t.app, p, pixOrderBody(quote.quoteId));
  expect(response.statusCode, response.body).toBe(201);
  return { quote, order: response.json() };
}

/** Pays `amount` EUR into the order by a simulated SEPA transfer from the payer, playing `scenario` when given. */
export const payIn = (t: TestApp, p: Partner, orderId: string, amount: number, scenario?: string) =>
  simulateOrder(t.app, p, { orderId, amount, ...(scenario === undefined ? {} : { scenario }), ...payerFields.EUR });
