import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminHeaders, type Partner } from './builders.js';

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
