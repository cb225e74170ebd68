import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMail } from '../../src/jobs/mail-delivery.js';
import { SecretsKeyring } from '../../src/platform/secrets/keyring.js';
import type { MailMessage, MailTransport } from '../../src/providers/mail/mail-provider.js';
import type { SmtpConfig } from '../../src/providers/mail/smtp-config.js';
import { smtpTransport } from '../../src/providers/mail/smtp-mail.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { openFlow, postStep, sendKycData, standardProfile, startKyc } from '../support/kyc-flow.js';
import {
  closedPort,
  type LocalSmtp,
  readMail,
  startLocalSmtp,
  startSilentServer,
  testCaFile,
} from '../support/smtp-server.js';

// Goal: the hosted verification's one-time code leaves by SMTP (issue #18 part 7, docs/decisions/providers-and-production-evidence.md, "Mail that leaves"): the
// request only queues it, in the transaction that stores the code; the job delivers it to the configured server,
// which receives the real code; a slow or refusing server costs the request nothing, and the job retries with backoff,
// then gives up in a log line. Neither the code nor the address is readable in the jobs table or in a log line.
// Method: the real app with queuedMail over smtpTransport, local smtp-server instances (test/support/smtp-server.ts),
// hosted-page posts as a browser sends them, jobs run by moving a test clock. Each test names the SMTP server the
// app delivers to (`deliverTo`): one app, so that no job of one test is left for another app's runner.

const attemptsMax = 3;
const clock = new TestClock();
const logLines: Record<string, unknown>[] = [];
let current: MailTransport | undefined;
const deliverTo = (config: SmtpConfig) => {
  current = smtpTransport(config);
};
/** The transport of the test running now: smtpTransport over the server it started. */
const currentTransport: MailTransport = {
  deliver: (message: MailMessage) => (current as MailTransport).deliver(message),
};
const from = 'Brokerage <no-reply@brokerage.example>';
const relay = (port: number): SmtpConfig => ({ host: '127.0.0.1', port, security: 'local-relay-plaintext', from });

let t: TestApp;
let plainRelay: LocalSmtp;
beforeAll(async () => {
  const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  const mail = queuedMail(currentTransport, {
    secretsKeyring: SecretsKeyring.of(Buffer.alloc(32, 9)),
    log,
    attemptsMax,
  });
  t = await buildTestApp({ clock, mail: mail.provider, extraJobHandlers: mail.jobHandlers });
  plainRelay = await startLocalSmtp({ tls: 'none' });
});
afterAll(async () => {
  await plainRelay.close();
});

interface Attempt {
  readonly p: Partner;
  readonly email: string;
  readonly flow: string;
}

let customers = 0;
/** A customer with a complete profile whose verification link is open on the consent step. */
async function attempt(): Promise<Attempt> {
  const p = await aPartner(t.app);
  customers += 1;
  const email = `smtp-${customers}-${p.credentials.workspaceId.slice(-6)}@example.com`;
  expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
  const started = await startKyc(t.app, p, {
    userEmail: email,
    countryCode: 'PT',
    type: 'INDIVIDUAL',
    sendOTPMail: true,
  });
  expect(started.statusCode, started.body).toBe(200);
  return { p, email, flow: await openFlow(t.app, started.json().kycUrl) };
}

/** Consent, which issues and queues the code; answers how long the request took. */
async function consent(a: Attempt): Promise<number> {
  const startedMs = Date.now();
  const answer = await postStep(t.app, `${a.flow}/consent`, { consent: 'yes' });
  const tookMs = Date.now() - startedMs;
  expect(answer.statusCode, answer.body).toBe(303);
  return tookMs;
}

interface MailJobRow {
  id: string;
  payload: Record<string, unknown>;
  attempts: number;
  last_error: string | null;
  done_at_ms: string | null;
  run_at_ms: string;
}
async function mailJobsOf(a: Attempt): Promise<MailJobRow[]> {
  return t.ctx.db.query<MailJobRow & Record<string, unknown>>(
    `select id::text, payload, attempts, last_error, done_at_ms::text, run_at_ms::text from jobs
      where kind = 'mail.deliver' and payload->>'workspaceId' = $1 order by id`,
    [a.p.credentials.workspaceId],
  );
}

