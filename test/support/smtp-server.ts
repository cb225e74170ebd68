// Local SMTP servers for the mail tests (smtp-server, the counterpart of nodemailer): a plaintext relay, one that
// offers STARTTLS or speaks implicit TLS with the certificate of test/fixtures/smtp/, and one that never greets.

import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/smtp/${name}`, import.meta.url));
/** The private CA that signed the test servers' certificate: what an operator names as caFile. */
export const testCaFile = fixture('ca.pem');

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** Whether the session was encrypted (implicit TLS or after STARTTLS) when the message was sent. */
  readonly secure: boolean;
  readonly user: string | undefined;
  readonly raw: string;
}

export interface LocalSmtp {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** RCPT TO commands seen, accepted or not. */
  readonly recipientsTried: string[];
  close(): Promise<void>;
}

export interface LocalSmtpOptions {
  readonly tls?: 'none' | 'starttls' | 'implicit';
  /** A user and password the server requires (AUTH), refused otherwise. */
  readonly login?: { user: string; password: string };
  /** Answers RCPT TO with a temporary failure (451) this many times before accepting. */
  readonly refuseFirst?: number;
}

/** Starts an SMTP server on 127.0.0.1 on a free port that keeps every message it accepts. */
export async function startLocalSmtp(options: LocalSmtpOptions = {}): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  let refusalsLeft = options.refuseFirst ?? 0;
  const mode = options.tls ?? 'none';
  const certificate =
    mode === 'none'
      ? {}
      : { key: readFileSync(fixture('server-key.pem')), cert: readFileSync(fixture('server-cert.pem')) };
  const serverOptions: SMTPServerOptions = {
    logger: false,
    secure: mode === 'implicit',
    ...certificate,
    // A plaintext-only server: no STARTTLS offered at all.
    ...(mode === 'none' ? { disabledCommands: ['STARTTLS'] } : {}),
    authOptional: options.login === undefined,
    // smtp-server refuses AUTH before TLS by default; the login tests only run over TLS.
    onAuth(auth, _session, callback) {
      const login = options.login;
      if (login && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      if (refusalsLeft > 0) {
        refusalsLeft -= 1;
        const busy = Object.assign(new Error(`Mailbox ${address.address} busy, try again later`), {
          responseCode: 451,
        });
        callback(busy);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  // A client that gives up mid-handshake (the refusals under test) is an 'error' event here, not a test failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = (server as unknown as { server: Server }).server.address();
  if (address === null || typeof address === 'string') throw new Error('the SMTP server has no port');
  return {
    port: address.port,
    received,
    recipientsTried,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word: a mail server too slow to greet. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the silent server has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a server that refuses the connection. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Quoted-printable (RFC 2045): soft line breaks removed, each =XX one byte, the bytes read as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A received message's headers (unfolded, names lower-cased) and its text, decoded from its transfer encoding. */
export function readMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return { headers, text: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  return { headers, text: body };
}
