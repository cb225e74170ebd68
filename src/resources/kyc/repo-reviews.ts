import type { KycStatus } from '../../domain/states/kyc-status.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import type { Profile } from './repo-profiles.js';

// Verifications across workspaces, as compliance reads them (issue #27): each account's verification with whom a
// decision names, its newest submitted attempt (what the customer typed, the kind of the kept document) and the KYC
// profile the partner sent for that person. Read by GET /admin/v1/verifications and the console's Manual KYC review.
// Never the session's hashes, nor the document's bytes.

/** The statuses a verification can be in; NOT_AVAILABLE means there is none. */
export const listedStatuses = [
  'PENDING',
  'IN_PROGRESS',
  'REVIEWING',
  'APPROVED',
  'REJECTED',
] as const satisfies readonly KycStatus[];
export type ListedStatus = (typeof listedStatuses)[number];

export interface VerificationFilter {
  /** Absent or empty: every status but NOT_AVAILABLE. */
  readonly statuses?: readonly ListedStatus[] | undefined;
  /** Absent: every workspace. */
  readonly workspaceId?: string | undefined;
  /** Only the verification a decision on this email names (with workspaceId: one at most). */
  readonly email?: string | undefined;
  /** Oldest first (a queue is worked from its head) unless `newest`. */
  readonly newestFirst?: boolean;
  readonly limit: number;
  readonly offset: number;
}

export interface VerificationRow {
  [column: string]: unknown;
  account_id: string;
  workspace_id: string;
  account_kind: 'customer' | 'organisation';
  /** The person a decision names (POST .../verifications/{email}/{decision}): for KYB, the representative. */
  email: string;
  status: ListedStatus;
  /** The account's own email: null for an organisation. */
  account_email: string | null;
  session_id: string | null;
  submission: Record<string, unknown> | null;
  submitted_at_ms: bigint | null;
  /** When it entered its status, as near as stored: the newest submission, else the account's creation. */
  since_ms: bigint;
  /** When the verified account (the person's, or the organisation's for KYB) was created: when the verification began. */
  created_at_ms: bigint;
  /** The kept document's kind (kyc_documents); null when none was kept. */
  document_type: string | null;
  /** The person's KYC profile (POST /v1/kyc/data, and the sector picked on the page); null when none was sent. */
  profile: Profile | null;
}

/** A page of verifications, each with its newest submitted attempt and the person's profile. */
export async function listVerifications(db: Queryable, f: VerificationFilter): Promise<VerificationRow[]> {
  const p = new SqlParams();
  const statuses = f.statuses !== undefined && f.statuses.length > 0 ? f.statuses : listedStatuses;
  const where = [`a.kind <> 'workspace'`, `a.verification_status = any(${p.add(statuses, 'text[]')})`];
  if (f.workspaceId !== undefined) where.push(`a.workspace_id = ${p.add(f.workspaceId)}`);
  const outer = ['v.email is not null'];
  if (f.email !== undefined) outer.push(`v.email = ${p.add(f.email.trim().toLowerCase())}`);
  const direction = f.newestFirst ? 'desc' : 'asc';
  return db.query<VerificationRow>(
    `select v.*, pr.profile from (
       select a.id as account_id, a.workspace_id, a.kind as account_kind, a.verification_status as status,
              a.email as account_email, coalesce(s.email, a.email, r.email) as email,
              s.id as session_id, s.submission, s.submitted_at_ms,
              coalesce(s.submitted_at_ms, a.created_at_ms) as since_ms, a.created_at_ms, d.content_type as document_type
         from accounts a
         left join lateral (select k.id, k.email, k.submission, k.submitted_at_ms from kyc_sessions k
                             where k.account_id = a.id and k.step = 'submitted'
                             order by k.submitted_at_ms desc, k.id desc limit 1) s on true
         left join lateral (select o.email from organisation_representatives o where o.organisation_account_id = a.id
                             order by o.added_at_ms, o.email limit 1) r on true
         left join kyc_documents d on d.session_id = s.id
        where ${where.join(' and ')}
     ) v
     left join lateral (select kp.profile from kyc_profiles kp join accounts c on c.id = kp.account_id
                         where c.workspace_id = v.workspace_id and c.kind = 'customer' and c.email = v.email) pr on true
     where ${outer.join(' and ')}
     order by v.since_ms ${direction}, v.account_id ${direction}
     limit ${p.add(f.limit, 'integer')} offset ${p.add(f.offset, 'bigint')}`,
    p.values,
  );
}
