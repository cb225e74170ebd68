import type { PayoutOutcome } from '../src/domain/states/withdrawal-status.js';

// What the simulated world knows in production mode beyond the partner's model: the evidence it produced (each bank
// statement line and each provider callback that could credit a deposit or settle a payout), the payout batches the
// operator cut, the files imported and the callbacks sent (to send them again). The invariants hold the database to
// it: no deposit credited beyond the evidence for it, each piece counted once however often it arrived; no payout
// completed or returned without a report saying so (invariants-production.ts).

/** One piece of money-in evidence: a bank line (by its bank reference) or an inbound-credit callback (by its id). */
export interface CreditEvidence {
  readonly amountMinor: bigint;
  /** The deposits it may credit: the one its reference or callback names, and any an operator assigned it to. */
  readonly targets: Set<string>;
}

/** A signed callback as the provider sent it, to be sent again (byte for byte, signed anew). */
export interface SentCallback {
  readonly path: '/inbound-credits' | '/payout-outcomes';
  readonly body: Readonly<Record<string, unknown>>;
  /** Its definite answer's status and result, when it had one. */
  answered?: { readonly status: number; readonly result: unknown };
}

export interface KnownBatch {
  readonly batchId: string;
  /** Its payouts by the reference they travel under (what the bank's reports carry back), and their amounts. */
  readonly payouts: readonly { readonly reference: string; readonly amount: string }[];
}

export interface ImportedFile {
  readonly text: string;
  readonly contentType: string;
}

export class ProductionModel {
  /** Money-in evidence by its key (a bank reference, a callbackId). */
  readonly credits = new Map<string, CreditEvidence>();
  /** Payout outcomes reported, by payout id or by the reference a bank file carried. */
  readonly payoutReports = new Map<string, Set<PayoutOutcome>>();
  readonly batches: KnownBatch[] = [];
  readonly files: ImportedFile[] = [];
  readonly callbacks: SentCallback[] = [];
  /** References of payouts whose debit line an import took (answered 200): the bank shows them paid. */
  readonly debited = new Set<string>();
  /** Bank references of credits sent with no reference that matches: they wait in the operator's queue. */
  readonly unmatchedLines: string[] = [];
  private issued = 0;

  /** `tag` makes bank references and callback ids unique across the sequences sharing a database. */
  constructor(readonly tag: string) {}

  /** A new bank reference or callback id of this sequence (at most 35 characters, as ISO 20022 allows). */
  nextId(kind: 'B' | 'C'): string {
    this.issued += 1;
    return `${kind}${this.tag}x${this.issued}`;
  }

  credit(key: string, amountMinor: bigint, target: string | undefined): void {
    const known = this.credits.get(key) ?? { amountMinor, targets: new Set<string>() };
    if (target !== undefined) known.targets.add(target);
    this.credits.set(key, known);
  }

  /** The most a deposit may have been credited: every distinct piece of evidence that may credit it, once. */
  creditBound(depositId: string): bigint {
    let bound = 0n;
    for (const evidence of this.credits.values()) if (evidence.targets.has(depositId)) bound += evidence.amountMinor;
    return bound;
  }

  reported(idOrReference: string, outcome: PayoutOutcome): void {
    const outcomes = this.payoutReports.get(idOrReference) ?? new Set<PayoutOutcome>();
    outcomes.add(outcome);
    this.payoutReports.set(idOrReference, outcomes);
  }

  wasReported(ids: readonly (string | null)[], outcome: PayoutOutcome): boolean {
    return ids.some((id) => id !== null && this.payoutReports.get(id)?.has(outcome) === true);
  }
}
