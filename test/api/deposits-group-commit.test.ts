import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositGroup } from '../../src/resources/deposits/repo.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal (issue 32, group commit): keyed deposits that arrive together are written in one statement, and every
// request's outcome is still its own: created, replayed, 409 for its key, refused for its payer. Method: many keyed
// POST /v1/deposits at once through inject on the run's database; the group's own figures say statements carried
// several; the answers, the replays and the deposits listed say what each request got.

let t: TestApp;
let partner: Partner;
const approved = (n: number) => ({
  firstName: 'Ana',
  lastName: 'G',
  userEmail: `group.${n}@example.com`,
  country: 'PT',
});
const unverified = { firstName: 'Rui', lastName: 'N', userEmail: 'group.unverified@example.com', country: 'PT' };

beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
  for (let n = 0; n < 4; n++) await verifyCustomer(t.app, partner, approved(n).userEmail);
});
afterAll(async () => {
  await t.app.close();
});

const deposit = (key: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...partner.headers, 'idempotency-key': key },
    payload,
  });

/** Statements that carried more than one deposit, so far. */
const grouped = () =>
  depositGroup(t.ctx.db)
    .figures.sizes.slice(2)
    .reduce((sum: number, n) => sum + (n ?? 0), 0);

describe('keyed deposits together', () => {
  it('are written in fewer statements than requests, each its own deposit', async () => {
    const before = depositGroup(t.ctx.db).figures;
    const groupedBefore = grouped();
    const tag = randomUUID().slice(0, 8);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        deposit(`${tag}-${i}`, { userData: approved(i % 4), amount: 10 + i, currency: 'EUR' }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const ids = answers.map((a) => a.json().depositId);
    expect(new Set(ids).size).toBe(24);
    expect(answers.map((a) => a.json().expectedAmount)).toEqual(Array.from({ length: 24 }, (_, i) => 10 + i));
    const after = depositGroup(t.ctx.db).figures;
    expect(after.parts - before.parts).toBe(24);
    expect(after.statements - before.statements).toBeLessThan(24);
    expect(grouped()).toBeGreaterThan(groupedBefore);
    // Each key replays its own deposit.
    const replays = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        deposit(`${tag}-${i}`, { userData: approved(i % 4), amount: 10 + i, currency: 'EUR' }),
      ),
    );
    expect(replays.map((r) => r.json().depositId)).toEqual(ids);
    expect(replays.every((r) => r.headers['idempotent-replayed'] === 'true')).toBe(true);
  });

  it('one key sent many times at once: one deposit, every answer that deposit; another payload with it is 409', async () => {
    const key = `same-${randomUUID()}`;
    const body = { userData: approved(0), amount: 77, currency: 'EUR' };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => deposit(key, body)),
      deposit(key, { ...body, amount: 78 }),
      deposit(`other-${randomUUID()}`, body),
    ]);
    const same = answers.slice(0, 6);
    for (const answer of same) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(same.map((a) => a.json().depositId)).size).toBe(1);
    expect(same.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(answers[6]?.statusCode, answers[6]?.body).toBe(409);
    expect(answers[7]?.statusCode).toBe(201);
    expect(answers[7]?.json().depositId).not.toBe(same[0]?.json().depositId);
    const listed = await t.app.inject({ method: 'GET', url: '/v1/deposits?limit=100', headers: partner.headers });
    const seventySeven = (listed.json() as { expectedAmount: number }[]).filter((d) => d.expectedAmount === 77);
    expect(seventySeven).toHaveLength(2);
  });

  it("a payer refused among others: its own answer, and the others' deposits written", async () => {
    const tag = randomUUID().slice(0, 8);
    const answers = await Promise.all([
      deposit(`${tag}-a`, { userData: approved(1), amount: 5, currency: 'EUR' }),
      deposit(`${tag}-refused`, { userData: unverified, amount: 5, currency: 'EUR' }),
      deposit(`${tag}-b`, { userData: approved(2), amount: 6, currency: 'EUR' }),
    ]);
    expect(answers[0]?.statusCode, answers[0]?.body).toBe(201);
    expect(answers[1]?.statusCode, answers[1]?.body).toBe(403);
    expect(answers[2]?.statusCode, answers[2]?.body).toBe(201);
    // The refusal's key is consumed by its failure (money writes' rule), not by a deposit: it answers as before.
    const again = await deposit(`${tag}-refused`, { userData: unverified, amount: 5, currency: 'EUR' });
    expect(again.statusCode, again.body).toBe(409);
  });
});
