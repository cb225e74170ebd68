// What the soak's load generator sends: each operation's weight in the mix, the request it builds and what it keeps
// from the answer. Later operations feed on earlier ones, as a partner's do: an order binds a fresh quote, a deposit
// is paid in by the sandbox's simulated transfer and settles through a job, a withdrawal spends what deposits funded,
// reads fetch what was created, replays resend a keyed write with its key and body. An operation with nothing to
// feed on (no quote yet) sends its fallback instead, so every slot of the steady rate is a request.
//
// Bodies come from bench/lib/bodies.mjs. The kinds group operations for the picture and the p99 per kind.

import { depositBody, eurPayerFields, pixOrderBody, quoteBody, withdrawalBody } from '../lib/bodies.mjs';

/** Each withdrawal: 1 EUR by SEPA (whole euros settle in the sandbox; .91 and .92 would fail or return). */
export const withdrawalAmount = 1;
/** Each deposit: 100 EUR, so deposits fund far more than the withdrawals spend. */
export const depositAmount = 100;

/** A bounded pool of what earlier answers created; past `max` the oldest is dropped. */
export class Pool {
  constructor(max) {
    this.max = max;
    this.items = [];
  }

  push(item) {
    this.items.push(item);
    if (this.items.length > this.max) this.items.shift();
  }

  /** The newest (a quote: the freshest is the furthest from its expiry). */
  takeNewest() {
    return this.items.pop();
  }

  /** The oldest (a deposit to pay in: first created, first paid). */
  takeOldest() {
    return this.items.shift();
  }

  pick(random) {
    return this.items.length === 0 ? undefined : this.items[Math.floor(random() * this.items.length)];
  }
}

/** What the operations share: the pools and the counts the final checks compare with the database. */
export function loadState() {
  return {
    quotes: new Pool(50),
    ordersToPay: new Pool(1000),
    depositsToSimulate: new Pool(1000),
    orders: new Pool(1000),
    deposits: new Pool(1000),
    withdrawals: new Pool(1000),
    /** Keyed writes answered 201, for replays: { op, path, body, key, text }. */
    keyed: new Pool(500),
    created: { orders: 0, deposits: 0, withdrawals: 0, limitedDeposits: 0 },
    paid: { orders: 0, deposits: 0 },
    replays: 0,
  };
}

/** Of each hundred requests, the deposits offered to the limited workspace (run.mjs sets its limit to a quarter). */
export const limitedWeight = 2;

const created = [201];
const ok = [200];

/**
 * The mix, per hundred requests. Writes to the main workspace (orders, deposits, withdrawals, replays) are 28% of the
 * rate; the limited workspace takes 2%, deliberately past its write limit.
 */
