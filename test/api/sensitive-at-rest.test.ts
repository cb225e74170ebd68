import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { reencryptStoredSecrets, sealedValueCounts } from '../../src/platform/secrets/reencrypt.js';
import { sensitiveColumns } from '../../src/platform/secrets/sensitive-columns.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testSecretsKeyring } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';
import { aDeposit, aWebForm, banks, payFields, postPage } from '../support/openbanking.js';
import {
  plaintextHits as hitsOf,
  lineSink,
  linesHolding,
  randomBirthDate,
  randomDocumentNumber,
  randomIban,
  randomTaxId,
} from '../support/sensitive-markers.js';

// Goal (issue #28): no account number, IBAN, tax id, birth date or identity document number is stored readable,
// while every answer that must show one still does. Method: values of this run only (a valid IBAN with random
// digits, a tax id, a birth date, a document number) go through the API (a withdrawal to the IBAN with a
// beneficiary, the hosted pay page paid from it, a KYC document typed with the number), then every text, JSON and
// array column of every table and every log line is searched for them. A hit in a column the inventory
// (platform/secrets/sensitive-columns.ts) does not list as not yet sealed fails, naming the column; the columns
// still in the clear are listed, so the test says exactly what remains.

const iban = randomIban();
const payerIban = randomIban();
const taxId = randomTaxId('TX');
const dob = randomBirthDate();
const documentNumber = randomDocumentNumber();
const markers = { iban, payerIban, taxId, documentNumber };

let t: TestApp;
let partner: Partner;
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { SANDBOX_SETTLE_DELAY_MS: '0' },
    logger: createLogger('debug', lineSink(logLines)),
  });
  partner = await aPartner(t.app);
});

/** Every (table, column, marker) whose text holds a marker. */
const plaintextHits = () => hitsOf(t.ctx.db, markers);

describe('sensitive data at rest', () => {
  let withdrawalId: string;

  it('creates every resource that carries them, through the API', async () => {
    // The workspace's balance, funded by a simulated deposit from a payer of no interest here.
    await verifyCustomer(t.app, partner, 'ana.sealed@example.com');
    const userData = { firstName: 'Ana', lastName: 'S', userEmail: 'ana.sealed@example.com', country: 'PT' };
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: partner.headers,
      payload: { userData, currency: 'EUR', amount: 500 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      headers: partner.headers,
      payload: {
        depositId: deposit.json().depositId,
        amount: 500,
        counterparty: { name: 'Ana', iban: 'PT50000201231234567890154' },
      },
    });
    await t.ctx.jobs.runDue();

    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...partner.headers, 'idempotency-key': `sealed-${randomInt(1e9)}` },
      payload: {
        currency: 'EUR',
        amount: 100,
        destinationTransferData: {
          type: 'SEPA',
          destinationName: 'Ana Silva',
          iban,
          country: 'DE',
          city: 'Berlin',
          postalCode: '10115',
        },
      },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect(withdrawal.json().destinationTransferData.iban).toBe(iban);
    withdrawalId = withdrawal.json().withdrawalId;
    await t.ctx.jobs.runDue();

    // The hosted pay page, paid from the payer's IBAN.
    await verifyCustomer(t.app, partner, 'ana.orders@example.com');
    const payIn = await aDeposit(t, partner);
    const form = await aWebForm(t, partner, payIn.depositId);
    const paid = await postPage(t, form.path, { ...payFields(banks.approves, payerIban), amount: '100' });
    expect(paid.statusCode, paid.body).toBeLessThan(400);

    // A KYC document typed on the hosted page.
    const email = 'kyc.sealed@example.com';
    await sendKycData(t.app, partner, {
      userEmail: email,
      ...standardProfile,
      birthdate: dob,
      taxId: { number: taxId, country: 'PT' },
    });
    const started = await startKyc(t.app, partner, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    const flow = await openFlow(t.app, started.json().kycUrl);
    await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
    const submitted = await postStep(t.app, `${flow}/document`, documentFields({ documentNumber }), photo);
    expect(submitted.statusCode, submitted.body).toBe(303);
    await t.ctx.jobs.runDue();
  });

  it('shows them where an answer must: the partner reads its withdrawal, its list and its events in full', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/withdrawals/${withdrawalId}`,
      headers: partner.headers,
    });
    expect(read.json().destinationTransferData.iban).toBe(iban);
    const list = await t.app.inject({ method: 'GET', url: '/v1/withdrawals', headers: partner.headers });
    expect(list.body).toContain(iban);
    expect(list.body).not.toContain('$sealed:');
    const events = await t.app.inject({
      method: 'GET',
      url: `/v1/events?entityId=${withdrawalId}`,
      headers: partner.headers,
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.body).toContain(iban);
    expect(events.body).not.toContain('$sealed:');
  });

  it('stores none of them readable outside the columns listed as not yet sealed, and logs none', async () => {
    // Nothing in the clear, in any column (the inventory lists none as not yet sealed), nor in any log line.
    expect(await plaintextHits()).toEqual([]);
    const logged = linesHolding(logLines, [...Object.values(markers), dob]);
    expect(logged).toEqual([]);
  });

  it('re-encryption seals a document stored in the clear before this rule, and leaves answers unchanged', async () => {
    const [row] = await t.ctx.db.query<{ id: string }>(`select id::text as id from withdrawals where id = $1`, [
      withdrawalId,
    ]);
    // As a row written by the version before: the IBAN in the clear.
    await t.ctx.db.query(
      `update withdrawals set destination = jsonb_set(destination, '{iban}', to_jsonb($2::text)) where id = $1`,
      [row?.id, iban],
    );
    expect(
      (await sealedValueCounts(t.ctx.db)).some(
        (c) => c.column === 'withdrawals.destination' && c.keyId === 'plaintext',
      ),
    ).toBe(true);
    await reencryptStoredSecrets(t.ctx.db, testSecretsKeyring, { batchSize: 10, pauseMs: 0 });
    expect((await plaintextHits()).filter((h) => h.column === 'withdrawals.destination')).toEqual([]);
    expect(
      (await sealedValueCounts(t.ctx.db)).filter(
        (c) => c.keyId === 'plaintext' && sensitiveColumns[c.column]?.atRest === 'sealed-fields',
      ),
    ).toEqual([]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/withdrawals/${withdrawalId}`,
      headers: partner.headers,
    });
    expect(read.json().destinationTransferData.iban).toBe(iban);
  });
});
