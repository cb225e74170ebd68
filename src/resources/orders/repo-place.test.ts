import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../storage/db.js';
import type { OrderRow } from './repo.js';
import { placeRailOrders, type RailOrderToPlace } from './repo-place.js';

// A group statement of n orders is one text whatever the orders are like (a payer or none, the workspace's own or a
// customer's): storage/postgres.ts prepares one statement per text, so texts must not multiply with shapes.

const recording = () => {
  const texts: string[] = [];
  const db: Queryable = {
    async query(text) {
      texts.push(text);
      return [];
    },
    async exec() {},
  };
  return { db, texts };
};

const order = (n: number, payerEmail: string | undefined, workspaceAccount: boolean): RailOrderToPlace => ({
  row: { id: `PRE${n}`, workspace_id: 'ws', quote_id: `q-${n}`, created_at_ms: 1n } as unknown as OrderRow,
  checks: { payerEmail, workspaceAccount, quoteNowMs: 1 },
  expiry: { kind: 'order.expire', payload: { orderId: `PRE${n}` }, runAtMs: 2 },
  claim: (p, when) => `select ${p.add(n)} where ${when}`,
});

describe('a group statement of rail-funded orders', () => {
  it.each([
    ['a payer, the workspace own', 'ana@example.com', true],
    ['no payer, the workspace own', undefined, true],
    ['a payer, a customer', 'ana@example.com', false],
    ['no payer, a customer', undefined, false],
  ] as const)('has one text for n parts: %s beside the others', async (_what, payerEmail, workspaceAccount) => {
    const first = recording();
    await placeRailOrders(first.db, [order(0, 'ana@example.com', true), order(1, 'ana@example.com', true)]);
    const other = recording();
    await placeRailOrders(other.db, [order(0, payerEmail, workspaceAccount), order(1, undefined, false)]);
    expect(other.texts).toEqual(first.texts);
  });
});
