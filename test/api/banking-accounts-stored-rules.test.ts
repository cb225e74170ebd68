import { beforeAll, describe, expect, it } from 'vitest';
import { openInstrument, sealInstrument } from '../../src/resources/banking-accounts/instrument.js';
import { bankingAccountsApi, linked } from '../support/banking-accounts.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { approvedPartner, aQuote, payer, postOrder } from '../support/orders.js';

// Goal: banking accounts store payout destinations checked by the payout field-set engine, read them enveloped with
// identifiers masked (last four and a stable fingerprint), refuse duplicates and foreign ids, and pay out orders and
// withdrawals named LINKED_BANK_ACCOUNT to the stored instrument, checked again against today's rules. Method: the
// HTTP API over the sandbox rails, jobs run on demand; the "stored before a rule existed" case rewrites a stored row
// as it would have been written then (without ACH_US `state`), since the catalogue is data fixed at start.

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
});

const { get, remove, withdraw, usAccount } = bankingAccountsApi(() => t.app);

describe('a destination stored before a rule existed', () => {
  /**
   * Rewrites a stored ACH_US account as it was stored before the dated change that made `state` required: the
   * sealed instrument and the masked copy, both without `state`. The catalogue is data fixed at start, so the rule
   * cannot be added after storing; removing the field from what was stored is the same situation.
   */
  async function storedBeforeTheStateRule(id: string) {
    const db = await testDb();
    const [row] = await db.query<{ instrument_sealed: string; transfer_data_masked: Record<string, string> }>(
      'select instrument_sealed, transfer_data_masked from banking_accounts where id = $1',
      [id],
    );
    if (row === undefined) throw new Error(`banking account ${id} is not stored`);
    const instrument = openInstrument(t.ctx.secretsKeyring, row.instrument_sealed);
    const { state: _sealed, ...transfer } = instrument.destinationTransferData;
    const { state: _masked, ...masked } = row.transfer_data_masked;
    await db.query(
      'update banking_accounts set instrument_sealed = $2, transfer_data_masked = $3::text::jsonb where id = $1',
      [
        id,
        sealInstrument(t.ctx.secretsKeyring, { ...instrument, destinationTransferData: transfer }),
        JSON.stringify(masked),
      ],
    );
  }

  it('still reads unchanged, and an order or a withdrawal to it is 400 1008 naming the field, never a 5xx', async () => {
    const p = await approvedPartner(t);
    const account = await usAccount(p);
    await storedBeforeTheStateRule(account.bankingAccountId);
    const before = await get(p, `/${account.bankingAccountId}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().value.destinationTransferData.state).toBeUndefined();

    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 100 });
    const order = await postOrder(
      t.app,
      p,
      { quoteId: quote.quoteId, userData: payer, destinationTransferData: linked(account.bankingAccountId) },
      { 'idempotency-key': 'stored-before-state' },
    );
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json()).toMatchObject({
      success: false,
      error: 'ValidationError',
      errorId: 1008,
      errorName: 'invalidParameters',
    });
    expect(order.json().message).toContain('destinationTransferData.state is required');
    expect(order.json().message).toContain(account.bankingAccountId);

    const withdrawal = await withdraw(p, {
      currency: 'USD',
      amount: 10,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(400);
    expect(withdrawal.json()).toMatchObject({ error: 'ValidationError', errorId: 1008 });
    expect(withdrawal.json().message).toContain('destinationTransferData.state is required');

    expect((await get(p, `/${account.bankingAccountId}`)).body).toBe(before.body);
    // The refusal came before the key was claimed: the same key works once the destination is stored again.
    await remove(p, account.bankingAccountId);
    const again = await usAccount(p);
    const fixed = await postOrder(
      t.app,
      p,
      { quoteId: quote.quoteId, userData: payer, destinationTransferData: linked(again.bankingAccountId) },
      { 'idempotency-key': 'stored-before-state' },
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
  });
});
