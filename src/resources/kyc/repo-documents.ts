import { open, seal } from '../../platform/sealing.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import type { Queryable } from '../../storage/db.js';

// The captured identity document of a submitted attempt (migration 0035): the file the hosted page's document step
// received, kept with the submission so that a person can look at it in manual review (the console's KYC queue).
// Read only by the console, with the permission to decide verifications; never by a partner.

interface KycDocumentRow {
  [column: string]: unknown;
  session_id: string;
  content_type: string;
  content_sealed: string;
  stored_at_ms: bigint;
}

/** A kept document, opened. */
export interface KycDocument {
  readonly sessionId: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** Keeps the file in the submission's transaction: one per attempt. */
export async function storeKycDocument(
  tx: Queryable,
  secretsKeyring: SecretsKeyring,
  sessionId: string,
  contentType: string,
  content: Buffer,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into kyc_documents (session_id, content_type, content_sealed, stored_at_ms) values ($1, $2, $3, $4)
     on conflict (session_id) do nothing`,
    [sessionId, contentType, seal(secretsKeyring, content.toString('base64')), nowMs],
  );
}

export async function findKycDocument(
  db: Queryable,
  secretsKeyring: SecretsKeyring,
  sessionId: string,
): Promise<KycDocument | undefined> {
  const [row] = await db.query<KycDocumentRow>('select * from kyc_documents where session_id = $1', [sessionId]);
  if (!row) return undefined;
  const content = Buffer.from(open(secretsKeyring, row.content_sealed), 'base64');
  return { sessionId: row.session_id, contentType: row.content_type, content };
}
