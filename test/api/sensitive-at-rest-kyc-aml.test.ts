import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableDay } from '../../src/operator/console/queues-kyc-views.js';
import { createLogger } from '../../src/platform/logger.js';
import { open, seal } from '../../src/platform/sealing.js';
import { reencryptStoredSecrets, sealedValueCounts } from '../../src/platform/secrets/reencrypt.js';
import { maybePlaintextPattern, openSensitive, sealedFieldPrefix } from '../../src/platform/secrets/sensitive.js';
import { sensitiveColumns } from '../../src/platform/secrets/sensitive-columns.js';
import { maskNumber } from '../../src/resources/kyc/review.js';
import { amlApi } from '../support/aml.js';
import { camt054 } from '../support/bank-file-builders.js';
import { bankProviders, eurAccount } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock, testSecretsKeyring } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';
import {
  plaintextHits as hitsOf,
  lineSink,
  linesHolding,
  randomDocumentNumber,
  randomIban,
  randomTaxId,
} from '../support/sensitive-markers.js';

// Goal (issue #28, part 1): the KYC profile a partner sends (kyc_profiles.profile), the person an AML screening is
// about (aml_screenings.subject) and a payout file (payout_batches) keep no tax id, birth date, identity document
// number or IBAN readable at rest, while every answer and file that must show one still does, in full where it did.
// Method: values of this run only (a tax id, a birth date, a document number, a valid IBAN with random digits) go
// through the API: KYC data sent and the hosted document step (manual review, so compliance reads it), a screening
// of the person, and a SEPA withdrawal to the IBAN cut into a pain.001 batch (production with banks by files). The
// answers, the console's pages and the downloaded file show them; every text, JSON and array column is searched
// for them (the birth date, which another test may use, only in this workspace's rows), and every log line. Then
// rows as the version before wrote them (in the clear) are sealed by re-encryption or still read as they were.

const two = (n: number) => String(n).padStart(2, '0');
const iban = randomIban();
const taxId = randomTaxId('TX');
const dob = `19${two(randomInt(1, 40))}-${two(randomInt(1, 13))}-${two(randomInt(1, 29))}`;
const documentNumber = randomDocumentNumber();
/** Markers no other row can hold (random); the birth date is searched in this workspace's rows only. */
const markers = { iban, taxId, documentNumber };

const suffix = randomUUID().slice(0, 8);
const kycEmail = `kyc.sealed-${suffix}@example.com`;
const payerEmail = `payer.sealed-${suffix}@example.com`;
const screened = { entityType: 'INDIVIDUAL', firstName: 'Marta', lastName: `Sealedtest${suffix}`, dateOfBirth: dob };
const sentDocument = { type: 'passport', id: documentNumber, expiryDate: '2031-01-31', issuingCountry: 'PT' };

const clock = new TestClock();
let prod: TestApp;
let stage: TestApp;
let partner: Partner;
let compliance: CookieJar;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = lineSink(logLines);
  // Production with banks by files and manual identity review (the payout file, the review queue); stage for the
  // sandbox screening list and its helpers. Both on the run's database, as two deployments' processes would be.
  prod = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: bankProviders,
    clock,
    logger: createLogger('debug', sink),
  });
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, logger: createLogger('debug', sink) });
  partner = await aPartner(stage.app);
  compliance = await signedInOperator(prod.app, clock, 'compliance');
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

const workspaceId = () => partner.credentials.workspaceId;
const api = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { ...partner.headers, ...headers }, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const { screen, read, list } = amlApi(() => stage.app);

/** Every (column, marker) whose text holds a marker: the random ones in any row, the birth date in this workspace's. */
const plaintextHits = () => hitsOf(prod.ctx.db, markers, { workspaceId: workspaceId(), markers: { dob } });

async function storedProfile(): Promise<{ account_id: string; profile: Record<string, unknown> }> {
  const [row] = await prod.ctx.db.query<{ account_id: string; profile: Record<string, unknown> }>(
    `select k.account_id, k.profile from kyc_profiles k join accounts a on a.id = k.account_id
     where a.workspace_id = $1 and a.email = $2`,
    [workspaceId(), kycEmail],
  );
  expect(row, 'the profile row').toBeDefined();
  return row as { account_id: string; profile: Record<string, unknown> };
}

