import { describe, expect, it } from 'vitest';
import { BrokerageAdmin, BrokerageClient } from '../src/index.js';
import { credentials, fakeServer, json, type Sent } from './support/fake-server.js';

const orders = Array.from({ length: 7 }, (_, index) => ({ orderId: `o${index}` }));

/** A page-and-limit list over `items`, as the server pages (from 0, no total). */
const pagedList = (items: unknown[], envelope: boolean) => (sent: Sent) => {
  const limit = Number(sent.url.searchParams.get('limit'));
  const page = Number(sent.url.searchParams.get('page'));
  const slice = items.slice(page * limit, page * limit + limit);
  return json(200, envelope ? { ok: true, value: slice } : slice);
};

describe('list iterators', () => {
  it('reads page after page of a bare-array list until a short page, keeping the filters', async () => {
    const server = fakeServer({ '/v1/orders': pagedList(orders, false) });
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const seen: string[] = [];
    for await (const order of client.orders.iterate({ status: ['Success', 'Pending'], limit: 3 })) {
      seen.push(order.orderId);
    }
    expect(seen).toEqual(orders.map((order) => order.orderId));
    const pages = server.to('/v1/orders').map((request) => request.url.search);
    expect(pages).toEqual([
      '?status=Success&status=Pending&limit=3&page=0',
      '?status=Success&status=Pending&limit=3&page=1',
      '?status=Success&status=Pending&limit=3&page=2',
    ]);
  });

  it('reads enveloped lists ({ ok, value }), and an exact multiple ends on an empty page', async () => {
    const accounts = orders.slice(0, 4);
    const server = fakeServer({ '/v1/banking-accounts': pagedList(accounts, true) });
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const seen = [];
    for await (const account of client.bankingAccounts.iterate({ limit: 2 })) seen.push(account);
    expect(seen).toEqual(accounts);
    expect(server.to('/v1/banking-accounts')).toHaveLength(3);
  });

  it('asks for the list’s maximum page size (at most 100) when the caller gives none, and stops early on break', async () => {
    const server = fakeServer({ '/admin/v1/workspaces': pagedList(orders, false) });
    const admin = new BrokerageAdmin({
      baseUrl: credentials.baseUrl,
      adminToken: 'operator-token-1234',
      fetch: server.fetch,
    });
    for await (const workspace of admin.workspaces.iterate()) {
      expect(workspace).toEqual(orders[0]);
      break;
    }
    expect(server.to('/admin/v1/workspaces').map((request) => request.url.search)).toEqual(['?limit=100&page=0']);
    expect(server.sent[0]?.headers.authorization).toBe('Bearer operator-token-1234');
  });
});

describe('the events iterator', () => {
  const events = Array.from({ length: 5 }, (_, index) => ({ eventId: `e${5 - index}`, type: 'balance_updated' }));
  /** GET /v1/events over `events` (newest first): startingAfter pages older, endingBefore newer, hasMore. */
  const eventsApi = (sent: Sent) => {
    const limit = Number(sent.url.searchParams.get('limit'));
    const after = sent.url.searchParams.get('startingAfter');
    const before = sent.url.searchParams.get('endingBefore');
    if (before !== null) {
      const newer = events.slice(
        0,
        events.findIndex((event) => event.eventId === before),
      );
      return json(200, { ok: true, value: newer.slice(-limit), hasMore: newer.length > limit });
    }
    const start = after === null ? 0 : events.findIndex((event) => event.eventId === after) + 1;
    const value = events.slice(start, start + limit);
    return json(200, { ok: true, value, hasMore: start + limit < events.length });
  };

  it('follows startingAfter with the last eventId of each page while hasMore, newest first', async () => {
    const server = fakeServer({ '/v1/events': eventsApi });
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const seen: string[] = [];
    for await (const event of client.events.iterate({ limit: 2, type: ['balance_updated'] })) seen.push(event.eventId);
    expect(seen).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    expect(server.to('/v1/events').map((request) => request.url.searchParams.get('startingAfter'))).toEqual([
      null,
      'e4',
      'e2',
    ]);
  });

  it('with endingBefore reads towards the present and yields the events oldest first', async () => {
    const server = fakeServer({ '/v1/events': eventsApi });
    const client = new BrokerageClient({ ...credentials, fetch: server.fetch });
    const seen: string[] = [];
    for await (const event of client.events.iterate({ limit: 2, endingBefore: 'e1' })) seen.push(event.eventId);
    expect(seen).toEqual(['e2', 'e3', 'e4', 'e5']);
  });
});
