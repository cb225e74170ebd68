import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../storage/db.js';
import type { MailMessage, MailProvider } from './mail-provider.js';

/** Stage: mail lands in the sandbox_mailbox table, in the sender's transaction; read through GET /v1/simulate/mailbox. */
export const sandboxMailbox: MailProvider = {
  async send(tx: Queryable, message: MailMessage, nowMs: number) {
    await tx.query(
      `insert into sandbox_mailbox (id, workspace_id, to_email, subject, body, created_at_ms) values ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), message.workspaceId, message.to.trim().toLowerCase(), message.subject, message.text, nowMs],
    );
  },
};

export interface MailboxMessage {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: number;
}

/** A workspace's sandbox mail to one address, newest first. */
export async function readMailbox(db: Queryable, workspaceId: string, email: string, limit: number) {
  const rows = await db.query<{ id: string; to_email: string; subject: string; body: string; created_at_ms: string }>(
    `select id, to_email, subject, body, created_at_ms from sandbox_mailbox
      where workspace_id = $1 and to_email = $2 order by seq desc limit $3`,
    [workspaceId, email.trim().toLowerCase(), limit],
  );
  return rows.map(
    (r): MailboxMessage => ({
      id: r.id,
      to: r.to_email,
      subject: r.subject,
      text: r.body,
      createdAt: Number(r.created_at_ms),
    }),
  );
}
