import type { Db } from '../src/storage/db.js';
import type { ProductionModel } from './production-model.js';

// Production mode's own invariants (docs/reliability/simulator.md, "Production mode"), after every step beside the
// others: in production no deposit is credited and no payout completes without a real provider's evidence.
//
// - **No credit without evidence, each piece once**: what the ledger credited a deposit (its deposit_inbound
//   postings to the deposit's account, available or held) is at most the sum of the distinct pieces of evidence
//   that may credit it: bank lines under its reference or assigned to it by an operator, inbound-credit callbacks
//   naming it; each counted once however often it arrived (a file imported twice, a callback resent). A forged or
//   stale callback, one naming a deposit the bank collects, or a bank credit assigned across currencies is no
//   evidence at all.
// - **No payout completed without evidence**: a withdrawal in Success had a `settled` reported for it (a pain.002
//   acceptance, a camt.054 debit, a provider callback) or a `returned` (a payout returned before its settlement was
//   reported settles first, then its return job returns it), one Returned a `returned`: by its id or by the
//   reference its batch file carried. (Failed needs none: the provider may refuse a payout at once; no money left.)

export async function evidenceProblems(db: Db, workspaceId: string, production: ProductionModel): Promise<string[]> {
  const problems: string[] = [];
  const deposits = await db.query<{ id: string; credited: bigint }>(
    `select d.id, coalesce((select sum(p.amount) from ledger_entries e join ledger_postings p on p.entry_id = e.id
         where e.reference = d.id and e.kind = 'deposit_inbound' and p.account_id = d.account_id), 0)::int8 as credited
     from deposits d where d.workspace_id = $1`,
    [workspaceId],
  );
  for (const deposit of deposits) {
    const bound = production.creditBound(deposit.id);
    if (deposit.credited > bound) {
      problems.push(
        `no credit without evidence: deposit ${deposit.id} was credited ${deposit.credited} (minor units), ` +
          `the evidence for it comes to ${bound}`,
      );
    }
  }
  const completed = await db.query<{ id: string; status: string; reference: string | null }>(
    `select w.id::text as id, w.status, p.reference from withdrawals w
     left join payouts p on p.payout_id = w.id::text
     where w.workspace_id = $1 and w.status in ('Success', 'Returned')`,
    [workspaceId],
  );
  for (const withdrawal of completed) {
    const ids = [withdrawal.id, withdrawal.reference];
    const returned = production.wasReported(ids, 'returned');
    if (!returned && (withdrawal.status === 'Returned' || !production.wasReported(ids, 'settled'))) {
      problems.push(
        `no payout completed without evidence: withdrawal ${withdrawal.id} is ${withdrawal.status} ` +
          `and no ${withdrawal.status === 'Success' ? 'settled or returned' : 'returned'} was reported for it`,
      );
    }
  }
  return problems;
}
