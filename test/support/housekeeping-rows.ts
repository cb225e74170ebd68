// Rows of every table housekeeping prunes, written straight into the store with the timestamps a test needs (a
// month-old event, a week-old job), for the workspace of a partner the test made through the API.

import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/storage/db.js';

export const dayMs = 86_400_000;
export const hourMs = 3_600_000;

/** An account of the workspace (a customer's, once one was verified). */
export async function anAccount(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id from accounts where workspace_id = $1 limit 1', [
    workspaceId,
  ]);
  if (!row) throw new Error(`no account for ${workspaceId}`);
  return row.id;
}

export async function anEndpoint(db: Db, workspaceId: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into webhook_endpoints (id, workspace_id, name, url, created_at_ms, updated_at_ms)
     values ($1, $2, 'housekeeping probe', 'http://127.0.0.1:9/hook', 0, 0)`,
    [id, workspaceId],
  );
  return id;
}

/** An event, fanned out or not, with a delivery in each of `deliveries` states. */
export async function anEvent(
  db: Db,
  workspaceId: string,
  at: { occurredAtMs: number; fannedOut: boolean },
  deliveries: readonly { endpointId: string; state: string }[] = [],
): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms, fanned_out_at_ms)
     values ($1, 'balance_updated', $2, '{}'::jsonb, $3, $4) returning id`,
    [workspaceId, randomUUID(), at.occurredAtMs, at.fannedOut ? at.occurredAtMs : null],
  );
  if (!row) throw new Error('no event');
  for (const d of deliveries) {
    await db.query(
      `insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms)
       values ($1, $2, $3, $4, $5)`,
      [row.id, d.endpointId, workspaceId, d.state, at.occurredAtMs],
    );
  }
  return row.id;
}

/** A job of a kind no runner handles, done at `doneAtMs` (null: never done, as a job being retried). */
export async function aJob(db: Db, kind: string, doneAtMs: number | null, runAtMs = doneAtMs ?? 0): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>(
    `insert into jobs (kind, payload, run_at_ms, created_at_ms, done_at_ms) values ($1, '{}'::jsonb, $2, $2, $3)
     returning id`,
    [kind, runAtMs, doneAtMs],
  );
  if (!row) throw new Error('no job');
  return row.id;
}

export async function aKey(
  db: Db,
  workspaceId: string,
  key: { state: 'completed' | 'failed' | 'in_progress'; atMs: number; endpoint?: string; body?: unknown },
): Promise<string> {
  const name = `hk-${randomUUID()}`;
  const completed = key.state === 'completed';
  await db.query(
    `insert into idempotency_keys (workspace_id, account_scope, key, endpoint, request_hash, state, response_status,
       response_body, failure, created_at_ms, completed_at_ms)
     values ($1, '', $2, $3, 'hash', $4, $5, $6, $7, $8, $9)`,
    [
      workspaceId,
      name,
      key.endpoint ?? 'POST /v1/deposits',
      key.state,
      completed ? 201 : null,
      completed ? JSON.stringify(key.body ?? { depositId: randomUUID() }) : null,
      key.state === 'failed' ? 'FundsError: insufficient funds' : null,
      key.atMs,
      completed ? key.atMs : null,
    ],
  );
  return name;
}

export async function aKycSession(
  db: Db,
  workspaceId: string,
  accountId: string,
  s: { step: string; linkExpiresAtMs: number; flowExpiresAtMs?: number },
): Promise<string> {
  const id = `kyc-${randomUUID()}`;
  await db.query(
    `insert into kyc_sessions (id, workspace_id, account_id, email, verification_type, link_hash, flow_hash, options,
       step, created_at_ms, link_expires_at_ms, flow_expires_at_ms)
     values ($1, $2, $3, 'hk@example.com', 'KYC', $4, $5, '{}'::jsonb, $6, $7, $7, $8)`,
    [
      id,
      workspaceId,
      accountId,
      randomUUID(),
      s.flowExpiresAtMs === undefined ? null : randomUUID(),
      s.step,
      s.linkExpiresAtMs,
      s.flowExpiresAtMs ?? null,
    ],
  );
  return id;
}

export async function anOpenBankingSession(
  db: Db,
  workspaceId: string,
  entityId: string,
  s: { status: string; createdAtMs: number; expiresAtMs: number },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into openbanking_sessions (id, workspace_id, entity_type, entity_id, token_hash, language, currency, amount,
       recipient, reference, status, created_at_ms, updated_at_ms, expires_at_ms)
     values ($1, $2, 'deposit', $3, $4, 'en', 'EUR', 1000, 'Brokerage', 'RF00', $5, $6, $6, $7)`,
    [id, workspaceId, entityId, randomUUID(), s.status, s.createdAtMs, s.expiresAtMs],
  );
  return id;
}

/** Which of `ids` are still in `table` (by its `id` column). */
export async function remaining(db: Db, table: string, ids: readonly (string | bigint)[]): Promise<string[]> {
  const rows = await db.query<{ id: unknown }>(`select id from ${table} where id::text = any($1::text[])`, [
    ids.map(String),
  ]);
  return rows.map((r) => String(r.id)).sort();
}

export async function remainingKeys(db: Db, workspaceId: string, keys: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    'select key from idempotency_keys where workspace_id = $1 and key = any($2::text[])',
    [workspaceId, keys],
  );
  return rows.map((r) => r.key).sort();
}
