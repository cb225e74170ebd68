import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { fundedPartner } from '../support/orders.js';
import { valid } from '../support/payout-instruments.js';

// Goal: a withdrawal (or an order) paid to a stored destination is refused 403 AllowanceError, naming the screening,
// while the destination's owner has a confirmed sanctions match; another customer's destination is the control.
// Method: the stage sanctions list's documented test name, screened with the customer's email and the listed birth
// date (CONFIRMED_MATCH).

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

const sepa = { type: 'SEPA', ...valid.SEPA } as Record<string, string>;
const beneficiary = (email: string) => ({
  firstName: 'Ivan',
  lastName: 'Testsanctioned',
  userEmail: email,
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
});

describe('the AML gate on stored destinations', () => {
  it('refuses a withdrawal to a banking account whose owner has a confirmed match; another owner is paid', async () => {
    const p = await fundedPartner(t, 500);
    const sanctioned = `ivan-${randomUUID()}@example.com`;
    const clean = `clean-${randomUUID()}@example.com`;
    const store = async (email: string, iban: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/banking-accounts',
        headers: p.headers,
        payload: {
          currency: 'EUR',
          customerEmail: email,
          destinationTransferData: { ...sepa, iban },
          destinationUserData: beneficiary(email),
        },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().value.bankingAccountId as string;
    };
    const toSanctioned = await store(sanctioned, 'DE89370400440532013000');
    const toClean = await store(clean, 'FR1420041010050500013M02606');
    const screening = await t.app.inject({
      method: 'POST',
      url: '/v1/aml-screenings',
      headers: p.headers,
      payload: {
        entityType: 'INDIVIDUAL',
        firstName: 'Ivan',
        lastName: 'Testsanctioned',
        dateOfBirth: '1970-01-01',
        userEmail: sanctioned,
      },
    });
    expect(screening.statusCode, screening.body).toBe(201);
    expect(screening.json().value.status).toBe('CONFIRMED_MATCH');
    const withdraw = (bankingAccountId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/withdrawals',
        headers: p.headers,
        payload: {
          currency: 'EUR',
          amount: 10,
          destinationTransferData: { type: 'LINKED_BANK_ACCOUNT', bankingAccountId },
        },
      });
    const refused = await withdraw(toSanctioned);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'AllowanceError' });
    expect(refused.json().message).toContain(screening.json().value.screeningId);
    const paid = await withdraw(toClean);
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
