// The partner API through the SDK, on a stage server's sandbox workspace: a quote, a verified customer, a deposit
// collected by a simulated transfer, and an order paid out to Success.
//
//   export BROKERAGE_API_URL=... BROKERAGE_CLIENT_ID=... BROKERAGE_USERNAME=... BROKERAGE_PASSWORD=...
//   node examples/quickstart.mjs
//
// (`npx --no-install brokerage-partner-api sandbox` prints those four export lines for a new sandbox workspace.)

import { BrokerageClient } from '@brokerage/partner-sdk';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: see examples/README.md`);
  return value;
};

const client = new BrokerageClient({
  baseUrl: env('BROKERAGE_API_URL'),
  clientId: env('BROKERAGE_CLIENT_ID'),
  username: env('BROKERAGE_USERNAME'),
  password: env('BROKERAGE_PASSWORD'),
});

const customer = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'ana.quickstart@example.com',
  country: 'PT',
  address: '1 Rua Augusta',
  city: 'Lisboa',
  postalCode: '1100-048',
  taxId: '52998224725',
};
const payerAccount = { counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' } };
const recipient = { firstName: 'Bruno', lastName: 'Costa', userEmail: 'bruno@example.com', country: 'BR' };
const pix = {
  type: 'PIX_BR',
  destinationName: 'Bruno Costa',
  destinationPixCode: 'bruno@example.com',
  destinationTaxId: '52998224725',
};

/** Reads `read()` every half second until `done` holds (sandbox transfers settle in the background). */
async function until(read, done) {
  for (let tries = 0; tries < 60; tries += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('gave up waiting');
}

// 1. A quote: a price lock for EUR → BRL.
const quote = await client.quotes.create({ originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
console.log(`quote ${quote.quoteId}: ${quote.originAmount} EUR → ${quote.destinationAmount} BRL`);

// 2. A verified customer (the sandbox approves at once; production runs the hosted KYC flow).
await client.simulate.kyc({ userEmail: customer.userEmail, status: 'APPROVED' });
const kyc = await client.kyc.get(customer.userEmail);
console.log(`customer ${customer.userEmail}: ${kyc.value.status}`);

// 3. A deposit, and its inbound transfer simulated.
const deposit = await client.deposits.create({ userData: customer, currency: 'EUR', amount: 250 });
await client.simulate.depositTransfer({ depositId: deposit.depositId, amount: 250, ...payerAccount });
const received = await until(
  () => client.deposits.get(deposit.depositId),
  (d) => d.status === 'Received',
);
console.log(`deposit ${received.depositId}: ${received.status}`);

// 4. An order on a fresh quote, its origin funds simulated, paid out by PIX.
const orderQuote = await client.quotes.create({ originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
const order = await client.orders.create({
  quoteId: orderQuote.quoteId,
  userData: customer,
  destinationUserData: recipient,
  destinationTransferData: pix,
});
console.log(`order ${order.orderId}: ${order.status}`);
await client.simulate.orderTransfer({ orderId: order.orderId, amount: orderQuote.originAmount, ...payerAccount });
const paid = await until(
  () => client.orders.get(order.orderId),
  (o) => o.status === 'Success' || o.status === 'Failed',
);
console.log(`order ${paid.orderId}: ${paid.status}`);
if (paid.status !== 'Success') process.exit(1);
