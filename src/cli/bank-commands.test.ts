// The operator CLI's bank-file commands against a production server connected to banks by files.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt054 } from '../../test/support/bank-file-builders.js';
import { bankProviders, eurAccount } from '../../test/support/bank-providers.js';
import { aPartner, type Partner, verifyCustomer } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
let cli: (argv: string[]) => Promise<CliRun>;
const dir = mkdtempSync(join(tmpdir(), 'bank-cli-'));
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'cli-bank-payer@example.com', country: 'PT' };

beforeAll(async () => {
  prod = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: bankProviders });
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
  cli = await cliAgainst(prod.app);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: partner.headers, ...(payload ? { payload } : {}) });

describe('brokerage doctor', () => {
  it('says what is live and what is not offered', async () => {
    const run = await cli(['doctor']);
    expect(run.code, run.stderr).toBe(0);
    const report = run.json() as { environment: string; capabilities: { capability: string; live: boolean }[] };
    expect(report.environment).toBe('production');
    const live = report.capabilities.filter((c) => c.live).map((c) => c.capability);
    expect(live).toEqual(
      expect.arrayContaining(['collection EUR/SEPA', 'collection USD/ACH_US', 'payout EUR/SEPA', 'payout USD/ACH_US']),
    );
    expect(run.stderr).toMatch(/not offered on this server: .*prices/);
  });
});

describe('brokerage bank-files and payout-batches', () => {
  it('imports a statement, lists what matched nothing, cuts a batch and writes its file', async () => {
    const deposit = (await api('POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 60 })).json();
    const file = join(dir, 'notification.xml');
    writeFileSync(
      file,
      camt054({ iban: eurAccount, currency: 'EUR' }, [
        {
          bankReference: `CLI-${deposit.depositId}`,
          direction: 'CRDT',
          amount: '60.00',
          rfReference: deposit.depositInfo.referenceCode,
        },
        { bankReference: `CLI-X-${deposit.depositId}`, direction: 'CRDT', amount: '5.00', remittance: 'no reference' },
      ]),
    );
    const imported = await cli(['bank-files', 'import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json()).toMatchObject({ format: 'camt.054', credited: 1, unmatched: 1 });
    await prod.ctx.jobs.runDue();

    const queue = await cli(['bank-entries', 'list', '--status', 'unmatched', '--currency', 'EUR']);
    const entry = (queue.json() as { entryId: string; bankReference: string }[]).find(
      (e) => e.bankReference === `CLI-X-${deposit.depositId}`,
    );
    expect(entry).toBeDefined();
    const returned = await cli(['bank-entries', 'return', entry?.entryId ?? '', '--note', 'payer asked']);
    expect(returned.json()).toMatchObject({ status: 'to_return', note: 'payer asked' });

    const withdrawal = await api('POST', '/v1/withdrawals', {
      currency: 'EUR',
      amount: 20,
      destinationTransferData: {
        type: 'SEPA',
        destinationName: 'Ana Silva',
        iban: 'FR1420041010050500013M02606',
        country: 'FR',
        city: 'Paris',
        postalCode: '75001',
      },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    await prod.ctx.jobs.runDue();
    const batch = await cli(['payout-batches', 'cut', 'sepa']);
    expect(batch.code, batch.stderr).toBe(0);
    const batchId = (batch.json() as { batchId: string }).batchId;
    const written = await cli(['payout-batches', 'file', batchId]);
    expect(written.stdout).toMatch(/^<\?xml/);
    expect(written.stdout).toContain(batchId);
    expect((await cli(['payout-batches', 'cut', 'SEPA'])).code).not.toBe(0);
    expect((await cli(['reconciliation', 'eur'])).json()).toMatchObject({ currency: 'EUR' });
  });

  it.each([
    [['bank-entries', 'assign', 'x'], 'exactly one of --deposit'],
    [['bank-entries', 'assign', 'x', '--deposit', 'a', '--order', 'b'], 'exactly one of --deposit'],
    [['bank-files', 'import', '/no/such/file.xml'], 'cannot read the file'],
  ])('%j is a usage error', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
