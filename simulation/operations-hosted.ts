import { activitySectors } from '../src/catalogue/activity-sectors.js';
import { sandboxBanks } from '../src/providers/openbanking/sandbox-openbanking.js';
import { type Actors, label, nth, type Operation, ok } from './actors.js';
import type { Answer } from './client.js';
import { customers, eurCounterparty } from './fixtures.js';
import { keyedWrite } from './partner-keyed.js';
import { partnerOf } from './partner-model.js';
import type { Step } from './steps.js';

// The hosted pages and the partner calls around them: open banking web forms paid (or declined, cancelled, left
// to expire) on the payment page, so that money comes in by that path too; the hosted identity verification, from
// the profile data through the single-use link to a submitted document the sandbox provider approves or rejects;
// and AML screenings (keyed) with the operator's resolution of a potential match.

/** A page request as a browser sends it (no partner credentials), with the step's fault on it. */
async function page(
  a: Actors,
  step: Step | undefined,
  method: 'GET' | 'POST',
  url: string,
  form?: { readonly body: string | Buffer; readonly contentType: string },
): Promise<Answer & { location?: string }> {
  let location: string | undefined;
  const send = async (): Promise<Answer> => {
    const response = await a.world.instance.app.inject({
      method,
      url,
      ...(form === undefined ? {} : { payload: form.body, headers: { 'content-type': form.contentType } }),
    });
    if (response.statusCode >= 500) a.client.serverErrors += 1;
    location = typeof response.headers.location === 'string' ? response.headers.location : undefined;
    return { status: response.statusCode, body: {}, lost: false };
  };
  const answer = step === undefined ? await send() : await a.client.faulted(step, send);
  return { ...answer, ...(location === undefined ? {} : { location }) };
}

const urlEncoded = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  contentType: 'application/x-www-form-urlencoded',
});

