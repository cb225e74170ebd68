// Goal: the whole sandbox flow of the spec works through the SDK alone, against the real server process over HTTP
// on the run's store: an operator creates the workspace (BrokerageAdmin); the partner's client mints its token,
// approves a customer (simulate.kyc), collects a deposit (simulated transfer), reads the balance, quotes and takes
// an order to Success, stores a banking account and withdraws to it, pages through its orders and events, and a
// webhook endpoint receives deliveries over HTTP that the SDK's helper verifies.

import { beforeAll, describe, expect, it } from 'vitest';
import { beneficiary, destinations, payer, payerFields } from '../../test/support/orders.js';
import { aReceiver } from '../../test/support/receiver.js';
import type { Server } from '../../test/support/server-process.js';
import { verifyWebhook } from '../src/index.js';
import { sandboxPartner, sdkServer, until } from './support/sdk-server.js';

const { processes, start } = sdkServer();
let server: Server;

beforeAll(async () => {
  server = await start();
}, 90_000);

const sepaAccount = {
  type: 'SEPA',
  destinationName: 'Marie Dupont',
  iban: 'FR1420041010050500013M02606',
  country: 'FR',
  city: 'Paris',
  postalCode: '75001',
} as const;

describe('the sandbox flow through the SDK', () => {
  it('workspace, token, KYC, deposit, balance, quote, order to Success, banking account, withdrawal, webhook', async () => {
    const { admin, client } = await sandboxPartner(server, 'sdk sandbox flow');
    const receiver = processes.closeAfterAll(await aReceiver());
    const secret = 'sdk-flow-secret-1';
    const endpoint = await client.webhooks.create({ name: 'sdk receiver', url: `${receiver.url}/hooks`, secret });

    await client.simulate.kyc({ userEmail: payer.userEmail, status: 'APPROVED' });
    expect((await client.kyc.get(payer.userEmail)).value.status).toBe('APPROVED');

    const deposit = await client.deposits.create({ userData: payer, currency: 'EUR', amount: 500 });
    expect(deposit.status).toBe('Pending');
    await client.simulate.depositTransfer({ depositId: deposit.depositId, amount: 500, ...payerFields.EUR });
    await until(
      'the deposit received',
      () => client.deposits.get(deposit.depositId),
      (d) => d.status === 'Received',
    );
    const { balances } = await client.balances.list({ currency: 'EUR' });
    expect(balances.find((balance) => balance.currency === 'EUR')?.available).toBe(500);

    const quote = await client.quotes.create({ originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    const order = await client.orders.create({
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
      externalReference: 'sdk-flow-1',
    });
    expect(order.status).toBe('Pending');
    await client.simulate.orderTransfer({ orderId: order.orderId, amount: quote.originAmount, ...payerFields.EUR });
    await until(
      'the order paid out',
      () => client.orders.get(order.orderId),
      (o) => o.status === 'Success',
    );

    const stored = await client.bankingAccounts.create({ currency: 'EUR', destinationTransferData: sepaAccount });
    const { bankingAccountId } = stored.value;
    const withdrawal = await client.withdrawals.create({
      currency: 'EUR',
      amount: 50,
      destinationTransferData: { type: 'LINKED_BANK_ACCOUNT', bankingAccountId },
    });
    const paid = await until(
      'the withdrawal paid',
      () => client.withdrawals.get(withdrawal.withdrawalId),
      (w) => w.status === 'Success',
    );
    expect(paid.amount).toBe(50);

    const orderIds: string[] = [];
    for await (const listed of client.orders.iterate({ status: ['Success'], limit: 1 })) orderIds.push(listed.orderId);
    expect(orderIds).toEqual([order.orderId]);
    const accounts = [];
    for await (const account of client.bankingAccounts.iterate()) accounts.push(account.bankingAccountId);
    expect(accounts).toEqual([bankingAccountId]);

    // Every event of the workspace, two at a time through the events API's cursor, newest first.
    const events = [];
    for await (const event of client.events.iterate({ limit: 2 })) events.push(event);
    const types = events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['deposit_completed', 'order_completed', 'withdrawal_completed']));
    expect(new Set(events.map((event) => event.eventId)).size).toBe(events.length);
    const createdAts = events.map((event) => event.createdAt);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));

    // The deliveries, verified by the SDK over the exact bytes received, are the events the API lists.
    const completed = events.find((event) => event.type === 'order_completed');
    const arrival = await until(
      'order_completed delivered',
      async () => receiver.received.find((received) => received.body.type === 'order_completed'),
      (found) => found !== undefined,
    );
    const verified = verifyWebhook(arrival?.raw ?? Buffer.alloc(0), arrival?.headers ?? {}, secret);
    expect(verified).toMatchObject({ type: 'order_completed', id: order.orderId, eventId: completed?.eventId });
    expect(verifyWebhook(arrival?.raw ?? '', arrival?.headers ?? {}, secret, { scheme: 'service' }).type).toBe(
      'order_completed',
    );
    expect(receiver.received.every((received) => received.path === '/hooks')).toBe(true);
    expect((await client.webhooks.get(endpoint.id)).url).toBe(`${receiver.url}/hooks`);

    expect(await admin.ledger.verify()).toMatchObject({ consistent: true, problems: [] });
  }, 60_000);
});
