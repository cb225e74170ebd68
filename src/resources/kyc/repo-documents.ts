import type { Queryable } from '../../storage/db.js';

// The captured identity document of a submitted attempt (migration 0034): the file the hosted page's document step
// received, kept with the submission so that a person can look at it in manual review (the console's KYC queue).
// Read only by the console, with the permission to decide verifications; never by a partner.

export interface KycDocumentRow {
  [column: string]: unknown;
  session_id: string;
  content_type: string;
  content: Uint8Array;
  stored_at_ms: bigint;
}

/** Keeps the file in the submission's transaction: one per attempt. */
export async function storeKycDocument(
  tx: Queryable,
  sessionId: string,
  contentType: string,
  content: Buffer,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into kyc_documents (session_id, content_type, content, stored_at_ms) values ($1, $2, $3, $4)
     on conflict (session_id) do nothing`,
    [sessionId, contentType, content, nowMs],
  );
}

export async function findKycDocument(db: Queryable, sessionId: string): Promise<KycDocumentRow | undefined> {
  const rows = await db.query<KycDocumentRow>('select * from kyc_documents where session_id = $1', [sessionId]);
  return rows[0];
}
