import { amountFromJson } from '../src/domain/money/currency-amount.js';
import { rfReferenceOf } from '../src/domain/payments/rf-reference.js';
import { type CamtLine, camt054, pain002 } from '../test/support/bank-file-builders.js';
import { eurAccount } from '../test/support/bank-providers.js';
import { type Actors, json, label, nth, type Operation, ok } from './actors.js';
import type { Answer } from './client.js';
import { eurCounterparty } from './fixtures.js';
import type { KnownBatch } from './production-model.js';
import { arrivingMinor, decimal, importFile, productionOf } from './production-requests.js';
import type { Step } from './steps.js';
import { simAdminToken } from './world.js';

// The bank's side in production mode (test/production/bank-files.test.ts drives the same routes): camt.054 credits
// under a deposit's RF reference, a mistyped one or one of nothing; the same file imported again, at once or later;
// the operator's queue of unmatched credits (assign, return); payout batches cut (sometimes twice at once) and the
// bank's pain.002 verdicts on them (accepted, rejected, part of them, the whole file refused); statement lines of a
// payout's debit or its return. The files are written by the tests' own builders (test/support/bank-file-builders.ts).

const eur = { iban: eurAccount, currency: 'EUR' };
const payerParty = { payerName: eurCounterparty.counterparty.name, payerIban: eurCounterparty.counterparty.iban };

/** Imports a file; with `twice`, the operator imports it again at once, and the second import must change nothing. */
async function importChecked(a: Actors, step: Step, text: string, twice: boolean): Promise<Answer> {
  const answer = await importFile(a, step, text);
  if (twice && answer.status === 200) {
    const again = await importFile(a, undefined, text);
    unchangedByRepeat(a, again);
  }
  return answer;
}

/** A file imported again after an import that answered: nothing credited, queued or applied a second time. */
function unchangedByRepeat(a: Actors, again: Answer): void {
  if (again.status !== 200) return;
  const { credited, unmatched, payoutOutcomes } = again.body;
  if (credited !== 0 || unmatched !== 0 || payoutOutcomes !== 0) {
    a.model.problems.push(`evidence applied once: a bank file imported again did ${JSON.stringify(again.body)}`);
  }
}

/** A batch's amount (a JSON number in euros) in cents, exactly. */
const minorOf = (amount: number): bigint => {
  const parsed = amountFromJson(amount, 'EUR');
  return parsed.ok ? parsed.minor : 0n;
};

const eurDeposit = (a: Actors, pick: number) => a.model.pick('deposit', pick, (k) => k.detail.currency === 'EUR');

/**
 * The batch a cut made when its answer was lost: the newest, if it is new and known neither from before nor from a
 * racing cut's answer; its file gives the references and amounts.
 */
async function adoptLostBatch(
  a: Actors,
  startedAtMs: number,
  answered: readonly KnownBatch[],
): Promise<KnownBatch | undefined> {
  const listed = await a.client.admin({ method: 'GET', url: '/admin/v1/payout-batches?limit=1' });
  const newest = (listed.body as unknown as { batchId: string; createdAt: number }[])[0];
  const production = productionOf(a);
  if (newest === undefined || newest.createdAt * 1000 < startedAtMs - 1000) return undefined;
  if ([...production.batches, ...answered].some((b) => b.batchId === newest.batchId)) return undefined;
  const file = await a.world.instance.app.inject({
    method: 'GET',
    url: `/admin/v1/payout-batches/${newest.batchId}/file`,
    headers: { authorization: `Bearer ${simAdminToken}` },
  });
  const payouts = [...file.body.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>.*?<InstdAmt[^>]*>([^<]+)</gs)].map(
    ([, reference, amount]) => ({ reference: String(reference), amount: String(amount) }),
  );
  return { batchId: newest.batchId, payouts };
}

