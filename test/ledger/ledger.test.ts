import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWorkspaceAccount } from '../../src/accounts/accounts.js';
import { ApiError } from '../../src/domain/errors.js';
import { movements, systemAccounts } from '../../src/domain/ledger/entry.js';
import { recordBalanceUpdated } from '../../src/events/balance-updated.js';
import { balancesOf, postEntry } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify.js';
import type { Db } from '../../src/storage/db.js';
import { aWorkspace } from '../support/builders.js';
import { buildTestApp, testDb } from '../support/harness.js';

let db: Db;
let workspaceId: string;
beforeAll(async () => {
  const { app } = await buildTestApp();
  db = await testDb();
  workspaceId = (await aWorkspace(app)).workspaceId;
});

async function anAccountWith(currency: string, amount: bigint): Promise<string> {
  const accountId = await db.transaction(async (tx) => {
    // Each test gets an account of its own: a fresh customer-kind row would need an email, the workspace one is
    // unique per workspace, so use a fresh workspace-kind id through a throwaway workspace id suffix.
    const id = `acct:test:${randomUUID()}`;
    await tx.query(
      `insert into accounts (id, workspace_id, kind, email, created_at_ms) values ($1, $2, 'customer', $3, 0)`,
      [id, workspaceId, `${randomUUID()}@example.com`],
    );
    return id;
  });
  if (amount > 0n) {
    await db.transaction((tx) =>
      postEntry(tx, {
        workspaceId,
        kind: 'test_credit',
        reference: accountId,
        postings: movements.credit(accountId, currency, amount),
        nowMs: 0,
      }),
    );
  }
  return accountId;
}

describe('posting entries', () => {
  it('credits, holds, releases and settles, keeping balances beside the postings', async () => {
    const account = await anAccountWith('EUR', 10_000n);
    await db.transaction(async (tx) => {
      await postEntry(tx, {
        workspaceId,
        kind: 'hold',
        reference: 'w1',
        postings: movements.hold(account, 'EUR', 3_000n),
        nowMs: 1,
      });
      await postEntry(tx, {
        workspaceId,
        kind: 'release',
        reference: 'w1',
        postings: movements.release(account, 'EUR', 1_000n),
        nowMs: 1,
      });
      await postEntry(tx, {
        workspaceId,
        kind: 'settle',
        reference: 'w1',
        postings: movements.settleHold(account, 'EUR', 2_000n),
        nowMs: 1,
      });
    });
    expect(await balancesOf(db, account)).toEqual([{ currency: 'EUR', available: 8_000n, pending: 0n }]);
  });

  it('refuses an unbalanced entry before touching the database', async () => {
    await expect(
      postEntry(db, {
        workspaceId,
        kind: 'bad',
        reference: 'x',
        postings: [{ accountId: systemAccounts.fees, currency: 'EUR', bucket: 'available', amount: 5n }],
        nowMs: 0,
      }),
    ).rejects.toThrow('unbalanced');
  });

  it('a hold beyond the available balance is 402 FundsError and moves nothing', async () => {
    const account = await anAccountWith('USD', 500n);
    const attempt = db.transaction((tx) =>
      postEntry(tx, {
        workspaceId,
        kind: 'hold',
        reference: 'w2',
        postings: movements.hold(account, 'USD', 501n),
        nowMs: 0,
      }),
    );
    await expect(attempt).rejects.toSatisfy((e) => e instanceof ApiError && e.type === 'FundsError');
    expect(await balancesOf(db, account)).toEqual([{ currency: 'USD', available: 500n, pending: 0n }]);
  });

  it('never overdraws under many concurrent holds on one balance', async () => {
    const account = await anAccountWith('USDC', 1_000n);
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction((tx) =>
          postEntry(tx, {
            workspaceId,
            kind: 'hold',
            reference: `c${i}`,
            postings: movements.hold(account, 'USDC', 100n),
            nowMs: 0,
          }),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused.every((a) => a.reason instanceof ApiError && a.reason.type === 'FundsError')).toBe(true);
    expect(await balancesOf(db, account)).toEqual([{ currency: 'USDC', available: 0n, pending: 1_000n }]);
  });

  it('balanceUpdated writes the event in the entry statement, as recordBalanceUpdated would, or not at all', async () => {
    const account = await anAccountWith('USDC', 2_000_000n);
    const userEmail = `${randomUUID()}@example.com`;
    const events = () =>
      db.query<{ data: unknown; occurred_at_ms: bigint }>(
        `select data, occurred_at_ms from outbox_events
         where workspace_id = $1 and type = 'balance_updated' and event_id = $2 order by id`,
        [workspaceId, userEmail],
      );
    const hold = (amount: bigint) =>
      db.transaction((tx) =>
        postEntry(tx, {
          workspaceId,
          kind: 'hold',
          reference: 'e1',
          postings: movements.hold(account, 'USDC', amount),
          nowMs: 7,
          balanceUpdated: { accountId: account, currency: 'USDC', userEmail },
        }),
      );
    await hold(765_433n);
    await db.transaction((tx) =>
      recordBalanceUpdated(tx, { workspaceId: workspaceId, accountId: account, currency: 'USDC', userEmail }, 7),
    );
    const [folded, separate] = await events();
    expect(folded).toEqual({
      data: { userEmail, currency: 'USDC', available: 1.234567, pending: 0.765433 },
      occurred_at_ms: 7n,
    });
    expect(separate).toEqual(folded);
    await expect(hold(2_000_000n)).rejects.toSatisfy((e) => e instanceof ApiError && e.type === 'FundsError');
    expect(await events()).toHaveLength(2);
  });

  it('the workspace account is created once, on first use', async () => {
    const first = await ensureWorkspaceAccount(db, workspaceId, 0);
    const second = await ensureWorkspaceAccount(db, workspaceId, 0);
    expect(first).toBe(second);
  });
});

describe('verifying the ledger', () => {
  it('passes on a consistent ledger and names every difference on a tampered one', async () => {
    expect((await verifyLedger(db)).problems).toEqual([]);
    const account = await anAccountWith('GBP', 700n);
    await db.query(`update balances set available = 701 where account_id = $1`, [account]);
    const [entry] = await db.query<{ id: bigint }>(
      `insert into ledger_entries (workspace_id, kind, reference, created_at_ms) values ($1, 'forged', 'x', 0) returning id`,
      [workspaceId],
    );
    await db.query(
      `insert into ledger_postings (entry_id, account_id, currency, bucket, amount) values ($1, $2, 'GBP', 'available', 3)`,
      [entry?.id, systemAccounts.fees],
    );
    try {
      const report = await verifyLedger(db);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual(
        expect.arrayContaining([
          { kind: 'unbalanced_entry', detail: `entry ${entry?.id} nets 3 in GBP` },
          {
            kind: 'balance_mismatch',
            detail: `account ${account} GBP: stored available/pending 701/0, postings 700/0`,
          },
        ]),
      );
    } finally {
      await db.query('delete from ledger_postings where entry_id = $1', [entry?.id]);
      await db.query('delete from ledger_entries where id = $1', [entry?.id]);
      await db.query('update balances set available = 700 where account_id = $1', [account]);
    }
    expect((await verifyLedger(db)).ok).toBe(true);
  });
});
