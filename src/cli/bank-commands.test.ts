// The operator CLI's bank-file commands against a production server connected to banks by files.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt054 } from '../../test/support/bank-file-builders.js';
import { bankProviders, eurAccount } from '../../test/support/bank-providers.js';
import { aPartner, type Partner, verifyCustomer } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { adminToken, buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';
import { limits } from '../limits.js';
import { bankFileLimitBytes } from './bank-commands.js';
import { runCli } from './brokerage.js';

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

    const { fileId } = imported.json() as { fileId: string };
    const queue = await cli(['bank-entries', 'list', '--status', 'unmatched', '--currency', 'EUR', '--file', fileId]);
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

/**
 * A stand-in for a proxy in front of the server (nginx with a small client_max_body_size): it reads a request's head
 * and then answers or hangs up as `answer` says, never reading the body. Counts the connections it was offered.
 */
async function proxyThat(answer: (socket: Socket) => void): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    let head = '';
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) answer(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxies.push(server);
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    connections: () => connections,
  };
}
const proxies: Server[] = [];
afterAll(() => {
  for (const server of proxies) server.close();
});

async function cliAt(url: string, argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(['--url', url, '--admin-token', adminToken, ...argv], {
    env: {},
    stdout: () => {},
    stderr: (s) => {
      stderr += s;
    },
  });
  return { code, stderr };
}

const fileOf = (name: string, bytes: number) => {
  const path = join(dir, name);
  writeFileSync(path, Buffer.alloc(bytes, 'x'));
  return path;
};

// Issue #27: a file over the import limit used to read "server ... is not reachable (EPIPE)".
describe('brokerage bank-files import of a file too large', () => {
  it('refuses a file over the limit plainly, naming the limit, without sending it', async () => {
    const proxy = await proxyThat((socket) => socket.destroy());
    const path = fileOf('over-limit.xml', bankFileLimitBytes + 1);
    const run = await cliAt(proxy.url, ['bank-files', 'import', path]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path} is too large to import: it is ${bankFileLimitBytes + 1} bytes`);
    expect(run.stderr).toContain(`at most ${bankFileLimitBytes} bytes (32.0 MiB)`);
    expect(run.stderr).toContain('Nothing was sent');
    expect(run.stderr).not.toMatch(/not reachable|EPIPE|ECONNRESET/);
    expect(proxy.connections()).toBe(0);
  });

  it("knows the server's limit: the server takes a file of exactly that size and refuses one byte more", async () => {
    expect(bankFileLimitBytes).toBe(limits.bankFileBodyLimitBytes);
    const path = fileOf('at-limit.xml', bankFileLimitBytes);
    const run = await cli(['bank-files', 'import', path]);
    // Sent and read: refused for what it holds (not a bank file), not for its size.
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^brokerage: 400 ValidationError: .*neither ISO 20022/);
    const over = await prod.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/plain' },
      payload: 'x'.repeat(bankFileLimitBytes + 1),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      error: 'ValidationError',
      message: `The request body is too large: at most ${bankFileLimitBytes} bytes are accepted`,
    });
  });

  it('says so when a proxy with a smaller limit answers 413', async () => {
    const proxy = await proxyThat((socket) => {
      socket.end(
        'HTTP/1.1 413 Request Entity Too Large\r\ncontent-type: text/html\r\nconnection: close\r\ncontent-length: 9\r\n\r\n<h1>413</h1>',
      );
    });
    const path = fileOf('two-mib.xml', 2 * 1024 * 1024);
    const run = await cliAt(proxy.url, ['bank-files', 'import', path]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path} (2.0 MiB) was refused as too large: 413 Request Entity Too Large`);
    expect(run.stderr).toContain(`at most ${bankFileLimitBytes} bytes`);
    expect(run.stderr).toContain('client_max_body_size');
  });

  it('says so when the connection is closed while the file is being sent', async () => {
    const proxy = await proxyThat((socket) => socket.resetAndDestroy());
    const path = fileOf('cut-short.xml', 2 * 1024 * 1024);
    const run = await cliAt(proxy.url, ['bank-files', 'import', path]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path} (2.0 MiB) was refused as too large: the server at ${proxy.url} closed`);
    expect(run.stderr).toMatch(/\((EPIPE|ECONNRESET)\)/);
    expect(run.stderr).not.toContain('not reachable');
  });
});
