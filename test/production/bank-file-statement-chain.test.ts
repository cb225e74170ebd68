// A statement that does not follow the last one is held for an operator (issue #27): camt.053 statements of an
// account apply in order, a re-import is no break, and one whose opening balance or sequence number breaks the chain
// moves nothing until an operator accepts it (audited, then applied) or rejects it (refused for good); two imports
// at once are held once, or one applies and the other is held. Method: a production app whose EUR account is this
// file's own (verifiedBankFilesApp), so that the chain is this file's alone; statements imported through
// POST /admin/v1/bank-files and decided through the operator API.

import { describe, expect, it } from 'vitest';
import { camt053 } from '../support/bank-file-builders.js';
import { unique, verifiedBankFilesApp } from '../support/verified-bank-files.js';

const { ownIban, admin, runDue, post, deposit, depositStatus } = verifiedBankFilesApp();

describe('statements follow each other: a break is held for an operator', () => {
  const statement = (sequence: number, opening: string, closing: string, lines: Parameters<typeof camt053>[3]) =>
    camt053(
      ownIban,
      'EUR',
      { amount: closing, opening, date: `2026-11-${String(sequence).padStart(2, '0')}`, sequence },
      lines,
    );
  const credit = (d: { depositInfo: { referenceCode: string } }) => ({
    bankReference: `S-${unique()}`,
    direction: 'CRDT' as const,
    amount: '70.00',
    rfReference: d.depositInfo.referenceCode,
  });

  it('a chain applies in order; a re-import is no break; a gap is held, then accepted (audited) and applied', async () => {
    const first = await deposit();
    const one = statement(1, '1000.00', '1070.00', [credit(first)]);
    expect((await post(one)).json()).toMatchObject({ status: 'imported', credited: 1, closingBalances: 1 });
    expect((await post(one)).json()).toMatchObject({ status: 'imported', credited: 0, alreadyImported: 1 });
    // The account held 1000.00 before its first statement here: reconciliation lists it, the ledger never took it in.
    const report = (await admin('GET', '/admin/v1/reconciliation?currency=EUR')).json();
    expect(report.items).toContainEqual(
      expect.objectContaining({ kind: 'opening_balance', id: `…${ownIban.slice(-4)}`, amount: 1000 }),
    );
    const fee = { bankReference: `FEE-${unique()}`, direction: 'DBIT' as const, amount: '2.50' };
    const two = await post(statement(2, '1070.00', '1067.50', [fee]));
    expect(two.statusCode, two.body).toBe(200);

    // Statement 4 opens at 999.00: day 3 is missing and the figures do not follow. Nothing of it acts.
    const third = await deposit();
    const four = statement(4, '999.00', '1069.00', [credit(third)]);
    const held = await post(four);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json()).toMatchObject({ status: 'held', credited: 0 });
    const reasons = held.json().reasons as string[];
    expect(reasons.join(' ')).toMatch(
      /opens at 999.00 EUR, but the last statement applied for this account closed at 1067.50 EUR/,
    );
    expect(reasons.join(' ')).toMatch(/statement 4 does not follow the last statement applied, 2/);
    expect(await depositStatus(third.depositId)).not.toBe('Received');
    const fileId = held.json().fileId as string;
    // Held once: importing it again answers the same hold.
    expect((await post(four)).json()).toMatchObject({ status: 'held', fileId });
    const queue = (await admin('GET', '/admin/v1/bank-files?status=held')).json();
    expect(queue).toContainEqual(expect.objectContaining({ fileId, status: 'held', reasons }));

    const accepted = await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'day 3 had no movement' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ fileId, status: 'imported', credited: 1 });
    await runDue();
    expect(await depositStatus(third.depositId)).toBe('Received');
    expect((await admin('GET', `/admin/v1/bank-files/${fileId}`)).json()).toMatchObject({
      status: 'imported',
      decisionNote: 'day 3 had no movement',
    });
    const again = await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    const audit = (await admin('GET', '/admin/v1/audit-log?action=admin.bankFiles.accept')).json();
    expect(JSON.stringify(audit)).toContain(fileId);
    // The accepted statement is the chain's last link now: the next one follows it.
    expect((await post(statement(5, '1069.00', '1069.00', []))).statusCode).toBe(200);
  });

  it('a held statement an operator rejects is refused for good: nothing of it ever acts', async () => {
    const d = await deposit();
    const skipped = await post(statement(9, '1069.00', '1139.00', [credit(d)]));
    expect(skipped.statusCode, skipped.body).toBe(202);
    expect(skipped.json().reasons.join(' ')).toMatch(/statement 9 does not follow the last statement applied, 5/);
    const fileId = skipped.json().fileId;
    const rejected = await admin('POST', `/admin/v1/bank-files/${fileId}/reject`, { note: 'duplicate export' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ fileId, status: 'refused', decisionNote: 'duplicate export' });
    expect((await admin('POST', `/admin/v1/bank-files/${fileId}/accept`, { note: 'changed my mind' })).statusCode).toBe(
      409,
    );
    expect(await depositStatus(d.depositId)).not.toBe('Received');
  });

  it('a breaking statement imported twice at once is held once', async () => {
    const file = statement(30, '5.00', '5.00', []);
    const answers = await Promise.all([post(file), post(file)]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(answers[0]?.json().fileId).toBe(answers[1]?.json().fileId);
    const fileId = answers[0]?.json().fileId;
    expect((await admin('POST', `/admin/v1/bank-files/${fileId}/reject`, { note: 'test' })).statusCode).toBe(200);
  });

  it('two imports of the next statement at once: one applies, the other is held', async () => {
    const [a, b] = [await deposit(), await deposit()];
    const answers = await Promise.all([
      post(statement(6, '1069.00', '1139.00', [credit(a)])),
      post(
        camt053(ownIban, 'EUR', { amount: '1139.00', opening: '1069.00', date: '2026-11-06', sequence: 6 }, [
          { ...credit(b), bankReference: `S-other-${unique()}` },
        ]).replace('<Id>', '<Id>X'),
      ),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 202]);
    const statuses = [await depositStatus(a.depositId), await depositStatus(b.depositId)];
    expect(statuses.filter((s) => s === 'Received')).toHaveLength(1);
  });
});
