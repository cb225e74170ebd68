// How each measurement's requests are built inside the load generator (bench/lib/load-worker.mjs). A builder takes
// the plain parameters the orchestrator sent over IPC and returns autocannon `requests`; setupRequest runs once per
// request, so each write gets its own Idempotency-Key (and each order its own quote, as one quote backs one order).

import { depositBody, pixOrderBody, quoteBody, withdrawalBody } from '../lib/bodies.mjs';

const json = { 'content-type': 'application/json' };
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** Keys unique across processes and repetitions: the run's tag, this load generator's pid and a counter. */
function keys(tag) {
  let n = 0;
  return () => `${tag}-${process.pid}-${++n}`;
}

export const builders = {
  /** Ceiling A: the constant route. */
  constant: () => ({ requests: [{ method: 'GET', path: '/constant' }] }),

  /** Ceiling D: one row by primary key, ids drawn from the seeded table. */
  rowRead: ({ ids }) => ({
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/rows/${pick(ids)}` }) }],
  }),

  /** Ceiling D: one row inserted in a transaction, a new id each time. */
  rowInsert: ({ tag }) => {
    const key = keys(tag);
    const body = (id) =>
      JSON.stringify({ id, workspaceId: 'ws-bench', currency: 'EUR', amount: 10_000, data: pixOrderBody(id) });
    return {
      requests: [
        { method: 'POST', path: '/rows', headers: json, setupRequest: (req) => ({ ...req, body: body(key()) }) },
      ],
    };
  },

  /** Housekeeping's load: a read of a seeded order and a keyed deposit, in turn on every connection. */
  readWriteMix: ({ readToken, writeToken, ids, tag }) => {
    const key = keys(tag);
    const body = JSON.stringify(depositBody(100));
    return {
      requests: [
        {
          method: 'GET',
          headers: bearer(readToken),
          setupRequest: (req) => ({ ...req, path: `/v1/orders/${pick(ids)}` }),
        },
        {
          method: 'POST',
          path: '/v1/deposits',
          body,
          setupRequest: (req) => ({ ...req, headers: { ...bearer(writeToken), ...json, 'idempotency-key': key() } }),
        },
      ],
    };
  },

  getOrder: ({ token, ids }) => ({
    requests: [
      { method: 'GET', headers: bearer(token), setupRequest: (req) => ({ ...req, path: `/v1/orders/${pick(ids)}` }) },
    ],
  }),

  /** Priced and stored quotes; their ids are handed back so that the orders run can bind them. */
  quote: ({ token }) => {
    const quoteIds = [];
    return {
      requests: [
        {
          method: 'POST',
          path: '/v1/quotes',
          headers: { ...bearer(token), ...json },
          body: JSON.stringify(quoteBody),
          onResponse: (status, body) => {
            if (status === 201) quoteIds.push(JSON.parse(body).quoteId);
          },
        },
      ],
      collected: () => ({ quoteIds }),
    };
  },

  deposit: ({ token, tag }) => {
    const key = keys(tag);
    const body = JSON.stringify(depositBody(100));
    return {
      requests: [
        {
          method: 'POST',
          path: '/v1/deposits',
          body,
          setupRequest: (req) => ({ ...req, headers: { ...bearer(token), ...json, 'idempotency-key': key() } }),
        },
      ],
    };
  },

  /** One order per quote; when the quotes run out the run stops early (the summary says how long it lasted). */
  order: ({ token, tag, quoteIds }) => {
    const key = keys(tag);
    let next = 0;
    let exhausted = false;
    let stop = () => {};
    return {
      onStart: (stopRun) => {
        stop = stopRun;
      },
      requests: [
        {
          method: 'POST',
          path: '/v1/orders',
          setupRequest: (req) => {
            if (next >= quoteIds.length) {
              exhausted = true;
              stop();
              // Sends a last (refused) order on the first quote rather than none: autocannon needs a request.
              next = 0;
            }
            const quoteId = quoteIds[next++];
            return {
              ...req,
              headers: { ...bearer(token), ...json, 'idempotency-key': key() },
              body: JSON.stringify(pixOrderBody(quoteId)),
            };
          },
        },
      ],
      collected: () => ({ quotesUsed: next, exhausted }),
    };
  },

  withdrawal: ({ token, tag, amount }) => {
    const key = keys(tag);
    const body = JSON.stringify(withdrawalBody(amount));
    return {
      requests: [
        {
          method: 'POST',
          path: '/v1/withdrawals',
          body,
          setupRequest: (req) => ({ ...req, headers: { ...bearer(token), ...json, 'idempotency-key': key() } }),
        },
      ],
    };
  },

  /**
   * A page of 50, filtered by one status and a window of `windowDays` somewhere in the seeded span: page `page`, or
   * one of the first three.
   */
  listOrders: (params) => ({
    requests: [
      {
        method: 'GET',
        headers: bearer(params.token),
        setupRequest: (req) => ({
          ...req,
          path: `/v1/orders?${filters(params)}&limit=50&page=${params.page ?? Math.floor(Math.random() * 3)}`,
        }),
      },
    ],
  }),

  countOrders: (params) => ({
    requests: [
      {
        method: 'GET',
        headers: bearer(params.token),
        setupRequest: (req) => ({ ...req, path: `/v1/orders/count?${filters(params)}` }),
      },
    ],
  }),
};

/** status=<one of statuses>&from=&to= over a window inside [nowS - spanDays, nowS]. */
function filters({ statuses, nowS, spanDays, windowDays }) {
  const day = 86_400;
  const from = nowS - Math.floor(Math.random() * (spanDays - windowDays + 1)) * day - windowDays * day;
  return `status=${pick(statuses)}&from=${from}&to=${from + windowDays * day}`;
}
