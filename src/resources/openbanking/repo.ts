import type { OpenBankingReason, OpenBankingStatus } from '../../domain/states/openbanking-status.js';
import { lockMarkedJob } from '../../jobs/queue.js';
import type { ClaimedJob } from '../../jobs/runner.js';
import type { Queryable } from '../../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../../storage/retention.js';

export type EntityType = 'deposit' | 'order';

export interface PayerDetails {
  readonly name: string;
  readonly iban?: string;
  readonly accountNumber?: string;
}

export interface SessionRow {
  id: string;
  workspace_id: string;
  entity_type: EntityType;
  entity_id: string;
  token_hash: string;
  language: string;
  currency: string;
  amount: bigint | null;
  recipient: string;
  reference: string;
  status: OpenBankingStatus;
  reason: OpenBankingReason | null;
  bank_id: string | null;
  payer: PayerDetails | null;
  provider_reference: string | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  expires_at_ms: bigint;
  authorized_at_ms: bigint | null;
  completed_at_ms: bigint | null;
  [column: string]: unknown;
}

export interface NewSession {
  readonly id: string;
  readonly workspaceId: string;
  readonly entityType: EntityType;
  readonly entityId: string;
  readonly tokenHash: string;
  readonly language: string;
  readonly currency: string;
  readonly amount: bigint | undefined;
  readonly recipient: string;
  readonly reference: string;
  readonly nowMs: number;
  readonly expiresAtMs: number;
}

export async function insertSession(tx: Queryable, s: NewSession): Promise<SessionRow> {
  const rows = await tx.query<SessionRow>(
    `insert into openbanking_sessions (id, workspace_id, entity_type, entity_id, token_hash, language, currency, amount,
       recipient, reference, status, created_at_ms, updated_at_ms, expires_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'CREATED', $11, $11, $12) returning *`,
    [
      s.id,
      s.workspaceId,
      s.entityType,
      s.entityId,
      s.tokenHash,
      s.language,
      s.currency,
      s.amount ?? null,
      s.recipient,
      s.reference,
      s.nowMs,
      s.expiresAtMs,
    ],
  );
  return rows[0] as SessionRow;
}

export async function findSessionByToken(db: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>('select * from openbanking_sessions where token_hash = $1', [tokenHash]);
  return rows[0];
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>('select * from openbanking_sessions where id = $1', [id]);
  return rows[0];
}

/** One session, locked for a status change. */
export async function lockSession(tx: Queryable, id: string): Promise<SessionRow | undefined> {
  const rows = await tx.query<SessionRow>('select * from openbanking_sessions where id = $1 for update', [id]);
  return rows[0];
}

/** The entity's newest session (what the status read shows). */
export async function latestSession(db: Queryable, entityId: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    'select * from openbanking_sessions where entity_id = $1 order by created_at_ms desc, id desc limit 1',
    [entityId],
  );
  return rows[0];
}

/** The entity's live session (CREATED or AUTHORIZED; at most one, by a unique index), locked. */
export async function lockLiveSession(tx: Queryable, entityId: string): Promise<SessionRow | undefined> {
  const rows = await tx.query<SessionRow>(
    `select * from openbanking_sessions where entity_id = $1 and status in ('CREATED', 'AUTHORIZED') for update`,
    [entityId],
  );
  return rows[0];
}

export interface SessionChange {
  readonly status: OpenBankingStatus;
  readonly reason?: OpenBankingReason;
  readonly amount?: bigint;
  readonly bankId?: string;
  readonly payer?: PayerDetails;
  readonly providerReference?: string;
  readonly stamp?: 'authorized_at_ms' | 'completed_at_ms';
}

export async function updateSession(
  tx: Queryable,
  id: string,
  change: SessionChange,
  nowMs: number,
): Promise<SessionRow> {
  const stamp = change.stamp ? `, ${change.stamp} = $9` : '';
  const rows = await tx.query<SessionRow>(
    `update openbanking_sessions set status = $2, reason = coalesce($3, reason), amount = coalesce($4, amount),
       bank_id = coalesce($5, bank_id), payer = coalesce($6::text::jsonb, payer),
       provider_reference = coalesce($7, provider_reference), updated_at_ms = $8${stamp}
     where id = $1 returning *`,
    [
      id,
      change.status,
      change.reason ?? null,
      change.amount ?? null,
      change.bankId ?? null,
      change.payer ? JSON.stringify(change.payer) : null,
      change.providerReference ?? null,
      nowMs,
      ...(change.stamp ? [nowMs] : []),
    ],
  );
  return rows[0] as SessionRow;
}

/** The inbound transfer queued for a session (its job carries the session id as a marker, see settlement.ts). */
export interface InboundJobRow extends ClaimedJob {
  readonly done_at_ms: bigint | null;
  [column: string]: unknown;
}

/**
 * The job of `kind` that queueSettlement marked with the session's id, locked: the settle job runs it itself when
 * the runner has not yet (the marker is this resource's; the jobs row is found by jobs/queue.ts).
 */
export function lockInboundTransfer(
  tx: Queryable,
  kind: string,
  sessionId: string,
): Promise<InboundJobRow | undefined> {
  return lockMarkedJob<InboundJobRow>(tx, kind, 'openbankingSessionId', sessionId);
}

/**
 * The newest session of the entity whose id is the SQL `entityId`, summarised as a deposit's answer shows it
 * (Deposit.openbanking): an SQL expression (deposits/repo.ts), null when the entity has none.
 */
export const newestSessionSummarySql = (entityId: string): string =>
  `(select jsonb_strip_nulls(jsonb_build_object('sessionId', s.id, 'status', s.status,
    'reason', s.reason, 'updatedAt', s.updated_at_ms / 1000))
   from openbanking_sessions s where s.entity_id = ${entityId} order by s.created_at_ms desc limit 1)`;

/**
 * Housekeeping's target for payment forms (storage/retention.ts): open banking forms that ended unpaid (expired, or
 * cancelled) past their expiry. The entity's newest session is part of the deposit's answer (Deposit.openbanking)
 * and stays as long as the deposit does; a paid or failed payment is a record of money and stays too.
 */
export const openBankingSessionRetention: RetentionTarget<{ readonly sessionsBeforeMs: number }> = {
  name: 'openBankingSessions',
  sql: `with doomed as (
      select s.id, s.expires_at_ms as at from openbanking_sessions s
      where s.status in ('EXPIRED', 'CANCELLED') and s.expires_at_ms < $1 and s.expires_at_ms >= $3
        and exists (select 1 from openbanking_sessions n
          where n.entity_id = s.entity_id and (n.created_at_ms, n.id) > (s.created_at_ms, s.id))
      order by s.expires_at_ms limit $2
      for update of s skip locked),
    gone as (delete from openbanking_sessions s using doomed where s.id = doomed.id returning 1)
    ${retentionFigures({ openBankingSessions: 'gone' })}`,
  params: (h) => [h.sessionsBeforeMs],
};