export function operations(state, { random, key }) {
  const keyedWrite = (op, path, body, onCreated) => {
    const k = key(op);
    return {
      method: 'POST',
      path,
      body,
      key: k,
      expect: created,
      onAnswer: (answer) => {
        const json = JSON.parse(answer.text);
        state.keyed.push({ op, path, body, key: k, text: answer.text });
        onCreated(json);
      },
    };
  };
  const read = (pool, path) => () => {
    const id = pool.pick(random);
    return id === undefined ? undefined : { method: 'GET', path: `${path}/${id}`, expect: ok };
  };
  const list = (path) => () => ({ method: 'GET', path, expect: ok });

  return [
    {
      op: 'quote.create',
      kind: 'quote',
      weight: 12,
      plan: () => ({
        method: 'POST',
        path: '/v1/quotes',
        body: JSON.stringify(quoteBody),
        expect: created,
        onAnswer: (answer) => {
          const { quoteId, originAmount } = JSON.parse(answer.text);
          state.quotes.push({ quoteId, originAmount });
        },
      }),
    },
    {
      op: 'order.create',
      kind: 'order',
      weight: 8,
      fallback: 'quote.create',
      plan: () => {
        const quote = state.quotes.takeNewest();
        if (quote === undefined) return undefined;
        return keyedWrite('order.create', '/v1/orders', JSON.stringify(pixOrderBody(quote.quoteId)), (order) => {
          state.created.orders += 1;
          state.orders.push(order.orderId);
          state.ordersToPay.push({ orderId: order.orderId, amount: quote.originAmount });
        });
      },
    },
    {
      op: 'order.pay',
      kind: 'simulate',
      weight: 3,
      fallback: 'order.create',
      plan: () => {
        const order = state.ordersToPay.takeOldest();
        if (order === undefined) return undefined;
        return {
          method: 'POST',
          path: '/v1/simulate/incoming-transfer/order',
          body: JSON.stringify({ orderId: order.orderId, amount: order.amount, ...eurPayerFields }),
          expect: ok,
          onAnswer: () => {
            state.paid.orders += 1;
          },
        };
      },
    },
    {
      op: 'deposit.create',
      kind: 'deposit',
      weight: 8,
      plan: () =>
        keyedWrite('deposit.create', '/v1/deposits', JSON.stringify(depositBody(depositAmount)), (deposit) => {
          state.created.deposits += 1;
          state.deposits.push(deposit.depositId);
          state.depositsToSimulate.push(deposit.depositId);
        }),
    },
    {
      op: 'deposit.simulate',
      kind: 'simulate',
      weight: 8,
      fallback: 'deposit.create',
      plan: () => {
        const depositId = state.depositsToSimulate.takeOldest();
        if (depositId === undefined) return undefined;
        return {
          method: 'POST',
          path: '/v1/simulate/incoming-transfer/deposit',
          body: JSON.stringify({ depositId, amount: depositAmount, ...eurPayerFields }),
          expect: ok,
          onAnswer: () => {
            state.paid.deposits += 1;
          },
        };
      },
    },
    {
      op: 'withdrawal.create',
      kind: 'withdrawal',
      weight: 7,
      plan: () =>
        keyedWrite(
          'withdrawal.create',
          '/v1/withdrawals',
          JSON.stringify(withdrawalBody(withdrawalAmount)),
          (withdrawal) => {
            state.created.withdrawals += 1;
            state.withdrawals.push(withdrawal.withdrawalId);
          },
        ),
    },
    {
      op: 'replay',
      kind: 'replay',
      weight: 5,
      fallback: 'deposit.create',
      plan: () => {
        const original = state.keyed.pick(random);
        if (original === undefined) return undefined;
        return {
          method: 'POST',
          path: original.path,
          body: original.body,
          key: original.key,
          expect: created,
          onAnswer: (answer) => {
            state.replays += 1;
            // The stored answer, byte for byte, whichever process took the original (docs/decisions/,
            // "Idempotency and the write limit").
            if (answer.text !== original.text) return `replay of ${original.op} answered another body`;
          },
        };
      },
    },
    {
      op: 'limited.deposit',
      kind: 'limited',
      weight: limitedWeight,
      workspace: 'limited',
      plan: () => ({
        method: 'POST',
        path: '/v1/deposits',
        body: JSON.stringify(depositBody(depositAmount)),
        key: key('limited.deposit'),
        expect: created,
        onAnswer: () => {
          state.created.limitedDeposits += 1;
        },
      }),
    },
    { op: 'order.read', kind: 'read', weight: 9, fallback: 'orders.list', plan: read(state.orders, '/v1/orders') },
    {
      op: 'deposit.read',
      kind: 'read',
      weight: 7,
      fallback: 'deposits.list',
      plan: read(state.deposits, '/v1/deposits'),
    },
    {
      op: 'withdrawal.read',
      kind: 'read',
      weight: 6,
      fallback: 'withdrawals.list',
      plan: read(state.withdrawals, '/v1/withdrawals'),
    },
    { op: 'balance.read', kind: 'read', weight: 5, plan: list('/v1/balances?currency=EUR') },
    { op: 'orders.list', kind: 'list', weight: 5, plan: list('/v1/orders?limit=20') },
    { op: 'deposits.list', kind: 'list', weight: 4, plan: list('/v1/deposits?limit=20&status=Received') },
    { op: 'withdrawals.list', kind: 'list', weight: 4, plan: list('/v1/withdrawals?limit=20') },
    { op: 'events.list', kind: 'list', weight: 7, plan: list('/v1/events?limit=20') },
  ];
}

/** A chooser over the mix by weight, drawing from `random`; an operation with nothing to feed on yields its fallback. */
export function chooser(ops, random) {
  const byName = new Map(ops.map((o) => [o.op, o]));
  const total = ops.reduce((sum, o) => sum + o.weight, 0);
  return () => {
    let draw = random() * total;
    let chosen = ops.at(-1);
    for (const o of ops) {
      draw -= o.weight;
      if (draw < 0) {
        chosen = o;
        break;
      }
    }
    for (let o = chosen; o !== undefined; o = byName.get(o.fallback)) {
      const request = o.plan();
      if (request !== undefined) return { ...o, request };
    }
    throw new Error(`${chosen.op} and its fallbacks had nothing to send`);
  };
}
