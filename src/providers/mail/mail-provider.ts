/** A message to one customer; plain text, so nothing in it can be rendered as markup by a mail client. */
export interface MailMessage {
  readonly workspaceId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Sends mail to customers (the one-time code of the hosted verification). The sandbox implementation keeps the
 * messages in a mailbox partners read through the API; a real provider (SMTP or a mail API) plugs in here.
 */
export interface MailProvider {
  send(message: MailMessage, nowMs: number): Promise<void>;
}
