import type { Db, Queryable } from '../storage/db.js';
import type { Attempt } from './deliver.js';
import { recordEvent } from './outbox.js';
import { nextAttemptPauseMs, type RetryPolicy } from './retry-schedule.js';

// The record of one attempt, in one transaction with what it causes: on a retrying endpoint, the next attempt's
// row (scheduled, claimed like any delivery once due) or, when every attempt of the event has failed for
// WEBHOOK_DISABLE_AFTER_HOURS and nothing reached the endpoint meanwhile, the endpoint's disabling and its event.

/** What the record needs of the attempted delivery row and its endpoint. */
export interface AttemptedDelivery {
  readonly id: bigint;
  readonly outbox_id: bigint;
  readonly endpoint_id: string;
  readonly workspace_id: string;
  readonly type: string;
  readonly attempt: number;
  /** When attempt 1 was made; null on attempt 1 itself. */
  readonly first_attempt_at_ms: bigint | null;
  readonly retry_policy: RetryPolicy;
  /** Active and not deleted when claimed: an inactive endpoint's delivery is failed without a send or a retry. */
  readonly active: boolean;
}

export interface RecordRules {
  readonly nowMs: number;
  readonly disableAfterMs: number;
  readonly random: () => number;
}

/** Test events answer their one attempt to the caller: never retried, never a reason to disable. */
const neverRetried = new Set(['webhook_test']);

export const isDelivered = (outcome: Attempt) =>
  outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;

export async function recordAttempt(
  db: Db,
  delivery: AttemptedDelivery,
  outcome: Attempt,
  rules: RecordRules,
): Promise<void> {
  const delivered = isDelivered(outcome);
  const firstAttemptAtMs = delivery.first_attempt_at_ms === null ? rules.nowMs : Number(delivery.first_attempt_at_ms);
  const record = (tx: Queryable) =>
    tx.query(
      `update webhook_deliveries set state = $2, attempted_at_ms = $3, status_code = $4, latency_ms = $5, error = $6,
         locked_until_ms = null, first_attempt_at_ms = $7, answer_excerpt = $8 where id = $1`,
      [
        delivery.id,
        delivered ? 'delivered' : 'failed',
        rules.nowMs,
        outcome.statusCode ?? null,
        outcome.latencyMs,
        outcome.error?.slice(0, 500) ?? (delivered ? null : `HTTP ${outcome.statusCode}`),
        firstAttemptAtMs,
        outcome.answerExcerpt ?? null,
      ],
    );
  const retrying = delivery.retry_policy === 'exponential' && delivery.active && !neverRetried.has(delivery.type);
  // The common case is one statement, as before retries existed: a transaction only when a failure has a sequel.
  if (delivered || !retrying) {
    await record(db);
    return;
  }
  await db.transaction(async (tx) => {
    await record(tx);
    if (rules.nowMs - firstAttemptAtMs >= rules.disableAfterMs) {
      const disabled = await disableFailingEndpoint(tx, delivery, firstAttemptAtMs, outcome, rules.nowMs);
      if (disabled) return;
    }
    const pauseMs = nextAttemptPauseMs(
      { attempt: delivery.attempt, statusCode: outcome.statusCode, retryAfter: outcome.retryAfter },
      rules.nowMs,
      rules.random,
    );
    if (pauseMs === undefined) return;
    // Only while the endpoint is active: another event's attempt may have disabled it since this one was claimed.
    await tx.query(
      `insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms, attempt,
         next_attempt_at_ms, first_attempt_at_ms)
       select $1, $2, $3, 'scheduled', $4, $5, $6, $7
       where exists (select 1 from webhook_endpoints where id = $2 and is_active and deleted_at_ms is null)`,
      [
        delivery.outbox_id,
        delivery.endpoint_id,
        delivery.workspace_id,
        rules.nowMs,
        delivery.attempt + 1,
        rules.nowMs + pauseMs,
        firstAttemptAtMs,
      ],
    );
  });
}

/**
 * Disables the endpoint when nothing was delivered to it since the failing event's first attempt (an endpoint that
 * refuses one event but takes the others stays active), and records webhook_endpoint_disabled. True when it did.
 */
async function disableFailingEndpoint(
  tx: Queryable,
  delivery: AttemptedDelivery,
  failingSinceMs: number,
  outcome: Attempt,
  nowMs: number,
): Promise<boolean> {
  const [endpoint] = await tx.query<{ name: string; url: string }>(
    `update webhook_endpoints set is_active = false, disabled_at_ms = $3, updated_at_ms = $3
     where id = $1 and is_active and deleted_at_ms is null
       and not exists (select 1 from webhook_deliveries
         where endpoint_id = $1 and state = 'delivered' and attempted_at_ms >= $2)
     returning name, url`,
    [delivery.endpoint_id, failingSinceMs, nowMs],
  );
  if (!endpoint) return false;
  // Its other events' retries end here: enabling the endpoint again does not revive them (docs/webhooks.md).
  await tx.query(
    `update webhook_deliveries set state = 'failed', error = 'endpoint disabled: retries ended'
     where endpoint_id = $1 and state = 'scheduled'`,
    [delivery.endpoint_id],
  );
  await recordEvent(tx, {
    workspaceId: delivery.workspace_id,
    type: 'webhook_endpoint_disabled',
    eventId: delivery.endpoint_id,
    data: {
      webhookId: delivery.endpoint_id,
      name: endpoint.name,
      url: endpoint.url,
      isActive: false,
      failingSince: failingSinceMs,
      disabledAt: nowMs,
      lastStatusCode: outcome.statusCode ?? null,
      lastError: outcome.error?.slice(0, 500) ?? null,
    },
    occurredAtMs: nowMs,
  });
  return true;
}