/** The code in a message received by the server, which must be addressed to the customer and titled as sent. */
function codeIn(server: LocalSmtp, a: Attempt): string {
  const got = server.received.filter((m) => m.to.includes(a.email));
  expect(got).toHaveLength(1);
  expect(got[0]?.to).toEqual([a.email]);
  const { headers, text } = readMail(got[0]?.raw ?? '');
  expect(headers.get('to')).toBe(a.email);
  expect(headers.get('subject')).toBe('Your verification code');
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  return code as string;
}

/** The received code completes the step: the flow moves on to its document form. */
async function enterCode(a: Attempt, code: string) {
  expect((await postStep(t.app, `${a.flow}/code`, { code })).statusCode).toBe(303);
  expect((await t.app.inject({ method: 'GET', url: a.flow })).body).toContain('/document"');
}

/** Moves past the runner's backoff after `attempts` tries (jobs/runner.ts: 1 s × 2^attempts) and runs what is due. */
async function retryAfter(attempts: number) {
  clock.advance(1_000 * 2 ** attempts + 1);
  await t.ctx.jobs.runDue();
}

describe('the one-time code leaves by SMTP', () => {
  it('local relay: consent queues the code sealed; the job delivers it; the code received completes the step', async () => {
    deliverTo(relay(plainRelay.port));
    const a = await attempt();
    await consent(a);
    expect(plainRelay.received.filter((m) => m.to.includes(a.email))).toHaveLength(0); // not sent by the request
    const [queued] = await mailJobsOf(a);
    expect(queued?.done_at_ms).toBeNull();
    expect(Object.keys(queued?.payload ?? {}).sort()).toEqual(['sealedMessage', 'workspaceId']);
    expect(JSON.stringify(queued?.payload)).not.toContain(a.email.split('@')[0]);

    await t.ctx.jobs.runDue();
    const code = codeIn(plainRelay, a);
    expect(JSON.stringify(queued?.payload)).not.toContain(code);
    const [done] = await mailJobsOf(a);
    // Delivered: the sealed message is dropped from the row.
    expect(done?.payload).toEqual({ workspaceId: a.p.credentials.workspaceId, delivered: true });
    expect(done?.done_at_ms).not.toBeNull();
    await enterCode(a, code);
  });

  it('STARTTLS with the private CA: the server receives the code over TLS and it completes the step', async () => {
    const server = await startLocalSmtp({ tls: 'starttls' });
    try {
      deliverTo({ host: '127.0.0.1', port: server.port, security: 'starttls', caFile: testCaFile, from });
      const a = await attempt();
      await consent(a);
      await t.ctx.jobs.runDue();
      expect(server.received.at(-1)?.secure).toBe(true);
      await enterCode(a, codeIn(server, a));
    } finally {
      await server.close();
    }
  });

  it('starttls to a plaintext-only server: refused, nothing reaches it, the job waits for its retry', async () => {
    deliverTo({ host: '127.0.0.1', port: plainRelay.port, security: 'starttls', caFile: testCaFile, from });
    const a = await attempt();
    await consent(a);
    await t.ctx.jobs.runDue();
    expect(plainRelay.recipientsTried).not.toContain(a.email);
    const [job] = await mailJobsOf(a);
    expect(job).toMatchObject({ attempts: 1, done_at_ms: null });
    expect(job?.last_error).toContain('ETLS');
    // The operator fixes the configuration (here: the relay mode); the retry delivers.
    deliverTo(relay(plainRelay.port));
    await retryAfter(1);
    await enterCode(a, codeIn(plainRelay, a));
  });
});

