import { readFileSync } from 'node:fs';
import { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { limits } from '../../limits.js';
import { MailDeliveryError, type MailMessage, type MailTransport } from './mail-provider.js';
import { type SmtpConfig, smtpConfigProblem } from './smtp-config.js';

// Mail leaves through an SMTP server with nodemailer (docs/decisions/providers-and-production-evidence.md, "Mail that leaves"). Each delivery opens its own
// connection: one-time codes are few, and a fresh connection carries no state from a failed one into the retry.

/** The TLS settings of a mode: certificates verified against the system's CAs or the configured file, TLS 1.2 at least. */
function tlsOptions(config: SmtpConfig) {
  return {
    rejectUnauthorized: true,
    minVersion: 'TLSv1.2' as const,
    ...(config.caFile === undefined ? {} : { ca: readFileSync(config.caFile, 'utf8') }),
  };
}

/** Nodemailer's options for a configuration; refuses (at start-up) one whose fields contradict each other. */
export function smtpTransportOptions(config: SmtpConfig): SMTPTransport.Options {
  const problem = smtpConfigProblem(config);
  if (problem !== undefined) throw new Error(`Mail configuration: ${problem}`);
  const timeoutMs = config.timeoutMs ?? limits.mailTimeoutDefaultMs;
  const modes = {
    // Implicit TLS: the handshake comes first, nothing is said in the clear.
    tls: { secure: true, tls: tlsOptions(config) },
    // STARTTLS is required: a server that does not offer it (or a stripped offer) ends the delivery unsent.
    starttls: { secure: false, requireTLS: true, tls: tlsOptions(config) },
    // The operator named a plaintext relay: never try TLS, so a relay's self-signed offer cannot fail the delivery.
    'local-relay-plaintext': { secure: false, ignoreTLS: true },
  } satisfies Record<SmtpConfig['security'], SMTPTransport.Options>;
  return {
    host: config.host,
    port: config.port,
    ...modes[config.security],
    ...(config.user !== undefined && config.password !== undefined
      ? { auth: { user: config.user, pass: config.password } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Nodemailer's own log would carry the SMTP dialogue, the message (the one-time code) included.
    logger: false,
    debug: false,
  };
}

/** Masks every mail address in a server's words: a rejection names the recipient, and logs carry no customer address. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>');

/**
 * A failure in words safe to log: nodemailer's code and its words, the SMTP command and the server's reply when they
 * add something, every address masked. Nodemailer's errors never carry the message itself.
 */
export function describeSmtpFailure(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; command?: unknown; message?: unknown; response?: unknown };
  const code = typeof e.code === 'string' ? e.code : 'EUNKNOWN';
  const command = typeof e.command === 'string' ? ` at ${e.command.split(' ')[0]}` : '';
  const words = typeof e.message === 'string' ? e.message : '';
  const reply = typeof e.response === 'string' && !words.includes(e.response) ? `; server said: ${e.response}` : '';
  return withoutAddresses(`SMTP delivery failed (${code}${command}): ${words}${reply}`).slice(0, 500);
}

/**
 * The SMTP transport of a configuration. Each delivery is bounded twice: by the connect, greeting and socket
 * timeouts, and as a whole by twice timeoutMs (an abort signal), so a slow server fails the job well within its lease.
 */
export function smtpTransport(config: SmtpConfig): MailTransport {
  const options = smtpTransportOptions(config);
  const deadlineMs = 2 * (config.timeoutMs ?? limits.mailTimeoutDefaultMs);
  const transporter = createTransport(options);
  return {
    async deliver(message: MailMessage) {
      try {
        await transporter.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          signal: AbortSignal.timeout(deadlineMs),
        });
      } catch (error) {
        throw new MailDeliveryError(describeSmtpFailure(error));
      }
    },
  };
}
