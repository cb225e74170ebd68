import type { ProductionModel } from './production-model.js';

// What the simulated partner knows: the resources the API acknowledged (a 2xx answer), in the order it learned of
// them, and each Idempotency-Key's answers. The checks compare the database with this; the steps pick their targets
// from it.

export type Kind = 'deposit' | 'order' | 'withdrawal' | 'bankingAccount' | 'webhook' | 'method';

export interface Known {
  readonly id: string;
  /** What the step needs later: an amount it paid or expects (a JSON number), the receiver's kind, a rail. */
  readonly detail: Readonly<Record<string, unknown>>;
  /** Deleted by the partner (a banking account, a webhook endpoint): no longer expected to be readable. */
  deleted?: boolean;
}

export interface KeyRecord {
  readonly key: string;
  readonly kind: Kind;
  /** The resource ids of the key's 2xx answers: more than one is a broken promise. */
  readonly ids: Set<string>;
  /** True while no answer of the key was definite (every attempt met a fault or a 503). */
  unresolved: boolean;
}

export class Model {
  readonly known: Record<Kind, Known[]> = {
    deposit: [],
    order: [],
    withdrawal: [],
    bankingAccount: [],
    webhook: [],
    method: [],
  };
  readonly keys = new Map<string, KeyRecord>();
  /** Creations without a key whose answer was lost or 5xx: each may have made a resource no one was told of. */
  readonly uncertain: Record<Kind, number> = {
    deposit: 0,
    order: 0,
    withdrawal: 0,
    bankingAccount: 0,
    webhook: 0,
    method: 0,
  };
  /** Problems the client itself saw (two ids for one key, a 2xx resource missing from its read). */
  readonly problems: string[] = [];
  /** Production mode: the evidence the world produced, the batches, files and callbacks (production-model.ts). */
  production: ProductionModel | undefined;

  acknowledge(kind: Kind, id: string, detail: Readonly<Record<string, unknown>>): void {
    if (!this.known[kind].some((k) => k.id === id)) this.known[kind].push({ id, detail });
  }

  recordKeyAnswer(key: string, kind: Kind, id: string | undefined, definite: boolean): void {
    let record = this.keys.get(key);
    if (record === undefined) {
      record = { key, kind, ids: new Set(), unresolved: true };
      this.keys.set(key, record);
    }
    if (id !== undefined) record.ids.add(id);
    if (definite) record.unresolved = false;
    if (record.ids.size > 1) {
      this.problems.push(`one resource per idempotency key: key ${key} answered ${[...record.ids].join(' and ')}`);
    }
  }

  /** The target a step's `pick` chooses among the live resources of a kind, if there is one. */
  pick(kind: Kind, pick: number, filter: (k: Known) => boolean = () => true): Known | undefined {
    const live = this.known[kind].filter((k) => !k.deleted && filter(k));
    return live.length === 0 ? undefined : live[pick % live.length];
  }

  /** How many resources of a kind may exist that no answer named: keys without a definite answer, and uncertain creations. */
  unannounced(kind: Kind): number {
    const keys = [...this.keys.values()].filter((k) => k.kind === kind && k.unresolved && k.ids.size === 0).length;
    return keys + this.uncertain[kind];
  }
}
