import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../../src/storage/db.js';
import type { Partner } from './builders.js';

/** Every field the default (standard) verification profile asks for. */
export const standardProfile = {
  firstName: 'Ana',
  lastName: 'Silva',
  birthdate: '1990-04-12',
  nationality: 'PT',
  phone: '+351912345678',
  addresses: [{ street: 'Rua Augusta 1', city: 'Lisboa', state: 'Lisboa', zip: '1100-048', country: 'PT' }],
  employmentStatus: 'employed',
  fundsOrigin: 'salary',
  accountPurpose: 'savings',
};

/** The smallest valid PNG: the page checks the first bytes, not the file name. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Upload {
  readonly name: string;
  readonly filename: string;
  readonly type: string;
  readonly bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Readonly<Record<string, string>>, upload?: Upload) {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (upload) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${upload.name}"; filename="${upload.filename}"\r\ncontent-type: ${upload.type}\r\n\r\n`,
      ),
      upload.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const startKyc = (app: FastifyInstance, partner: Partner, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/kyc', headers: partner.headers, payload: body });

export const sendKycData = (app: FastifyInstance, partner: Partner, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/kyc/data', headers: partner.headers, payload: body });

/** The path of a kycUrl, as a browser would request it from our server. */
export const pathOf = (url: string) => new URL(url).pathname;

/** Opens a kycUrl: the single-use link answers 303 to the flow's own address. */
export async function openFlow(app: FastifyInstance, kycUrl: string): Promise<string> {
  const opened = await app.inject({ method: 'GET', url: pathOf(kycUrl) });
  expect(opened.statusCode, opened.body).toBe(303);
  const location = String(opened.headers.location);
  expect(location).toMatch(/^\/kyc\/flow\/[A-Za-z0-9_-]{43}$/);
  return location;
}

export const postStep = (app: FastifyInstance, path: string, fields: Record<string, string>, upload?: Upload) => {
  const { payload, headers } = multipart(fields, upload);
  return app.inject({ method: 'POST', url: path, payload, headers });
};

/**
 * A verification waiting for manual review: the partner's KYC data, the hosted page's consent and document step
 * (what the customer typed beside the photo), then the review job (an app whose verification is manual review).
 */
export async function underManualReview(
  t: { app: FastifyInstance; ctx: { jobs: { runDue(): Promise<unknown> } } },
  partner: Partner,
  email: string,
  profile: Record<string, unknown>,
  typed: Record<string, string> = {},
): Promise<void> {
  const sent = await sendKycData(t.app, partner, { userEmail: email, ...profile });
  expect(sent.statusCode, sent.body).toBe(200);
  const started = await startKyc(t.app, partner, {
    userEmail: email,
    countryCode: 'PT',
    type: 'INDIVIDUAL',
    sendOTPMail: false,
  });
  expect(started.statusCode, started.body).toBe(200);
  const flow = await openFlow(t.app, started.json().kycUrl);
  expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
  const document = await postStep(t.app, `${flow}/document`, documentFields(typed), photo);
  expect(document.statusCode, document.body).toBe(303);
  await t.ctx.jobs.runDue();
}

/** The newest one-time code mailed to a customer, read from the sandbox mailbox. */
export async function mailedCode(app: FastifyInstance, partner: Partner, email: string): Promise<string> {
  const mailbox = await app.inject({
    method: 'GET',
    url: `/v1/simulate/mailbox?email=${encodeURIComponent(email)}`,
    headers: partner.headers,
  });
  expect(mailbox.statusCode, mailbox.body).toBe(200);
  const text = String(mailbox.json().messages[0]?.text ?? '');
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  return code as string;
}

export const documentFields = (overrides: Record<string, string> = {}) => ({
  documentType: 'passport',
  documentNumber: 'X1234567',
  expiryDate: '2031-01-31',
  issuingCountry: 'PT',
  sector: '50',
  ...overrides,
});

export const photo: Upload = { name: 'image', filename: 'front.png', type: 'image/png', bytes: pngBytes };

/** The secret at the end of a kycUrl or a flow path. */
export const secretOf = (urlOrPath: string) => urlOrPath.split('/').at(-1) as string;

/** GET /v1/kyc/{email}: the enveloped value (status, missingFields, accountId). */
export async function kycStatusOf(app: FastifyInstance, partner: Partner, email: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/kyc/${encodeURIComponent(email)}`,
    headers: partner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as { status: string; missingFields: string[]; accountId?: string };
}

/** The sandbox mail sent to a customer, newest first. */
export async function mailboxOf(app: FastifyInstance, partner: Partner, email: string) {
  const mailbox = await app.inject({
    method: 'GET',
    url: `/v1/simulate/mailbox?email=${encodeURIComponent(email)}`,
    headers: partner.headers,
  });
  expect(mailbox.statusCode, mailbox.body).toBe(200);
  return mailbox.json().messages as { to: string; subject: string; text: string; createdAt: number }[];
}

/** A six-digit code that is not `code`: a wrong guess that cannot be right by chance. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A PNG of `size` bytes: the real signature, then padding. */
export const pngOfSize = (size: number) => Buffer.concat([pngBytes, Buffer.alloc(Math.max(0, size - pngBytes.length))]);

export type RecordedEvent = { type: string; event_id: string; data: Record<string, unknown> };

/** A workspace's verification events (verification_status_updated and kyc_completed) in the order recorded. */
export async function verificationEventsOf(
  db: Queryable,
  workspaceId: string,
  entityId?: string,
): Promise<RecordedEvent[]> {
  return db.query<RecordedEvent>(
    `select type, event_id, data from outbox_events
      where workspace_id = $1 and type in ('verification_status_updated', 'kyc_completed')
        and ($2::text is null or data->>'entityId' = $2) order by id`,
    [workspaceId, entityId ?? null],
  );
}

/** Events as `type:previous->status`, easy to compare as a list. */
export const transitionsOf = (events: readonly RecordedEvent[]) =>
  events.map((e) => `${e.type}:${e.data.previousStatus}->${e.data.status}`);