describe('a slow or refusing server never holds a request', () => {
  it('a server that never greets: consent answers at once; the job times out, retries later, and delivers', async () => {
    const silent = await startSilentServer();
    try {
      const timeoutMs = 1_000;
      deliverTo({ ...relay(silent.port), timeoutMs });
      const a = await attempt();
      expect(await consent(a)).toBeLessThan(timeoutMs);
      const resend = Date.now();
      expect((await postStep(t.app, `${a.flow}/code/resend`, {})).statusCode).toBe(200);
      expect(Date.now() - resend).toBeLessThan(timeoutMs);

      const ranMs = Date.now();
      await t.ctx.jobs.runDue();
      expect(Date.now() - ranMs).toBeGreaterThanOrEqual(timeoutMs - 50);
      const jobs = await mailJobsOf(a);
      expect(jobs).toHaveLength(2);
      for (const job of jobs) {
        expect(job).toMatchObject({ attempts: 1, done_at_ms: null });
        expect(job.last_error).toContain('ETIMEDOUT');
        expect(Number(job.run_at_ms)).toBeGreaterThan(clock.nowMs()); // backoff: not before its time
      }
      // The server comes back: both messages leave; the newer code is the one that works.
      deliverTo(relay(plainRelay.port));
      await retryAfter(1);
      const received = plainRelay.received.filter((m) => m.to.includes(a.email));
      expect(received).toHaveLength(2);
      // The runner does not promise their order. Only the newer (resent) code is accepted: the older one is refused
      // while the flow waits for a code (a code posted after the step is done changes nothing and answers 303).
      const codes = received.map((m) => /\b(\d{6})\b/.exec(readMail(m.raw).text)?.[1] as string);
      const first = (await postStep(t.app, `${a.flow}/code`, { code: codes[0] as string })).statusCode;
      if (first === 400) await enterCode(a, codes[1] as string);
      else expect((await t.app.inject({ method: 'GET', url: a.flow })).body).toContain('/document"');
    } finally {
      await silent.close();
    }
  });

  it('a temporary refusal (451 at RCPT TO) is retried with backoff and the code then arrives', async () => {
    const busy = await startLocalSmtp({ tls: 'none', refuseFirst: 1 });
    try {
      deliverTo(relay(busy.port));
      const a = await attempt();
      await consent(a);
      await t.ctx.jobs.runDue();
      const [job] = await mailJobsOf(a);
      expect(job).toMatchObject({ attempts: 1, done_at_ms: null });
      expect(job?.last_error).toContain('451');
      expect(job?.last_error).not.toContain(a.email); // the server's words name the address; it is masked
      await t.ctx.jobs.runDue(); // not yet due: the backoff holds it
      expect(busy.received).toHaveLength(0);
      await retryAfter(1);
      await enterCode(a, codeIn(busy, a));
    } finally {
      await busy.close();
    }
  });

  it(`a server that stays down: ${attemptsMax} tries with backoff, then "mail delivery given up" is logged without the message`, async () => {
    deliverTo(relay(await closedPort()));
    const a = await attempt();
    await consent(a);
    await t.ctx.jobs.runDue();
    for (let tried = 1; tried < attemptsMax; tried += 1) {
      expect((await mailJobsOf(a))[0]).toMatchObject({ attempts: tried, done_at_ms: null });
      await retryAfter(tried);
    }
    const [job] = await mailJobsOf(a);
    expect(job?.done_at_ms).not.toBeNull();
    expect(job?.payload).toEqual({
      workspaceId: a.p.credentials.workspaceId,
      delivered: false,
      gaveUpAfterAttempts: attemptsMax,
    });
    const gaveUp = logLines.filter((l) => l.msg === 'mail delivery given up');
    const line = gaveUp.find((l) => l.workspaceId === a.p.credentials.workspaceId);
    expect(line).toMatchObject({ kind: 'mail.deliver', attempts: attemptsMax, level: 50 });
    // Only these fields: the message (its code and address) is not among them.
    expect(Object.keys(line ?? {}).sort()).toEqual(
      ['attempts', 'hostname', 'jobId', 'kind', 'level', 'msg', 'pid', 'reason', 'time', 'workspaceId'].sort(),
    );
    expect(String(line?.reason)).toContain('ECONNREFUSED');
    expect(JSON.stringify(logLines)).not.toContain(a.email);
    // Nothing more is tried: the job is done.
    await retryAfter(attemptsMax);
    expect((await mailJobsOf(a))[0]?.attempts).toBe(attemptsMax);
  });
});