/** The verification as the operator API lists it. */
async function operatorVerification() {
  const listed = await admin('GET', `/admin/v1/verifications?workspaceId=${workspaceId()}`);
  expect(listed.statusCode, listed.body).toBe(200);
  expect(listed.body).not.toContain(sealedFieldPrefix);
  return (listed.json() as { email: string; profile: Record<string, unknown> }[]).find((v) => v.email === kycEmail);
}

const consoleItem = () =>
  getPage(
    prod.app,
    compliance,
    `/console/queues/kyc/verification?${new URLSearchParams({ workspaceId: workspaceId(), email: kycEmail })}`,
  );

describe('sensitive data at rest: KYC profiles, AML screenings and payout files', () => {
  let screeningId: string;
  const screeningKey = `aml-sealed-${suffix}`;
  let batchId: string;
  let file: string;

  it('takes a KYC profile, a screening and a payout to the IBAN through the API', async () => {
    // The KYC data, then the hosted document step; manual review keeps it for compliance.
    const sent = await sendKycData(prod.app, partner, {
      userEmail: kycEmail,
      ...standardProfile,
      birthdate: dob,
      taxId: { number: taxId, country: 'PT' },
      document: sentDocument,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().providedFields).toEqual(expect.arrayContaining(['birthdate', 'taxId', 'document']));
    const started = await startKyc(prod.app, partner, {
      userEmail: kycEmail,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().missingFields).toEqual([]);
    const flow = await openFlow(prod.app, started.json().kycUrl);
    await postStep(prod.app, `${flow}/consent`, { consent: 'yes' });
    const typed = await postStep(prod.app, `${flow}/document`, documentFields({ documentNumber }), photo);
    expect(typed.statusCode, typed.body).toBe(303);
    await prod.ctx.jobs.runDue();

    // The person screened, with the key.
    const screening = await screen(partner, screened, { 'idempotency-key': screeningKey });
    expect(screening.statusCode, screening.body).toBe(201);
    screeningId = screening.json().value.screeningId;

    // EUR collected into the brokerage's account, then paid out to the IBAN by a pain.001 batch.
    await verifyCustomer(stage.app, partner, payerEmail);
    const deposit = await api(prod, 'POST', '/v1/deposits', {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail: payerEmail, country: 'PT' },
      currency: 'EUR',
      amount: 80,
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const credit = camt054({ iban: eurAccount, currency: 'EUR' }, [
      {
        bankReference: `CR-${deposit.json().depositId}`,
        direction: 'CRDT',
        amount: '80.00',
        rfReference: deposit.json().depositInfo.referenceCode,
        payerName: 'Ana Silva',
      },
    ]);
    const imported = await prod.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, 'content-type': 'application/xml' },
      payload: credit,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await prod.ctx.jobs.runDue();
    const withdrawal = await api(prod, 'POST', '/v1/withdrawals', {
      currency: 'EUR',
      amount: 30,
      destinationTransferData: {
        type: 'SEPA',
        destinationName: 'Marta Sealed',
        iban,
        country: 'DE',
        city: 'Berlin',
        postalCode: '10115',
      },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    await prod.ctx.jobs.runDue();
    const cut = await admin('POST', '/admin/v1/payout-batches', { rail: 'SEPA' });
    expect(cut.statusCode, cut.body).toBe(201);
    expect(cut.body).not.toContain(iban);
    expect(cut.json().payouts.map((p: { payoutId: string }) => p.payoutId)).toContain(withdrawal.json().withdrawalId);
    batchId = cut.json().batchId;
  });

  it('downloads the payout file with the IBAN, the same bytes every time', async () => {
    const downloaded = await admin('GET', `/admin/v1/payout-batches/${batchId}/file`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toMatch(/application\/xml/);
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="pain001-${batchId}.xml"`);
    file = downloaded.body;
    expect(file).toContain(`<IBAN>${iban}</IBAN>`);
    expect(file).not.toContain(sealedFieldPrefix);
    expect((await admin('GET', `/admin/v1/payout-batches/${batchId}/file`)).rawPayload).toEqual(downloaded.rawPayload);
    // What is stored is the file sealed, whole: opened, the very text downloaded.
    const [row] = await prod.ctx.db.query<{ file_content: string | null; file_content_sealed: string }>(
      'select file_content, file_content_sealed from payout_batches where id = $1',
      [batchId],
    );
    expect(row?.file_content).toBeNull();
    expect(open(testSecretsKeyring, row?.file_content_sealed as string)).toBe(file);
    const listed = await admin('GET', '/admin/v1/payout-batches?limit=500');
    expect(listed.body).not.toContain(iban);
  });

  it('shows the KYC profile where it is read: the operator API, the console', async () => {
    const verification = await operatorVerification();
    expect(verification?.profile).toMatchObject({
      birthdate: dob,
      taxId: { number: maskNumber(taxId), country: 'PT' },
      document: { ...sentDocument, id: maskNumber(documentNumber) },
    });
    // Compliance reads the numbers whole, the birth date in words; the profile agrees with the form.
    const page = await consoleItem();
    expect(page.statusCode).toBe(200);
    for (const text of [
      `born ${readableDay(dob)}`,
      `Passport ${documentNumber}, issued by Portugal (PT), expires 31 January 2031`,
      `${taxId} (Portugal (PT))`,
    ]) {
      expect(page.body, text).toContain(text);
    }
    expect(page.body).not.toContain(sealedFieldPrefix);
    expect(page.body).not.toContain('Differs from the partner');
    // The partner's status read needs no value: what is missing is still nothing.
    const status = await api(prod, 'GET', `/v1/kyc/${encodeURIComponent(kycEmail)}`);
    expect(status.json().value.missingFields).toEqual([]);
  });

  it('a merge keeps what was sent before: its birth date, tax id and document, sealed as they were', async () => {
    const before = (await storedProfile()).profile;
    const merged = await sendKycData(prod.app, partner, { userEmail: kycEmail, pepDeclaration: 'no' });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = (await storedProfile()).profile;
    for (const field of ['birthdate', 'taxId', 'document']) expect(after[field], field).toEqual(before[field]);
    expect(after.pepDeclaration).toBe('no');
    // A birth date sent now is still checked: one in the future is refused.
    const future = await sendKycData(prod.app, partner, { userEmail: kycEmail, birthdate: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect((await operatorVerification())?.profile).toMatchObject({ birthdate: dob, pepDeclaration: 'no' });
  });

  it('shows the screened person in full in every answer, a replay and the console', async () => {
    const answers = [
      await read(partner, screeningId),
      await list(partner),
      await screen(partner, screened, { 'idempotency-key': screeningKey }),
    ];
    expect(answers[2]?.headers['idempotent-replayed']).toBe('true');
    for (const answer of answers) {
      expect(answer.body).not.toContain(sealedFieldPrefix);
      const value = answer.json().value;
      const screening = Array.isArray(value)
        ? value.find((s: { screeningId: string }) => s.screeningId === screeningId)
        : value;
      expect(screening).toMatchObject({ screeningId, ...screened, status: 'CLEAR' });
    }
    const operators = await admin('GET', `/admin/v1/aml-screenings?workspaceId=${workspaceId()}`);
    expect(operators.json()).toContainEqual(expect.objectContaining({ screeningId, dateOfBirth: dob }));
    const queue = await getPage(prod.app, compliance, `/console/queues/aml?status=all&workspaceId=${workspaceId()}`);
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(`Marta Sealedtest${suffix}, born ${dob}`);
  });

  it('stores none of them readable, and logs none', async () => {
    const hits = await plaintextHits();
    const unlisted = hits.filter((h) => sensitiveColumns[h.column]?.atRest !== 'not-yet-sealed');
    expect(unlisted, 'plaintext in a column the inventory says is sealed or clear').toEqual([]);
    for (const column of [
      'kyc_profiles.profile',
      'kyc_sessions.submission',
      'aml_screenings.subject',
      'idempotency_keys.response_body',
      'payout_batches.file_content',
      'payout_batches.file_content_sealed',
      'payouts.destination',
    ]) {
      expect(
        hits.filter((h) => h.column === column),
        column,
      ).toEqual([]);
    }
    const { profile } = await storedProfile();
    // Sealed where they sit, leaf by leaf: the objects keep their shape, and re-encryption's pre-filter (what
    // `npm run secrets -- status` counts) takes none of it for a field in the clear.
    expect(String((profile.taxId as Record<string, unknown>).number).startsWith(sealedFieldPrefix)).toBe(true);
    expect(String((profile.document as Record<string, unknown>).id).startsWith(sealedFieldPrefix)).toBe(true);
    expect(String(profile.birthdate).startsWith(sealedFieldPrefix)).toBe(true);
    const [stored] = await prod.ctx.db.query<{ maybe: boolean }>(
      'select profile::text ~ $2 as maybe from kyc_profiles where account_id = $1',
      [(await storedProfile()).account_id, maybePlaintextPattern],
    );
    expect(stored?.maybe).toBe(false);
    const logged = linesHolding(logLines, [...Object.values(markers), dob]);
    expect(logged).toEqual([]);
  });

  it('re-encryption seals a profile and a screening stored in the clear; answers are unchanged', async () => {
    const { account_id: accountId, profile } = await storedProfile();
    // As rows the version before wrote: every field in the clear.
    await prod.ctx.db.query('update kyc_profiles set profile = $2::text::jsonb where account_id = $1', [
      accountId,
      JSON.stringify(openSensitive(testSecretsKeyring, profile)),
    ]);
    const [screening] = await prod.ctx.db.query<{ subject: Record<string, unknown> }>(
      'select subject from aml_screenings where id = $1',
      [screeningId],
    );
    await prod.ctx.db.query('update aml_screenings set subject = $2::text::jsonb where id = $1', [
      screeningId,
      JSON.stringify(openSensitive(testSecretsKeyring, screening?.subject)),
    ]);
    expect((await plaintextHits()).map((h) => h.column)).toEqual(
      expect.arrayContaining(['kyc_profiles.profile', 'aml_screenings.subject']),
    );

    await reencryptStoredSecrets(prod.ctx.db, testSecretsKeyring, { batchSize: 50, pauseMs: 0 });
    const hits = (await plaintextHits()).filter((h) =>
      ['kyc_profiles', 'aml_screenings'].includes(h.column.split('.')[0] ?? ''),
    );
    expect(hits).toEqual([]);
    expect((await operatorVerification())?.profile).toMatchObject({
      birthdate: dob,
      taxId: { number: maskNumber(taxId), country: 'PT' },
      document: { ...sentDocument, id: maskNumber(documentNumber) },
    });
    expect((await consoleItem()).body).toContain(`${taxId} (Portugal (PT))`);
    expect((await read(partner, screeningId)).json().value).toMatchObject(screened);

    // The row is no longer one that re-encryption's pre-filter takes for a field in the clear; a later write keeps it so.
    expect((await sendKycData(prod.app, partner, { userEmail: kycEmail, pepDeclaration: 'no' })).statusCode).toBe(200);
    const [again] = await prod.ctx.db.query<{ maybe: boolean }>(
      'select profile::text ~ $2 as maybe from kyc_profiles where account_id = $1',
      [accountId, maybePlaintextPattern],
    );
    expect(again?.maybe).toBe(false);
    expect((await operatorVerification())?.profile).toMatchObject({ taxId: { number: maskNumber(taxId) } });
  });

  it('a payout file stored in the clear before it was sealed downloads as it was, and re-encryption seals it', async () => {
    // As a batch cut before migration 0042 left it: the text only.
    await prod.ctx.db.query('update payout_batches set file_content = $2, file_content_sealed = null where id = $1', [
      batchId,
      file,
    ]);
    expect((await admin('GET', `/admin/v1/payout-batches/${batchId}/file`)).body).toBe(file);
    // Never both: the row holds its file once.
    await expect(
      prod.ctx.db.query('update payout_batches set file_content_sealed = $2 where id = $1', [
        batchId,
        seal(testSecretsKeyring, file),
      ]),
    ).rejects.toThrow();
    // Status counts it as plaintext; re-encryption moves it into the sealed column, and the download is unchanged.
    expect(await sealedValueCounts(prod.ctx.db)).toContainEqual({
      column: 'payout_batches.file_content_sealed',
      keyId: 'plaintext',
      values: expect.any(Number),
    });
    await reencryptStoredSecrets(prod.ctx.db, testSecretsKeyring, { batchSize: 50, pauseMs: 0 });
    const [row] = await prod.ctx.db.query<{ file_content: string | null; sealed: string | null }>(
      'select file_content, file_content_sealed as sealed from payout_batches where id = $1',
      [batchId],
    );
    expect(row?.file_content).toBeNull();
    expect(row?.sealed).not.toContain(iban);
    expect((await admin('GET', `/admin/v1/payout-batches/${batchId}/file`)).body).toBe(file);
  });
});