/** A multipart form as the hosted verification page posts it, with an optional file. */
function multipart(fields: Record<string, string>, file?: { readonly name: string; readonly bytes: Buffer }) {
  const boundary = 'sim-boundary-7f3a';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = [Buffer.from(parts.join(''))];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="id.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG by its signature (domain/documents/document-kind.ts) and a few bytes: what the page accepts as an image. */
const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** A profile the standard verification profile finds complete (catalogue/verification-profiles.ts). */
const fullProfile = {
  firstName: 'Carla',
  lastName: 'Mendes',
  birthdate: '1990-05-17',
  nationality: 'PT',
  phone: '+351912345678',
  addresses: [{ street: '1 Rua Augusta', city: 'Lisboa', state: 'Lisboa', zip: '1100-048', country: 'PT' }],
  employmentStatus: 'employed',
  fundsOrigin: 'salary',
  accountPurpose: 'savings',
};

/** The sandbox sanctions list's test subjects (providers/screening/sandbox-list.ts) and the status each gets. */
const screeningSubjects = [
  {
    body: { entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned', dateOfBirth: '1970-01-01' },
    expected: 'CONFIRMED_MATCH',
  },
  { body: { entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned' }, expected: 'POTENTIAL_MATCH' },
  {
    body: { entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned', dateOfBirth: '1980-02-02' },
    expected: 'FALSE_POSITIVE',
  },
  { body: { entityType: 'BUSINESS', businessName: 'Sandbox Embargoed Trading LLC' }, expected: 'POTENTIAL_MATCH' },
  {
    body: { entityType: 'INDIVIDUAL', firstName: 'Carla', lastName: 'Mendes', dateOfBirth: '1990-05-17' },
    expected: 'CLEAR',
  },
] as const;

/** The payer's choice on the payment page: a bank that approves or declines, cancel, a mistyped IBAN, or a look. */
async function pay(a: Actors, step: Step | undefined, token: string, variant: number): Promise<string> {
  const path = `/pay/${token}`;
  const choice = nth(['approve', 'approve', 'decline', 'cancel', 'invalid', 'view'], variant);
  if (choice === 'view') return `view ${(await page(a, step, 'GET', path)).status}`;
  const fields =
    choice === 'cancel'
      ? { action: 'cancel' }
      : {
          bank: choice === 'decline' ? sandboxBanks.declines.id : sandboxBanks.approves.id,
          payerName: 'Ana Silva',
          payerAccount: choice === 'invalid' ? 'PT50000201231234567890155' : eurCounterparty.counterparty.iban,
          // Read only for an open-amount deposit, whose payer types it.
          amount: nth(['42', '10.5', '100'], variant >>> 3),
        };
  return `${choice} ${label(await page(a, step, 'POST', path, urlEncoded(fields)))}`;
}

/** The hosted verification's steps after the link, as far as the step's variant walks them. */
async function walkVerification(a: Actors, kycUrl: string, variant: number): Promise<string> {
  const walk = variant % 6;
  if (walk === 0) return 'link left unopened';
  const opened = await page(a, undefined, 'GET', new URL(kycUrl).pathname);
  if (opened.location === undefined) return `link ${opened.status}`;
  const flow = opened.location;
  const consent = await page(a, undefined, 'POST', `${flow}/consent`, multipart({ consent: 'yes' }));
  if (walk === 1 || consent.status !== 303) return `consent ${consent.status}`;
  if (walk === 2) return `cancel ${(await page(a, undefined, 'POST', `${flow}/cancel`, multipart({}))).status}`;
  // One in four documents carries the sandbox's rejected prefix: the provider rejects it.
  const documentNumber = walk === 5 ? `RJ${1000 + (variant % 9000)}` : `P${1000 + (variant % 9000)}`;
  const fields = {
    documentType: 'passport',
    documentNumber,
    expiryDate: '2031-12-31',
    issuingCountry: 'PT',
    sector: activitySectors[0]?.code ?? '10',
  };
  const submitted = await page(
    a,
    undefined,
    'POST',
    `${flow}/document`,
    multipart(fields, { name: 'image', bytes: pngBytes }),
  );
  return `document ${submitted.status}`;
}

export const hostedOperations = {
  async webForm(a, step) {
    const onOrder = step.variant % 2 === 0;
    // EUR only (SEPA): orders paid by transfer in EUR, and EUR deposits.
    const target = onOrder
      ? a.model.pick('order', step.pick, (k) => k.detail.byTransfer === true && k.detail.crypto !== true)
      : a.model.pick('deposit', step.pick);
    if (target === undefined) return 'no target';
    partnerOf(a.model).formTargets.add(target.id);
    const answer = await a.client.once(step, 'POST web-form', {
      method: 'POST',
      url: `/v1/openbanking/${target.id}/web-form`,
      payload: { language: nth(['en', 'de', 'pt-BR', 'es'], step.variant >>> 1) },
    });
    const token = ok(answer) ? String(answer.body.webForm).split('/pay/')[1] : undefined;
    if (token === undefined) return label(answer);
    partnerOf(a.model).webForms.push({ entityId: target.id, token });
    // Two times in three the payer acts at once, as a redirected payer does: the page, then its choice.
    if ((step.variant >>> 3) % 3 === 0) return label(answer);
    await page(a, undefined, 'GET', `/pay/${token}`);
    return `${label(answer)}, ${await pay(a, undefined, token, step.variant >>> 5)}`;
  },

  async payByBank(a, step) {
    // One of the two newest forms: an older one is mostly superseded or expired (410), which a few picks still meet.
    const forms = partnerOf(a.model).webForms;
    if (forms.length === 0) return 'no web form';
    const form = forms[forms.length - 1 - (step.pick % Math.min(forms.length, step.pick % 5 === 0 ? 4 : 2))];
    return pay(a, step, String(form?.token), step.variant);
  },

  async openBankingStatus(a, step) {
    const target = step.variant % 2 === 0 ? a.model.pick('order', step.pick) : a.model.pick('deposit', step.pick);
    if (target === undefined) return 'no target';
    const answer = await a.client.once(step, 'GET openbanking status', {
      method: 'GET',
      url: `/v1/openbanking/${target.id}/status`,
    });
    const shown = (answer.body.openbanking as { sessionId?: string } | null | undefined)?.sessionId ?? null;
    if (ok(answer) && step.fault === undefined) {
      const [newest] = await a.world.db.query<{ id: string }>(
        'select id::text as id from openbanking_sessions where entity_id = $1 order by created_at_ms desc, id desc limit 1',
        [target.id],
      );
      // Whether a session exists (two of one instant tie on created_at_ms, so not which one).
      if ((newest === undefined) !== (shown === null)) {
        a.model.problems.push(`open banking status: ${target.id} shows session ${shown}, the newest is ${newest?.id}`);
      }
    }
    return label(answer);
  },

  async kycData(a, step) {
    const userEmail = nth(customers, step.pick);
    const profile =
      step.variant % 3 === 0 ? { firstName: fullProfile.firstName, lastName: fullProfile.lastName } : fullProfile;
    const answer = await a.client.once(step, 'POST /v1/kyc/data', {
      method: 'POST',
      url: '/v1/kyc/data',
      payload: { userEmail, ...profile },
    });
    return label(answer);
  },

  async hostedKyc(a, step) {
    const userEmail = nth(customers, step.pick);
    // Half the time the profile is completed first (as kycData does), so that a link is offered.
    if ((step.variant >>> 4) % 2 === 0) {
      await a.client.plain({ method: 'POST', url: '/v1/kyc/data', payload: { userEmail, ...fullProfile } });
    }
    const answer = await a.client.once(step, 'POST /v1/kyc', {
      method: 'POST',
      url: '/v1/kyc',
      payload: { userEmail, countryCode: 'PT', type: 'INDIVIDUAL', sendOTPMail: false },
    });
    if (!ok(answer) || typeof answer.body.kycUrl !== 'string') return `start ${label(answer)}`;
    return walkVerification(a, answer.body.kycUrl, step.variant);
  },

  async kycStatus(a, step) {
    const userEmail = nth(customers, step.pick);
    const answer = await a.client.once(step, 'GET /v1/kyc/{email}', { method: 'GET', url: `/v1/kyc/${userEmail}` });
    const shown = (answer.body.value as { status?: string } | undefined)?.status;
    if (ok(answer) && step.fault === undefined) {
      // The authoritative read says what the customer's account holds (no account yet: NOT_AVAILABLE).
      const [account] = await a.world.db.query<{ status: string }>(
        `select verification_status as status from accounts where workspace_id = $1 and kind = 'customer' and email = $2`,
        [a.client.workspaceId, userEmail],
      );
      if (shown !== (account?.status ?? 'NOT_AVAILABLE')) {
        a.model.problems.push(`the KYC read tells the status: ${userEmail} read ${shown}, holds ${account?.status}`);
      }
    }
    return label(answer);
  },

  async amlScreening(a, step, index) {
    const subject = nth(screeningSubjects, step.variant);
    // Tied to a customer's account one time in two; never the payer, whose confirmed match would stop its money.
    const tie = (step.variant >>> 3) % 2 === 0 ? { userEmail: nth(customers, step.pick) } : {};
    const answer = await keyedWrite(a, step, index, {
      write: 'screening',
      idField: 'screeningId',
      request: { method: 'POST', url: '/v1/aml-screenings', payload: { ...subject.body, ...tie } },
    });
    const value = answer.body.value as { screeningId?: string; status?: string } | undefined;
    if (ok(answer) && value?.screeningId !== undefined) {
      const screenings = partnerOf(a.model).screenings;
      if (!screenings.some((s) => s.id === value.screeningId)) {
        screenings.push({ id: value.screeningId, expected: subject.expected });
      }
      if (value.status !== subject.expected) {
        a.model.problems.push(
          `screenings follow the list: ${value.screeningId} is ${value.status}, not ${subject.expected}`,
        );
      }
    }
    return label(answer);
  },

  async amlResolve(a, step) {
    const screenings = partnerOf(a.model).screenings;
    if (screenings.length === 0) return 'no screening';
    const screening = nth(screenings, step.pick);
    const status = step.variant % 2 === 0 ? 'CONFIRMED_MATCH' : 'FALSE_POSITIVE';
    const answer = await a.client.once(
      step,
      `resolve ${status}`,
      {
        method: 'POST',
        url: `/admin/v1/aml-screenings/${screening.id}/resolution`,
        payload: { status, note: 'simulated review' },
      },
      true,
    );
    return `${status} ${label(answer)}`;
  },
} satisfies Partial<Record<Step['op'], Operation>>;
