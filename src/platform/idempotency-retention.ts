import { type RetentionTarget, retentionFigures } from '../storage/retention.js';

// How long a completed Idempotency-Key is kept: housekeeping's target for idempotency_keys (storage/retention.ts).
// A key outlives its replay window while the write it answers can still fail in execution and then consume it
// (orders/legs.ts, withdrawals/transitions.ts). When that is, only the owner of what the write created knows: each
// such write hands a hold, which the composition root gives to idempotencyKeyRetention.

/** When a keyed write's completed key is held past its replay window, said by the owner of what the write created. */
export interface KeyHold<Horizons> {
  /** The keyed write, as its keys record it (`POST /v1/orders`). */
  readonly endpoint: string;
  /** The field of the write's stored answer that names what it created (`orderId`). */
  readonly answerField: string;
  /** The hold's own parameters, each from the horizons; `held` gets their placeholders in this order. */
  readonly params: readonly ((horizons: Horizons) => unknown)[];
  /** The SQL condition under which the key is held, on `id` (the SQL text of the answer field's value). */
  readonly held: (id: string, params: readonly string[]) => string;
}

/**
 * Completed Idempotency-Keys past their replay window. A key consumed by a failure (`failed`, or `in_progress`
 * from an earlier version) is never picked: spec rule 5 keeps it until an operator releases it. Nor is a completed
 * key one of the holds keeps (an order not yet final, a withdrawal that may still be returned).
 */
export function idempotencyKeyRetention<Horizons extends { readonly keysBeforeMs: number }>(
  holds: readonly KeyHold<Horizons>[],
): RetentionTarget<Horizons> {
  const own: ((horizons: Horizons) => unknown)[] = [];
  // $1 to $3 are every prune statement's; the holds' parameters follow.
  const placeholder = () => `$${own.length + 3}`;
  const kept = holds.map((hold) => {
    const params = hold.params.map((value) => {
      own.push(value);
      return placeholder();
    });
    const id = `k.response_body::jsonb ->> '${hold.answerField}'`;
    return `
        and not (k.endpoint = '${hold.endpoint}' and ${hold.held(id, params)})`;
  });
  return {
    name: 'idempotencyKeys',
    sql: `with doomed as (
      select k.workspace_id, k.account_scope, k.key, k.completed_at_ms as at from idempotency_keys k
      where k.state = 'completed' and k.completed_at_ms < $1 and k.completed_at_ms >= $3${kept.join('')}
      order by k.completed_at_ms limit $2
      for update of k skip locked),
    gone as (delete from idempotency_keys k using doomed
      where (k.workspace_id, k.account_scope, k.key) = (doomed.workspace_id, doomed.account_scope, doomed.key)
      returning 1)
    ${retentionFigures({ idempotencyKeys: 'gone' })}`,
    params: (h) => [h.keysBeforeMs, ...own.map((value) => value(h))],
  };
}
