import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  type LocalSmtp,
  readMail,
  startLocalSmtp,
  startSilentServer,
  testCaFile,
} from '../../../test/support/smtp-server.js';
import { compileValidator } from '../../platform/ajv.js';
import { MailDeliveryError, type MailMessage } from './mail-provider.js';
import { type SmtpConfig, SmtpConfigSchema, smtpConfigProblem } from './smtp-config.js';
import { describeSmtpFailure, smtpTransport } from './smtp-mail.js';

// Goal: mail leaves through an SMTP server only as configured (docs/decisions/providers-and-production-evidence.md, "Mail that leaves"): TLS (implicit or a required
// STARTTLS) with the certificate verified, or a plaintext relay the operator named; a slow server fails fast; a
// failure says what went wrong without the message's text or an address.
// Method: real deliveries with nodemailer to local smtp-server instances (test/support/smtp-server.ts).

const message: MailMessage = {
  workspaceId: 'ws-test',
  to: 'ana@example.com',
  subject: 'Your verification code',
  text: 'Your verification code is 123456.',
};
const base = { host: '127.0.0.1', from: 'Brokerage <no-reply@brokerage.example>' } as const;

/** The delivery's failure, which must be a MailDeliveryError. */
async function failureOf(config: SmtpConfig): Promise<MailDeliveryError> {
  const error = await smtpTransport(config)
    .deliver(message)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(MailDeliveryError);
  return error as MailDeliveryError;
}

/** The schema checked as the providers file checks it (providers-file.ts): the server's one Ajv configuration. */
const checkSmtp = compileValidator(SmtpConfigSchema, 'json', 'every');

describe('the configuration', () => {
  it('the schema takes the documented fields and refuses an unknown key, a bad mode or a timeout out of bounds', () => {
    const full = {
      ...base,
      port: 587,
      security: 'starttls',
      user: 'u',
      password: 'p',
      timeoutMs: 5_000,
      caFile: '/etc/ca.pem',
    };
    expect(checkSmtp(full)).toBe(true);
    expect(checkSmtp({ ...base, port: 25, security: 'local-relay-plaintext' })).toBe(true);
    const refused = [
      { ...full, tlsOff: true },
      { ...full, security: 'none' },
      { ...full, port: 0 },
      { ...full, timeoutMs: 100 },
      { ...full, timeoutMs: 60_000 },
      { ...full, from: 'nobody' },
    ];
    for (const value of refused) expect(checkSmtp(value), JSON.stringify(value)).toBe(false);
    checkSmtp({ ...full, tlsOff: true });
    expect(JSON.stringify(checkSmtp.errors)).toContain('tlsOff');
  });

  it.each([
    [{ user: 'u' }, 'starttls', 'go together'],
    [{ password: 'p' }, 'tls', 'go together'],
    [{ user: 'u', password: 'p' }, 'local-relay-plaintext', 'never travels unencrypted'],
    [{ caFile: testCaFile }, 'local-relay-plaintext', 'no certificate is checked'],
  ] as const)('%j with %s is refused at start-up: %s', (extra, security, words) => {
    const config: SmtpConfig = { ...base, port: 25, security, ...extra };
    expect(smtpConfigProblem(config)).toContain(words);
    expect(() => smtpTransport(config)).toThrow(words);
  });

  it('a caFile that cannot be read fails at start-up, not at the first delivery', () => {
    expect(() => smtpTransport({ ...base, port: 587, security: 'starttls', caFile: '/nonexistent/ca.pem' })).toThrow(
      /ENOENT/,
    );
  });
});

