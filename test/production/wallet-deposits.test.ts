// Crypto deposits to the brokerage's own wallet (issue #18, part 6): production derives each deposit's address from
// the configured extended public key, one new index per deposit and never an address twice, and credits it only
// when the provider service reports a transfer to that address.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSignature } from '../../src/providers/provider-service/signature.js';
import { deriveDepositAddress } from '../../src/providers/wallets/derive.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';

// BIP84's published test vector: the account zpub of the "abandon … about" mnemonic.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const secret = 'wallet-test-provider-secret-0123456789';

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'wallet-payer@example.com', country: 'PT' };

beforeAll(async () => {
  prod = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: {
      wallets: [{ network: 'BTC', xpub: zpub }],
      // The chain watcher: it reports arrivals; nothing here calls it.
      providerService: { url: 'http://127.0.0.1:9', secret, collects: [], pays: [], timeoutMs: 500, maxAttempts: 1 },
      verification: { provider: 'manual-review' },
    },
  });
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

const deposit = async () => {
  const response = await prod.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: partner.headers,
    payload: { userData: payer, currency: 'BTC', rail: 'BTC', amount: 0.01 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const indexOf = async (depositId: string) => {
  const rows = await (await testDb()).query<{ derivation_index: number }>(
    'select derivation_index from wallet_addresses where deposit_id = $1',
    [depositId],
  );
  return Number(rows[0]?.derivation_index);
};

function reportArrival(body: object) {
  const text = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  return prod.app.inject({
    method: 'POST',
    url: '/provider/v1/inbound-credits',
    headers: {
      'content-type': 'application/json',
      'provider-timestamp': timestamp,
      'provider-signature': providerSignature(secret, timestamp, text),
    },
    payload: text,
  });
}

describe('crypto deposits to the brokerage wallet', () => {
  it('gives each deposit its own address derived from the xpub, never one twice', async () => {
    const first = await deposit();
    const second = await deposit();
    expect(first.depositInfo).toMatchObject({ depositType: 'CRYPTO', network: 'BTC' });
    expect(first.depositInfo.address).toMatch(/^bc1q/);
    expect(first.depositInfo.address).not.toBe(second.depositInfo.address);
    expect(first.depositInfo.address).toBe(deriveDepositAddress('BTC', zpub, await indexOf(first.depositId)));
    expect(await indexOf(second.depositId)).toBeGreaterThan(await indexOf(first.depositId));
  });

  it('credits a deposit only when the provider service reports a transfer to its address', async () => {
    const created = await deposit();
    const read = async () =>
      (
        await prod.app.inject({ method: 'GET', url: `/v1/deposits/${created.depositId}`, headers: partner.headers })
      ).json();
    await prod.ctx.jobs.runDue();
    expect((await read()).status).toBe('Pending');
    const arrived = await reportArrival({
      callbackId: `btc-${created.depositId}`,
      network: 'BTC',
      address: created.depositInfo.address,
      currency: 'BTC',
      amount: '0.01',
    });
    expect(arrived.statusCode, arrived.body).toBe(200);
    await prod.ctx.jobs.runDue();
    expect((await read()).status).toBe('Received');
    const doctor = await prod.app.inject({ method: 'GET', url: '/admin/v1/capabilities', headers: adminHeaders });
    expect(doctor.json().capabilities).toContainEqual(
      expect.objectContaining({ capability: 'collection BTC/BTC', live: true }),
    );
  });
});
