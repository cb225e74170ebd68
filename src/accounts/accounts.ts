import { randomUUID } from 'node:crypto';
import type { Queryable } from '../storage/db.js';
import type { SqlParams } from '../storage/sql-params.js';

export type VerificationStatus = 'NOT_AVAILABLE' | 'PENDING' | 'IN_PROGRESS' | 'REVIEWING' | 'APPROVED' | 'REJECTED';

export interface AccountRow {
  id: string;
  workspace_id: string;
  kind: 'workspace' | 'customer' | 'organisation';
  email: string | null;
  verification_status: VerificationStatus;
  kyc_id: string | null;
  external_id: string | null;
  [column: string]: unknown;
}

/** The workspace's own account: deterministic, created on first use. */
export const workspaceAccountId = (workspaceId: string): string => `acct:ws:${workspaceId}`;

export async function ensureWorkspaceAccount(tx: Queryable, workspaceId: string, nowMs: number): Promise<string> {
  const id = workspaceAccountId(workspaceId);
  await tx.query(
    `insert into accounts (id, workspace_id, kind, created_at_ms) values ($1, $2, 'workspace', $3)
     on conflict do nothing`,
    [id, workspaceId, nowMs],
  );
  return id;
}

/** ensureWorkspaceAccount as one part of a write's single statement (see SqlParams): only where `when` holds. */
export function ensureWorkspaceAccountSql(p: SqlParams, workspaceId: string, nowMs: number, when: string): string {
  return `insert into accounts (id, workspace_id, kind, created_at_ms)
    select ${p.add(workspaceAccountId(workspaceId))}, ${p.add(workspaceId)}, 'workspace', ${p.add(nowMs, 'bigint')}
    where ${when} on conflict do nothing`;
}

/** A customer's account, keyed by email within the workspace (emails compare case-insensitively); created on first use. */
export async function ensureCustomerAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
  nowMs: number,
): Promise<AccountRow> {
  const normalized = email.trim().toLowerCase();
  await tx.query(
    `insert into accounts (id, workspace_id, kind, email, created_at_ms) values ($1, $2, 'customer', $3, $4)
     on conflict do nothing`,
    [`acct:${randomUUID()}`, workspaceId, normalized, nowMs],
  );
  const row = await findCustomerAccount(tx, workspaceId, normalized);
  if (!row) throw new Error('customer account upsert returned no row');
  return row;
}

/** A person's own customer row (their KYC profile lives on it), whether or not they represent an organisation. */
export async function findCustomerAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
): Promise<AccountRow | undefined> {
  const rows = await tx.query<AccountRow>(
    `select * from accounts where workspace_id = $1 and kind = 'customer' and email = $2`,
    [workspaceId, email.trim().toLowerCase()],
  );
  return rows[0];
}

/**
 * The account a quote's customerId names, read as the public account id (an individual's email or an
 * organisation's id); the caller falls back to the holder of an email.
 */