describe('delivering', () => {
  const servers: LocalSmtp[] = [];
  let plain: LocalSmtp;
  let starttls: LocalSmtp;
  let implicit: LocalSmtp;
  let withLogin: LocalSmtp;
  beforeAll(async () => {
    plain = await startLocalSmtp({ tls: 'none' });
    starttls = await startLocalSmtp({ tls: 'starttls' });
    implicit = await startLocalSmtp({ tls: 'implicit' });
    withLogin = await startLocalSmtp({ tls: 'starttls', login: { user: 'mailer', password: 'pa55-word' } });
    servers.push(plain, starttls, implicit, withLogin);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('local-relay-plaintext: the relay receives the message as sent, unencrypted', async () => {
    await smtpTransport({ ...base, port: plain.port, security: 'local-relay-plaintext' }).deliver(message);
    const got = plain.received.at(-1);
    expect(got).toMatchObject({ from: 'no-reply@brokerage.example', to: ['ana@example.com'], secure: false });
    const { headers, text } = readMail(got?.raw ?? '');
    expect(headers.get('subject')).toBe('Your verification code');
    expect(headers.get('from')).toBe('Brokerage <no-reply@brokerage.example>');
    expect(text.trim()).toBe(message.text);
  });

  it('starttls with the private CA: the message goes after the upgrade', async () => {
    const config = { ...base, port: starttls.port, security: 'starttls', caFile: testCaFile } as const;
    await smtpTransport(config).deliver(message);
    expect(starttls.received.at(-1)).toMatchObject({ to: ['ana@example.com'], secure: true });
  });

  it('tls (implicit) with the private CA, and a login sent only inside TLS', async () => {
    await smtpTransport({ ...base, port: implicit.port, security: 'tls', caFile: testCaFile }).deliver(message);
    expect(implicit.received.at(-1)).toMatchObject({ secure: true });
    const login = { user: 'mailer', password: 'pa55-word' };
    await smtpTransport({ ...base, port: withLogin.port, security: 'starttls', caFile: testCaFile, ...login }).deliver(
      message,
    );
    expect(withLogin.received.at(-1)).toMatchObject({ secure: true, user: 'mailer' });
    const wrong = await failureOf({
      ...base,
      port: withLogin.port,
      security: 'starttls',
      caFile: testCaFile,
      user: 'mailer',
      password: 'wrong',
    });
    expect(wrong.message).toContain('EAUTH');
    expect(wrong.message).not.toContain('wrong');
  });

  it("the certificate is verified: without the private CA the server's certificate is refused and nothing is sent", async () => {
    const before = starttls.received.length + implicit.received.length;
    const starttlsRefusal = await failureOf({ ...base, port: starttls.port, security: 'starttls' });
    const tlsRefusal = await failureOf({ ...base, port: implicit.port, security: 'tls' });
    for (const refusal of [starttlsRefusal, tlsRefusal]) expect(refusal.message).toMatch(/certificate/);
    expect(starttls.received.length + implicit.received.length).toBe(before);
  });

  it('TLS required: starttls to a plaintext-only server is refused before any address or text is sent', async () => {
    const before = plain.recipientsTried.length;
    const refusal = await failureOf({ ...base, port: plain.port, security: 'starttls', caFile: testCaFile });
    expect(refusal.message).toContain('ETLS');
    expect(plain.recipientsTried.length).toBe(before);
    // Implicit TLS to a plaintext server fails the handshake the same way.
    await failureOf({ ...base, port: plain.port, security: 'tls', caFile: testCaFile });
    expect(plain.recipientsTried.length).toBe(before);
  });

  it('a server that never greets fails within the timeout; a refused connection fails at once', async () => {
    const silent = await startSilentServer();
    try {
      const startedMs = Date.now();
      const slow = await failureOf({
        ...base,
        port: silent.port,
        security: 'local-relay-plaintext',
        timeoutMs: 1_000,
      });
      expect(slow.message).toContain('ETIMEDOUT');
      expect(Date.now() - startedMs).toBeLessThan(2_500);
    } finally {
      await silent.close();
    }
    const refused = await failureOf({ ...base, port: await closedPort(), security: 'local-relay-plaintext' });
    expect(refused.message).toContain('ECONNREFUSED');
  });
});

describe('describing a failure', () => {
  it("names the code, the command and the server's words, every address masked", () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <ana@example.com>"), {
      code: 'EENVELOPE',
      command: 'RCPT TO:<ana@example.com>',
      responseCode: 550,
      response: '550 5.1.1 <ana@example.com>: Recipient address rejected',
    });
    const described = describeSmtpFailure(error);
    expect(described).toBe(
      "SMTP delivery failed (EENVELOPE at RCPT): Can't send mail - all recipients were rejected: 550 <<address>>; " +
        'server said: 550 5.1.1 <<address>>: Recipient address rejected',
    );
    expect(describeSmtpFailure(new Error('boom'))).toBe('SMTP delivery failed (EUNKNOWN): boom');
  });
});
