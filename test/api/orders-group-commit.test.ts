import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railOrderGroup } from '../../src/resources/orders/repo-place.js';
import type { Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  beneficiary,
  destinations,
  expectLedgerConsistent,
  payer,
  postOrder,
} from '../support/orders.js';

// Goal (issue 32, group commit): keyed rail-funded orders that arrive together are written in one statement, each
// with its own outcome: created, replayed, 409 for its key or for a quote another order took. Method: many keyed
// POST /v1/orders at once through inject on the run's database; the group's figures, the answers and the quotes.

let t: TestApp;
let partner: Partner;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await approvedPartner(t);
});
afterAll(async () => {
  await t.app.close();
});

const quote = () => aQuote(t.app, partner, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
const order = (quoteId: string, key: string) =>
  postOrder(
    t.app,
    partner,
    { quoteId, userData: payer, destinationUserData: beneficiary, destinationTransferData: destinations.PIX_BR },
    { 'idempotency-key': key },
  );

describe('keyed orders together', () => {
  it('are written in fewer statements than requests, each bound to its own quote', async () => {
    const quotes = [];
    for (let i = 0; i < 12; i++) quotes.push(await quote());
    const before = railOrderGroup(t.ctx.db).figures;
    const tag = randomUUID().slice(0, 8);
    const answers = await Promise.all(quotes.map((q, i) => order(q.quoteId, `${tag}-${i}`)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(answers.map((a) => a.json().quoteId)).toEqual(quotes.map((q) => q.quoteId));
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(12);
    const after = railOrderGroup(t.ctx.db).figures;
    expect(after.parts - before.parts).toBe(12);
    expect(after.statements - before.statements).toBeLessThan(12);
    const replays = await Promise.all(quotes.map((q, i) => order(q.quoteId, `${tag}-${i}`)));
    expect(replays.map((r) => r.json().orderId)).toEqual(answers.map((a) => a.json().orderId));
    await expectLedgerConsistent(t.app);
  });

  it('one quote asked for by several keys at once: one order; the others 409, the quote used', async () => {
    const q = await quote();
    const tag = randomUUID().slice(0, 8);
    const before = railOrderGroup(t.ctx.db).figures;
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => order(q.quoteId, `${tag}-${i}`)));
    // Never two in one statement (one statement cannot bind one quote twice): a statement of one each, none sent
    // again after a failure. A request that reads the quote once another's order has bound it is refused before
    // it reaches the group (on a loaded machine the four do not always come in one turn): at most four.
    const after = railOrderGroup(t.ctx.db).figures;
    const [statements, parts] = [after.statements - before.statements, after.parts - before.parts];
    expect(parts).toBe(statements);
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(4);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(409);
    }
  });

  it('one key sent several times at once: one order, every answer that order', async () => {
    const q = await quote();
    const key = `same-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => order(q.quoteId, key)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
  });
});
