import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Partner } from './builders.js';
import { valid } from './payout-instruments.js';

// What the banking-account tests share: instruments, beneficiaries, and the routes they call on one app.

export const achUS = { type: 'ACH_US', ...valid.ACH_US } as Record<string, string>;
export const sepa = { type: 'SEPA', ...valid.SEPA } as Record<string, string>;
export const beneficiaryUS = {
  firstName: 'John',
  lastName: 'Smith',
  userEmail: 'john.smith@example.com',
  country: 'US',
  city: 'New York',
  postalCode: '10001',
  taxId: '123-45-6789',
};
export const beneficiaryBR = {
  firstName: 'João',
  lastName: 'Silva',
  userEmail: 'joao@example.com',
  country: 'BR',
  taxId: '52998224725',
};
export const linked = (bankingAccountId: string) => ({ type: 'LINKED_BANK_ACCOUNT', bankingAccountId });

/** The banking-account routes (and withdrawals) on the app `app()` answers, read when called. */
export function bankingAccountsApi(app: () => FastifyInstance) {
  const post = (p: Partner, payload: object) =>
    app().inject({ method: 'POST', url: '/v1/banking-accounts', headers: p.headers, payload });
  const get = (p: Partner, path = '') =>
    app().inject({ method: 'GET', url: `/v1/banking-accounts${path}`, headers: p.headers });
  const remove = (p: Partner, id: string) =>
    app().inject({ method: 'DELETE', url: `/v1/banking-accounts/${id}`, headers: p.headers });
  const withdraw = (p: Partner, payload: object) =>
    app().inject({ method: 'POST', url: '/v1/withdrawals', headers: p.headers, payload });
  /** Stores a destination and answers the banking account read back. */
  const stored = async (p: Partner, payload: Record<string, unknown>) => {
    const response = await post(p, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().value as { bankingAccountId: string; fingerprint: string; [key: string]: unknown };
  };
  const usAccount = (p: Partner, extra: Record<string, unknown> = {}) =>
    stored(p, { currency: 'USD', destinationTransferData: achUS, destinationUserData: beneficiaryUS, ...extra });
  return { post, get, remove, withdraw, stored, usAccount };
}
