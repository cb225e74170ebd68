import type { Queryable } from '../../storage/db.js';

/** A message to one customer; plain text, so nothing in it can be rendered as markup by a mail client. */
export interface MailMessage {
  readonly workspaceId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Sends mail to customers (the one-time code of the hosted verification). `send` runs inside the caller's
 * transaction and only records the message there, so it leaves exactly when the change that needs it commits and
 * never holds a request on a mail server: the stage's sandbox mailbox stores it for partners to read through the API;
 * production queues a delivery job (jobs/mail-delivery.ts) that hands it to a MailTransport.
 */
export interface MailProvider {
  send(tx: Queryable, message: MailMessage, nowMs: number): Promise<void>;
}

/**
 * Hands one message to the outside world (an SMTP server, smtp-mail.ts). Called by the delivery job, never inside a
 * request or a transaction. Throws a MailDeliveryError when the message was not accepted; its text never carries
 * the message's body or an address, so it may be logged and stored as the job's last error.
 */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

/** Why a delivery failed, in words safe for a log line: no message text (the one-time code), no address. */
export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
}