export const bankFileOperations = {
  async bankCredit(a, step) {
    const production = productionOf(a);
    const deposit = eurDeposit(a, step.pick);
    if (deposit === undefined) return 'no EUR deposit';
    const minor = arrivingMinor(json(deposit.detail.amount), 'EUR', step.variant >>> 3);
    const kind = step.variant % 8;
    const line = (reference: Pick<CamtLine, 'rfReference' | 'remittance'>): CamtLine => ({
      bankReference: production.nextId('B'),
      direction: 'CRDT',
      amount: decimal(minor),
      ...payerParty,
      ...reference,
    });
    const matching = line({ rfReference: String(deposit.detail.reference) });
    const unmatched = [
      line({ remittance: `for my deposit ${deposit.id.slice(0, 4)}` }),
      line({ rfReference: rfReferenceOf(`NOTHING${production.tag}`) }),
      line({ remittance: `ref RP${deposit.id}` }),
    ];
    const lines = kind < 4 ? [matching] : kind < 7 ? [nth(unmatched, kind)] : [matching, nth(unmatched, step.pick)];
    for (const sent of lines) {
      production.credit(sent.bankReference, minor, sent === matching ? deposit.id : undefined);
      if (sent !== matching) production.unmatchedLines.push(sent.bankReference);
    }
    const answer = await importChecked(a, step, camt054(eur, lines), (step.variant >>> 6) % 4 === 0);
    return `${lines.length === 1 && kind < 4 ? 'matching' : 'unmatched'} ${label(answer)}`;
  },

  async fileAgain(a, step) {
    const files = productionOf(a).files;
    if (files.length === 0) return 'no file';
    const file = nth(files, step.pick);
    const answer = await importFile(a, step, file.text, file.contentType);
    // Every file was imported until an answer came (production-requests.ts): a repeat changes nothing.
    unchangedByRepeat(a, answer);
    return label(answer);
  },

  async assignEntry(a, step) {
    const production = productionOf(a);
    if (production.unmatchedLines.length === 0) return 'no unmatched line';
    const bankReference = nth(production.unmatchedLines, step.pick);
    const [entry] = await a.world.db.query<{ id: string }>(
      'select id from bank_entries where account = $1 and bank_reference = $2',
      [eurAccount, bankReference],
    );
    if (entry === undefined) return 'line not imported';
    const wrongCurrency = step.variant % 4 === 3;
    const target = wrongCurrency
      ? a.model.pick('deposit', step.variant, (k) => k.detail.currency === 'GBP')
      : eurDeposit(a, step.variant);
    if (target === undefined) return 'no target';
    // An operator's assignment is evidence for the deposit it names (an EUR credit never is for a GBP deposit).
    const evidence = production.credits.get(bankReference);
    if (!wrongCurrency && evidence !== undefined) evidence.targets.add(target.id);
    const url = `/admin/v1/bank-entries/${entry.id}/assign`;
    const answer = await a.client.once(
      step,
      'assign bank entry',
      { method: 'POST', url, payload: { depositId: target.id } },
      true,
    );
    if (wrongCurrency && ok(answer)) {
      a.model.problems.push(`evidence required: an EUR bank credit was assigned to GBP deposit ${target.id}`);
    }
    if (ok(answer) && (step.variant >>> 3) % 3 === 0) {
      const again = await a.client.admin({ method: 'POST', url, payload: { depositId: target.id } });
      if (again.status !== 409)
        a.model.problems.push(`evidence applied once: an entry assigned twice answered ${again.status}`);
    }
    return `${wrongCurrency ? 'wrong currency ' : ''}${label(answer)}`;
  },

  async returnEntry(a, step) {
    const production = productionOf(a);
    if (production.unmatchedLines.length === 0) return 'no unmatched line';
    const bankReference = nth(production.unmatchedLines, step.pick);
    const [entry] = await a.world.db.query<{ id: string }>(
      'select id from bank_entries where account = $1 and bank_reference = $2',
      [eurAccount, bankReference],
    );
    if (entry === undefined) return 'line not imported';
    const url = `/admin/v1/bank-entries/${entry.id}/return`;
    const answer = await a.client.once(
      step,
      'return bank entry',
      { method: 'POST', url, payload: { note: 'sim' } },
      true,
    );
    return label(answer);
  },

  async cutBatch(a, step) {
    const production = productionOf(a);
    const startedAtMs = a.world.clock.nowMs();
    const request = { method: 'POST' as const, url: '/admin/v1/payout-batches', payload: { rail: 'SEPA' } };
    // One cut in four races another, as two operators' (or two processes') would.
    const racing = step.variant % 4 === 0;
    const answers: Answer[] = [];
    const first = await a.client.faulted(step, async () => {
      if (!racing) return a.client.admin(request);
      const both = await Promise.all([a.client.admin(request), a.client.admin(request)]);
      answers.push(both[1]);
      return both[0];
    });
    answers.push(first);
    const batches: KnownBatch[] = [];
    for (const answer of answers.filter((x) => x.status === 201)) {
      const payouts = (answer.body.payouts as { reference: string; amount: number }[]).map((p) => ({
        reference: p.reference,
        amount: decimal(minorOf(p.amount)),
      }));
      batches.push({ batchId: String(answer.body.batchId), payouts });
    }
    if (first.lost || first.status >= 500) {
      // The racing cut's answer may already name it.
      const adopted = await adoptLostBatch(a, startedAtMs, batches);
      if (adopted !== undefined) batches.push(adopted);
    }
    const references = batches.flatMap((b) => b.payouts.map((p) => p.reference));
    if (new Set(references).size !== references.length) {
      a.model.problems.push(`one batch per payout: cuts at once put a payout in two batches (${references.join(' ')})`);
    }
    production.batches.push(...batches);
    // Sorted: which of two racing cuts wins is the database's to decide.
    return `${racing ? 'racing ' : ''}${answers.map(label).sort().join('+')}`;
  },

  async batchReport(a, step) {
    const production = productionOf(a);
    if (production.batches.length === 0) return 'no batch';
    const batch = nth(production.batches, step.pick);
    const kind = step.variant % 5;
    const reported =
      (step.variant >>> 3) % 3 === 0 ? batch.payouts.slice(0, Math.ceil(batch.payouts.length / 2)) : batch.payouts;
    const verdict = (i: number) => (kind < 2 || (kind === 3 && i % 2 === 0) ? 'ACCP' : 'RJCT');
    if (kind === 4) {
      for (const p of batch.payouts) production.reported(p.reference, 'rejected');
    } else {
      for (const [i, p] of reported.entries())
        production.reported(p.reference, verdict(i) === 'ACCP' ? 'settled' : 'rejected');
    }
    const file =
      kind === 4
        ? pain002(batch.batchId, [], 'RJCT')
        : pain002(
            batch.batchId,
            reported.map((p, i) => ({
              endToEndId: p.reference,
              status: verdict(i),
              ...(verdict(i) === 'RJCT' ? { reason: 'AC04' } : {}),
            })),
          );
    const answer = await importChecked(a, step, file, (step.variant >>> 6) % 4 === 0);
    return `${['accepted', 'accepted', 'rejected', 'mixed', 'file refused'][kind]} ${label(answer)}`;
  },

  async payoutStatement(a, step) {
    const production = productionOf(a);
    if (production.batches.length === 0) return 'no batch';
    const payouts = nth(production.batches, step.pick).payouts;
    if (payouts.length === 0) return 'empty batch';
    const payout = nth(payouts, step.variant >>> 3);
    const kind = step.variant % 3;
    const bankReference = production.nextId('B');
    let line: CamtLine;
    if (kind === 0) {
      production.reported(payout.reference, 'settled');
      line = { bankReference, direction: 'DBIT', amount: payout.amount, endToEndId: payout.reference };
    } else if (kind === 1) {
      production.reported(payout.reference, 'returned');
      line = {
        bankReference,
        direction: 'CRDT',
        amount: payout.amount,
        endToEndId: payout.reference,
        returnReason: 'AC04',
      };
    } else {
      // A debit under a reference that is none of ours: a bank fee, say; it moves nothing here.
      line = { bankReference, direction: 'DBIT', amount: payout.amount, endToEndId: `PUNKNOWN${production.tag}` };
    }
    const answer = await importChecked(a, step, camt054(eur, [line]), (step.variant >>> 6) % 4 === 0);
    if (kind === 0 && answer.status === 200) production.debited.add(payout.reference);
    return `${['debit', 'return', 'unknown debit'][kind]} ${label(answer)}`;
  },

  async reconciliation(a, step) {
    // The operator's daily check: a payout whose debit is on an imported statement is not one "without a bank debit".
    const url = '/admin/v1/reconciliation?currency=EUR';
    const answer = await a.client.once(step, 'reconciliation', { method: 'GET', url }, true);
    if (answer.status !== 200) return label(answer);
    const items = answer.body.items as { kind: string; id: string }[];
    const listed = items.filter((i) => i.kind === 'payout_without_bank_debit').map((i) => i.id);
    const debited = productionOf(a).debited;
    if (listed.length > 0 && debited.size > 0) {
      const rows = await a.world.db.query<{ payout_id: string; reference: string }>(
        'select payout_id, reference from payouts where payout_id = any($1::text[])',
        [listed],
      );
      for (const row of rows.filter((r) => debited.has(r.reference))) {
        a.model.problems.push(
          `reconciliation: payout ${row.payout_id} is listed without a bank debit, and its debit (${row.reference}) was imported`,
        );
      }
    }
    return label(answer);
  },
} satisfies Partial<Record<Step['op'], Operation>>;