export async function findCustomerAccountById(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<AccountRow | undefined> {
  const rows = await db.query<AccountRow>(
    `select * from accounts where workspace_id = $1 and kind in ('organisation', 'customer') and id = $2`,
    [workspaceId, id],
  );
  return rows[0];
}

/**
 * Each account's email (null for the workspace's own and an organisation) as a relation of (id, email), for a
 * statement of another module to join: a deposit method and a pending payment are read, listed and filtered with
 * their holder's.
 */
export const accountEmailsSql = '(select id, email from accounts)';

/** An account by id, locked: changes that depend on its current state take turns from here. */
export async function lockAccount(tx: Queryable, id: string): Promise<AccountRow | undefined> {
  const [account] = await tx.query<AccountRow>('select * from accounts where id = $1 for update', [id]);
  return account;
}

/** Sets an account's verification status and its kyc_id (verification/verification.ts moves it along its path). */
export async function setVerificationStatus(
  tx: Queryable,
  id: string,
  status: VerificationStatus,
  kycId: string,
): Promise<void> {
  await tx.query('update accounts set verification_status = $2, kyc_id = $3 where id = $1', [id, status, kycId]);
}

/** An account's verification status; `forUpdate` locks the account for a change that depends on it. */
export async function verificationStatusOf(
  tx: Queryable,
  id: string,
  forUpdate = false,
): Promise<VerificationStatus | undefined> {
  const [account] = await tx.query<{ verification_status: VerificationStatus }>(
    `select verification_status from accounts where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return account?.verification_status;
}

/** The id of the account holding an email (see findHolderAccount), as SQL over two placeholders. */
const holderIdSql = (workspace: string, email: string) => `coalesce(
     (select organisation_account_id from organisation_representatives where workspace_id = ${workspace} and email = ${email}),
     (select id from accounts where workspace_id = ${workspace} and kind = 'customer' and email = ${email}))`;

const holderQuery = `select a.* from accounts a where a.id = ${holderIdSql('$1', '$2')}`;

/** The id of the account holding an email, as an SQL expression; null when there is none. */
export function holderIdOfSql(p: SqlParams, workspaceId: string, email: string): string {
  return holderIdSql(p.add(workspaceId), p.add(email.trim().toLowerCase()));
}

/** The verification status of the account holding an email, as an SQL expression; NOT_AVAILABLE when there is none. */
export function holderStatusSql(p: SqlParams, workspaceId: string, email: string): string {
  const holder = holderIdSql(p.add(workspaceId), p.add(email.trim().toLowerCase()));
  return `coalesce((select verification_status from accounts where id = ${holder}), 'NOT_AVAILABLE')`;
}

/**
 * The account that holds an email's money and verification: the organisation's for its representatives (they share
 * it), else the person's own. Balances, the verification gate and on-behalf orders all go through this.
 */
export async function findHolderAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
): Promise<AccountRow | undefined> {
  const rows = await tx.query<AccountRow>(holderQuery, [workspaceId, email.trim().toLowerCase()]);
  return rows[0];
}

/** As findHolderAccount, creating the person's account on first use. */
export async function ensureHolderAccount(
  tx: Queryable,
  workspaceId: string,
  email: string,
  nowMs: number,
): Promise<AccountRow> {
  const held = await findHolderAccount(tx, workspaceId, email);
  return held ?? ensureCustomerAccount(tx, workspaceId, email, nowMs);
}

/**
 * The organisation the partner names by `externalUserId` (one per workspace), created on first use; a new one each
 * time when it is not named.
 */
export async function ensureOrganisationAccount(
  tx: Queryable,
  workspaceId: string,
  externalUserId: string | undefined,
  nowMs: number,
): Promise<AccountRow> {
  const newId = `org_${randomUUID()}`;
  await tx.query(
    `insert into accounts (id, workspace_id, kind, external_id, created_at_ms) values ($1, $2, 'organisation', $3, $4)
     on conflict (workspace_id, external_id) where kind = 'organisation' do nothing`,
    [newId, workspaceId, externalUserId ?? null, nowMs],
  );
  const [organisation] =
    externalUserId === undefined
      ? await tx.query<AccountRow>('select * from accounts where id = $1', [newId])
      : await tx.query<AccountRow>(
          `select * from accounts where workspace_id = $1 and kind = 'organisation' and external_id = $2`,
          [workspaceId, externalUserId],
        );
  if (!organisation) throw new Error('organisation upsert returned no row');
  return organisation;
}

/** The person joins the organisation as a representative (once: joining again changes nothing). */
export async function addRepresentative(
  tx: Queryable,
  workspaceId: string,
  email: string | null,
  organisationAccountId: string,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into organisation_representatives (workspace_id, email, organisation_account_id, added_at_ms)
     values ($1, $2, $3, $4) on conflict do nothing`,
    [workspaceId, email, organisationAccountId, nowMs],
  );
}

/** The emails of an organisation's representatives, in the order they joined (KYB events carry them). */
export async function representativesOf(tx: Queryable, organisationAccountId: string): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    'select email from organisation_representatives where organisation_account_id = $1 order by added_at_ms, email',
    [organisationAccountId],
  );
  return rows.map((r) => r.email);
}
